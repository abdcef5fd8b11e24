import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Doc, DocumentStore, Where } from '../src/document-store/port';
import type { ContractOptions } from './event-store.contract';

export interface DocumentStoreFixture {
  store: DocumentStore;
  cleanup?: () => Promise<void>;
}

interface Candidate extends Doc {
  id: number;
  name: string;
  email?: string;
  score?: number | null;
  status?: string;
  tags?: string[];
  client?: { companyName: string; tier?: number };
  notes?: string;
  active?: boolean;
}

const candidates: Candidate[] = [
  {
    id: 1,
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    score: 9,
    status: 'active',
    tags: ['math', 'lead'],
    client: { companyName: 'Analytical Engines', tier: 1 },
    notes: 'secret-ada',
    active: true,
  },
  {
    id: 2,
    name: 'Grace Hopper',
    email: 'grace@navy.mil',
    score: 10,
    status: 'active',
    tags: ['cobol'],
    client: { companyName: 'US Navy', tier: 2 },
    active: true,
  },
  {
    id: 3,
    name: 'Alan Turing',
    email: 'alan@bletchley.uk',
    score: 7,
    status: 'placed',
    tags: ['crypto', 'math'],
    client: { companyName: 'Bletchley Park', tier: 1 },
    active: false,
  },
  { id: 4, name: "Dara O'Brien", score: null, status: 'archived', tags: [], client: { companyName: '100% Comedy' } },
  { id: 5, name: 'Edsger Dijkstra', email: 'ewd@utexas.edu', status: 'active' },
];

let collectionCounter = 0;
const newCollection = (base = 'c') => `${base}${Date.now().toString(36)}_${++collectionCounter}`;

/** The document-store port contract; every adapter must pass it. */
export function describeDocumentStoreContract(
  name: string,
  factory: () => Promise<DocumentStoreFixture>,
  options: ContractOptions = {},
): void {
  describe.skipIf(Boolean(options.skipReason))(`DocumentStore contract: ${name}`, () => {
    let fixture: DocumentStoreFixture;
    let store: DocumentStore;

    beforeAll(async () => {
      fixture = await factory();
      store = fixture.store;
    });
    afterAll(async () => {
      await fixture?.store.close();
      await fixture?.cleanup?.();
    });

    /** a fresh collection holding the sample candidates */
    async function seeded(): Promise<string> {
      const collection = newCollection('cand');
      await store.ensureCollection({
        name: collection,
        searchFields: ['name', 'email', 'client.companyName'],
        indexes: ['status', 'client.companyName', 'score'],
      });
      for (const candidate of candidates) await store.collection<Candidate>(collection).upsert(candidate);
      return collection;
    }

    const ids = (docs: Doc[]) => docs.map((doc) => doc.id);

    it('gets documents by id, keeping numeric and string ids as given', async () => {
      const collection = await seeded();
      const c = store.collection<Candidate>(collection);
      expect(await c.get(2)).toEqual(candidates[1]);
      expect(await c.get(99)).toBeNull();

      const named = store.collection(collection);
      await named.upsert({ id: 'user-7', name: 'string id' });
      expect(await named.get('user-7')).toEqual({ id: 'user-7', name: 'string id' });
    });

    it('gets many documents in the requested order, skipping missing ids', async () => {
      const c = store.collection<Candidate>(await seeded());
      expect(ids(await c.getMany([3, 99, 1]))).toEqual([3, 1]);
      expect(await c.getMany([])).toEqual([]);
    });

    it('finds with equality, dotted paths, $in, $ne, $exists, $contains and null', async () => {
      const c = store.collection<Candidate>(await seeded());
      const find = async (where: Where) => ids(await c.find({ where, sort: [['id', 'asc']] }));

      expect(await find({ status: 'active' })).toEqual([1, 2, 5]);
      expect(await find({ status: 'active', active: true })).toEqual([1, 2]);
      expect(await find({ active: false })).toEqual([3]);
      expect(await find({ 'client.companyName': 'US Navy' })).toEqual([2]);
      expect(await find({ 'client.tier': 1 })).toEqual([1, 3]);
      expect(await find({ status: { $in: ['placed', 'archived'] } })).toEqual([3, 4]);
      expect(await find({ status: { $in: [] } })).toEqual([]);
      expect(await find({ status: { $ne: 'active' } })).toEqual([3, 4]);
      expect(await find({ email: { $exists: false } })).toEqual([4]);
      expect(await find({ email: { $exists: true } })).toEqual([1, 2, 3, 5]);
      expect(await find({ tags: { $contains: 'math' } })).toEqual([1, 3]);
      expect(await find({ score: null })).toEqual([4, 5]);
      expect(await find({ score: { $ne: null } })).toEqual([1, 2, 3]);
      expect(await find({ name: "Dara O'Brien" })).toEqual([4]);
      expect(await find({ id: 3 })).toEqual([3]);
    });

    it('compares numbers numerically and strings bytewise, never across types', async () => {
      const c = store.collection<Candidate>(await seeded());
      const find = async (where: Where) => ids(await c.find({ where, sort: [['id', 'asc']] }));
      expect(await find({ score: { $gt: 8 } })).toEqual([1, 2]); // 10 > 8 (not '10' < '8')
      expect(await find({ score: { $gte: 9, $lt: 10 } })).toEqual([1]);
      expect(await find({ score: { $lte: 7 } })).toEqual([3]);
      expect(await find({ name: { $gte: 'B', $lt: 'E' } })).toEqual([4]);
      expect(await find({ name: { $gt: 5 } })).toEqual([]);
    });

    // null and missing values sort together (first ascending, last descending); ties by id
    it('sorts, limits, offsets and counts', async () => {
      const c = store.collection<Candidate>(await seeded());
      expect(ids(await c.find({ sort: [['score', 'desc']] }))).toEqual([2, 1, 3, 4, 5]);
      expect(ids(await c.find({ sort: [['score', 'asc']] }))).toEqual([4, 5, 3, 1, 2]);
      expect(
        ids(
          await c.find({
            sort: [
              ['status', 'asc'],
              ['name', 'desc'],
            ],
          }),
        ),
      ).toEqual([2, 5, 1, 4, 3]);
      expect(
        ids(
          await c.find({
            sort: [
              ['client.tier', 'asc'],
              ['id', 'desc'],
            ],
            limit: 3,
          }),
        ),
      ).toEqual([5, 4, 3]);
      expect(ids(await c.find({ sort: [['id', 'asc']], limit: 2, offset: 2 }))).toEqual([3, 4]);
      expect(ids(await c.find({ sort: [['id', 'asc']], offset: 4 }))).toEqual([5]);
      expect(await c.count()).toBe(5);
      expect(await c.count({ where: { status: 'active' } })).toBe(3);
    });

    it('pages a whole collection by keyset (after the last id read): every document once, with conditions', async () => {
      const name = newCollection('keyset');
      await store.ensureCollection({ name, indexes: ['status'] });
      const c = store.collection<Candidate>(name);
      // numeric ids whose text order differs from their numeric order (10 before 9)
      const docs = Array.from({ length: 23 }, (_, i) => ({ id: i + 1, name: `n${i}`, status: i % 3 === 0 ? 'active' : 'passive' }));
      for (const doc of docs) await c.upsert(doc);
      const read = async (options: { where?: { status: string } }) => {
        const seen: Array<string | number> = [];
        for (let after: string | number | undefined; ;) {
          const page = await c.find({ ...options, limit: 5, ...(after === undefined ? {} : { after }) });
          seen.push(...page.map((d) => d.id));
          if (page.length < 5) return seen;
          after = page.at(-1)!.id;
        }
      };
      const all = await read({});
      expect(all).toHaveLength(23);
      expect(new Set(all).size).toBe(23);
      const active = await read({ where: { status: 'active' } });
      expect([...active].sort((a, b) => Number(a) - Number(b))).toEqual(docs.filter((d) => d.status === 'active').map((d) => d.id));
      // the page after the last document is empty; keyset paging with a sort is refused
      expect(await c.find({ after: all.at(-1)! })).toEqual([]);
      await expect(c.find({ after: 1, sort: [['name', 'asc']] })).rejects.toThrow(TypeError);
    });

    it('finds and counts among given ids only, with the other conditions', async () => {
      const c = store.collection<Candidate>(await seeded());
      const among = async (options: Parameters<typeof c.find>[0]) => ids(await c.find({ ...options, sort: [['id', 'asc']] }));
      expect(await among({ ids: [3, 1, 99] })).toEqual([1, 3]);
      expect(await among({ ids: ['2', 5] })).toEqual([2, 5]);
      expect(await among({ ids: [1, 2, 3, 5], where: { status: 'active' } })).toEqual([1, 2, 5]);
      expect(await among({ ids: [1, 2, 3], search: 'lovelace' })).toEqual([1]);
      expect(await among({ ids: [2, 3], search: 'lovelace' })).toEqual([]);
      expect(await among({ ids: [] })).toEqual([]);
      expect(await c.find({ ids: [1, 2, 5], fields: [], sort: [['id', 'asc']] })).toEqual([{ id: 1 }, { id: 2 }, { id: 5 }]);
      expect(await c.count({ ids: [1, 2, 3, 4], where: { status: 'active' } })).toBe(2);
      expect(await c.count({ ids: [1, 2, 3, 4], search: 'ALAN' })).toBe(1);
      expect(await c.count({ ids: [] })).toBe(0);
    });

    it('searches case-insensitively over declared fields only', async () => {
      const c = store.collection<Candidate>(await seeded());
      const search = async (text: string, where?: Where) => ids(await c.find({ search: text, where, sort: [['id', 'asc']] }));
      expect(await search('ADA')).toEqual([1]);
      expect(await search('navy')).toEqual([2]); // email and client.companyName
      expect(await search('bletchley PARK')).toEqual([3]);
      expect(await search('a', { status: 'active' })).toEqual([1, 2, 5]);
      expect(await search('secret')).toEqual([]); // notes is not a search field
      expect(await search('cobol')).toEqual([]); // neither are tags
      expect(await search('100%')).toEqual([4]); // LIKE wildcards are literal
      expect(await search('  grace   navy ')).toEqual([2]); // every word must match some field
      expect(await search('ada navy')).toEqual([]);
      expect(await search('%')).toEqual([4]);
      expect(await search('.*')).toEqual([]); // so are regex characters
      expect(await search("o'b")).toEqual([4]);
      expect(await search('  ')).toEqual([1, 2, 3, 4, 5]); // blank search = no search
      expect(await c.count({ search: 'e', where: { active: true } })).toBe(2);
    });

    it('finds with $nin (missing and null fields are not in the list unless null is)', async () => {
      const c = store.collection<Candidate>(await seeded());
      const find = async (where: Where) => ids(await c.find({ where, sort: [['id', 'asc']] }));
      expect(await find({ status: { $nin: ['active'] } })).toEqual([3, 4]);
      expect(await find({ score: { $nin: [9, 10] } })).toEqual([3, 4, 5]);
      expect(await find({ score: { $nin: [9, null] } })).toEqual([2, 3]);
      expect(await find({ id: { $nin: [] } })).toEqual([1, 2, 3, 4, 5]);
    });

    it('matches substrings per field with contains (all must occur; arrays by element)', async () => {
      const c = store.collection<Candidate>(await seeded());
      const find = async (contains: Record<string, string[]>, where?: Where) =>
        ids(await c.find({ contains, where, sort: [['id', 'asc']] }));
      expect(await find({ email: ['EXAMPLE'] })).toEqual([1]);
      expect(await find({ tags: ['mat'] })).toEqual([1, 3]);
      expect(await find({ tags: ['math', 'cry'] })).toEqual([3]);
      expect(await find({ tags: ['math'], name: ['ada'] })).toEqual([1]);
      expect(await find({ name: ['100%'] })).toEqual([]);
      expect(await find({ 'client.companyName': ['100%'] })).toEqual([4]);
      expect(await find({ name: [''] })).toEqual([1, 2, 3, 4, 5]);
      expect(await find({ tags: ['math'] }, { status: 'placed' })).toEqual([3]);
      expect(await c.count({ contains: { tags: ['math'] } })).toBe(2);
    });

    it('searches list fields (skills) by their text: punctuation is literal, never JSON syntax', async () => {
      const collection = newCollection('skills');
      await store.ensureCollection({ name: collection, searchFields: ['name', 'skills'] });
      const c = store.collection(collection);
      await c.upsert({ id: 1, name: 'Ada', skills: ['Go', 'C++'] });
      await c.upsert({ id: 2, name: 'Grace', skills: ['COBOL', 'say "hi"'] });
      await c.upsert({ id: 3, name: 'Alan', skills: [] });
      await c.upsert({ id: 4, name: 'Edsger' });
      const search = async (text: string) => ids(await c.find({ search: text, sort: [['id', 'asc']] }));
      for (const syntax of ['[', ']', '[]', '",', '","', '\\', 'null']) expect(await search(syntax), syntax).toEqual([]);
      expect(await search('c++')).toEqual([1]);
      expect(await search('cobol')).toEqual([2]);
      expect(await search('"hi"')).toEqual([2]);
      expect(await search('go')).toEqual([1]);
    });

    it('searches accent-insensitively both ways (fold.ts), with regex and LIKE syntax still literal', async () => {
      const collection = newCollection('accents');
      await store.ensureCollection({ name: collection, searchFields: ['name', 'skills'] });
      const c = store.collection(collection);
      await c.upsert({ id: 1, name: 'José Müller', skills: ['Ærø'] });
      await c.upsert({ id: 2, name: 'Jose Muller' });
      await c.upsert({ id: 3, name: 'ÉLODIE Łukasz' });
      await c.upsert({ id: 4, name: 'j.se' });
      const search = async (text: string) => ids(await c.find({ search: text, sort: [['id', 'asc']] }));
      expect(await search('jose muller')).toEqual([1, 2]);
      expect(await search('JOSÉ MÜLLER')).toEqual([1, 2]);
      expect(await search('élodie')).toEqual([3]);
      expect(await search('elodie lukasz')).toEqual([3]);
      expect(await search('ærø')).toEqual([1]);
      expect(await search('j.s')).toEqual([4]);
      expect(await search('[e]')).toEqual([]);
      // non-ASCII text with no folded letter (the check that skips translate) and with both kinds
      await c.upsert({ id: 5, name: 'Zoe · 50 € · Ǆ' });
      await c.upsert({ id: 6, name: 'René · 50 €' });
      expect(await search('zoe · 50 €')).toEqual([5]);
      expect(await search('50 €')).toEqual([5, 6]);
      expect(await search('rene ·')).toEqual([6]);
      expect(await search('RENÉ')).toEqual([6]);
    });

    it('counts documents per value of a field, with search and conditions', async () => {
      const c = store.collection<Candidate>(await seeded());
      expect(await c.countBy('status')).toEqual({ active: 3, placed: 1, archived: 1 });
      expect(await c.countBy('status', { where: { active: true } })).toEqual({ active: 2 });
      expect(await c.countBy('score', { search: 'a' })).toEqual({ '9': 1, '10': 1, '7': 1, null: 2 });
      expect(await c.countBy('client.tier')).toEqual({ '1': 2, '2': 1, null: 2 });
      expect(await store.collection(newCollection('none')).countBy('status')).toEqual({});
    });

    it('returns only the requested top-level fields (plus id), absent ones staying absent', async () => {
      const c = store.collection<Candidate>(await seeded());
      expect(await c.getMany([4, 1], { fields: ['name', 'email'] })).toEqual([
        { id: 4, name: "Dara O'Brien" },
        { id: 1, name: 'Ada Lovelace', email: 'ada@example.com' },
      ]);
      expect(await c.find({ where: { status: 'active' }, sort: [['id', 'asc']], fields: ['score'], limit: 2 })).toEqual([
        { id: 1, score: 9 },
        { id: 2, score: 10 },
      ]);
      expect(await c.find({ where: { id: 4 }, fields: ['score'] })).toEqual([{ id: 4, score: null }]);
      await expect(c.find({ fields: ['client.tier'] })).rejects.toThrow();
    });

    it('pages through a sorted list served by a sort index in the same order as without it', async () => {
      const collection = newCollection('paged');
      await store.ensureCollection({
        name: collection,
        searchFields: ['name'],
        sortIndexes: [
          {
            equal: ['group'],
            sort: [
              ['at', 'desc'],
              ['id', 'desc'],
            ],
          },
          {
            sort: [
              ['at', 'desc'],
              ['id', 'desc'],
            ],
          },
        ],
      });
      const c = store.collection(collection);
      const docs = Array.from({ length: 40 }, (_, i) => ({
        id: i + 1,
        name: `person ${i + 1}`,
        group: i % 3,
        at: i % 4 === 0 ? null : `2026-01-${String(1 + (i % 7)).padStart(2, '0')}`,
      }));
      for (const doc of docs) await c.upsert(doc);
      const sort: Array<[string, 'asc' | 'desc']> = [
        ['at', 'desc'],
        ['id', 'desc'],
      ];
      const expected = [...docs]
        .filter((d) => d.group === 1)
        .sort((a, b) => (a.at === b.at ? b.id - a.id : a.at === null ? 1 : b.at === null ? -1 : a.at < b.at ? 1 : -1))
        .map((d) => d.id);
      const pages: unknown[] = [];
      for (let offset = 0; offset < expected.length; offset += 5)
        pages.push(...ids(await c.find({ where: { group: 1 }, sort, limit: 5, offset })));
      expect(pages).toEqual(expected);
      expect(ids(await c.find({ search: 'PERSON 1', sort, limit: 3 }))).toEqual(
        ids(await c.find({ search: 'person 1', sort })).slice(0, 3),
      );
      expect(await c.count({ search: 'person 3' })).toBe(13); // word-wise: 3, 13, 23, 30–39
    });

    it('searches nothing in a collection without search fields', async () => {
      const collection = newCollection('plain');
      await store.ensureCollection({ name: collection });
      await store.collection(collection).upsert({ id: 1, name: 'Ada' });
      expect(await store.collection(collection).find({ search: 'ada' })).toEqual([]);
    });

    it('upserts whole documents and patches fields shallowly', async () => {
      const c = store.collection<Candidate>(await seeded());
      await c.upsert({ id: 1, name: 'Ada King' });
      expect(await c.get(1)).toEqual({ id: 1, name: 'Ada King' });

      const patched = await c.patch(2, { status: 'placed', client: { companyName: 'Remington Rand' } });
      expect(patched).toEqual({ ...candidates[1], status: 'placed', client: { companyName: 'Remington Rand' } });
      expect(await c.get(2)).toEqual(patched);
      expect(await c.patch(99, { status: 'x' })).toBeNull();
      expect(await c.get(99)).toBeNull();
    });

    it('upserts many documents at once when the adapter offers it (the last of one id wins)', async () => {
      const c = store.collection<Candidate>(await seeded());
      if (!c.upsertMany) return;
      await c.upsertMany([
        { id: 1, name: 'Ada King' },
        { id: 6, name: 'Barbara Liskov', tags: ['clu'] },
        { id: 6, name: 'Barbara Liskov', status: 'active' },
      ]);
      await c.upsertMany([]);
      expect(await c.get(1)).toEqual({ id: 1, name: 'Ada King' });
      expect(await c.get(6)).toEqual({ id: 6, name: 'Barbara Liskov', status: 'active' });
      expect(await c.count()).toBe(candidates.length + 1);
      expect(await c.find({ search: 'liskov' })).toHaveLength(1);
    });

    it('reads and writes several collections in one call when the adapter offers it', async () => {
      if (!store.getAcross || !store.writeAcross) return;
      const a = await seeded();
      const b = newCollection('across');
      await store.ensureCollection({ name: b, searchFields: ['name'] });
      await store.collection(b).upsert({ id: 'x', name: 'Old' });
      const never = newCollection('never');
      const read = await store.getAcross([
        { collection: a, ids: [2, 99, 1] },
        { collection: b, ids: ['x', 'y'] },
        { collection: never, ids: ['z'] },
      ]);
      expect(ids(read.get(a)!).sort()).toEqual([1, 2]);
      expect(read.get(b)).toEqual([{ id: 'x', name: 'Old' }]);
      expect(read.get(never) ?? []).toEqual([]);

      const created = newCollection('created');
      await store.writeAcross([
        {
          collection: a,
          upserts: [
            { id: 1, name: 'Ada King' },
            { id: 6, name: 'Barbara Liskov' },
            { id: 6, name: 'Barbara' },
          ],
          deletes: [2, 98],
        },
        { collection: b, upserts: [{ id: 'y', name: 'New' }], deletes: ['x'] },
        { collection: created, upserts: [{ id: 'c', n: 1 }], deletes: [] },
        { collection: b, upserts: [{ id: 'w', name: 'Wren' }], deletes: [] },
      ]);
      expect(await store.collection(a).get(1)).toEqual({ id: 1, name: 'Ada King' });
      expect(await store.collection(a).get(6)).toEqual({ id: 6, name: 'Barbara' });
      expect(await store.collection(a).get(2)).toBeNull();
      expect(await store.collection(a).count()).toBe(candidates.length);
      expect(ids(await store.collection(b).find({ sort: [['id', 'asc']] }))).toEqual(['w', 'y']);
      expect(await store.collection(b).find({ search: 'wren' })).toHaveLength(1);
      expect(await store.collection(created).get('c')).toEqual({ id: 'c', n: 1 });
      await store.writeAcross([]);
      // an id both upserted and deleted is refused, and nothing is written
      await expect(store.writeAcross([{ collection: b, upserts: [{ id: 'q', name: 'Q' }], deletes: ['q'] }])).rejects.toThrow();
      expect(await store.collection(b).get('q')).toBeNull();
    });

    it('writes across collections atomically: a failing part leaves every collection as it was', async () => {
      if (!store.writeAcross) return;
      const a = await seeded();
      // JSONB refuses a NUL character: the store fails the statement, with the other writes in it
      await expect(
        store.writeAcross([
          { collection: a, upserts: [{ id: 7, name: 'Seven' }], deletes: [1] },
          { collection: newCollection('nul'), upserts: [{ id: 'n', name: 'nul\u0000' }], deletes: [] },
        ]),
      ).rejects.toThrow();
      expect(await store.collection(a).get(7)).toBeNull();
      expect(await store.collection(a).get(1)).not.toBeNull();
    });

    it('deletes one document and many by condition', async () => {
      const c = store.collection<Candidate>(await seeded());
      expect(await c.delete(1)).toBe(true);
      expect(await c.delete(1)).toBe(false);
      expect(await c.deleteMany({ status: 'active' })).toBe(2);
      expect(ids(await c.find({ sort: [['id', 'asc']] }))).toEqual([3, 4]);
      expect(await c.deleteMany()).toBe(2);
      expect(await c.count()).toBe(0);
    });

    it('treats a collection that was never created as empty, and creates it on first write', async () => {
      const c = store.collection(newCollection('lazy'));
      expect(await c.get(1)).toBeNull();
      expect(await c.find({ where: { a: 1 }, search: 'x' })).toEqual([]);
      expect(await c.count()).toBe(0);
      expect(await c.delete(1)).toBe(false);
      expect(await c.deleteMany()).toBe(0);
      await c.upsert({ id: 1, a: 1 });
      expect(await c.find({ where: { a: 1 } })).toEqual([{ id: 1, a: 1 }]);
    });

    it('keeps ensureCollection idempotent and drops collections', async () => {
      const collection = await seeded();
      await store.ensureCollection({ name: collection, searchFields: ['name'], indexes: ['status'] });
      expect(await store.collection(collection).count()).toBe(5);
      await store.dropCollection(collection);
      expect(await store.collection(collection).get(1)).toBeNull();
      expect(await store.collection(collection).count()).toBe(0);
      await store.dropCollection(collection);
    });

    it('swaps a rebuilt collection into place', async () => {
      const target = await seeded();
      const source = newCollection('rebuild');
      await store.ensureCollection({ name: source, searchFields: ['notes'], indexes: ['status'] });
      await store.collection(source).upsert({ id: 10, name: 'Rebuilt', notes: 'Fresh Notes', status: 'active' });

      await store.swapCollection(source, target);
      expect(ids(await store.collection(target).find())).toEqual([10]);
      expect(ids(await store.collection(target).find({ search: 'fresh', where: { status: 'active' } }))).toEqual([10]);
      expect(await store.collection(source).count()).toBe(0);

      // the source name is free again, indexes included
      await store.ensureCollection({ name: source, searchFields: ['notes'], indexes: ['status'] });
      await store.collection(source).upsert({ id: 11, name: 'Next' });
      expect(await store.collection(source).count()).toBe(1);
      expect(await store.collection(target).count()).toBe(1);

      await expect(store.swapCollection(newCollection('missing'), target)).rejects.toThrow();
      expect(await store.collection(target).count()).toBe(1);
    });

    it('bulk-loads a collection, then gives it its definition (search, indexes) in one step', async () => {
      const name = newCollection('bulk');
      await store.ensureCollection({ name }, { bulk: true });
      const c = store.collection<Candidate>(name);
      const rows = candidates.map((candidate) => ({ ...candidate, id: candidate.id + 100 }));
      if (c.insertMany) await c.insertMany(rows);
      else for (const row of rows) await c.upsert(row);
      await c.upsert({ id: 101, name: 'Ada King', status: 'active' });
      await store.ensureCollection({ name, searchFields: ['name', 'email'], indexes: ['status'] });
      expect(await c.get(101)).toEqual({ id: 101, name: 'Ada King', status: 'active' });
      expect(ids(await c.find({ search: 'grace' }))).toEqual([102]);
      expect(ids(await c.find({ where: { status: 'active' }, sort: [['id', 'asc']] }))).toEqual([101, 102, 105]);
      // still a collection like any other afterwards
      await c.upsert({ id: 200, name: 'Barbara Liskov' });
      expect(await c.find({ search: 'liskov' })).toHaveLength(1);
      await store.dropCollection(name);
    });

    it('commits documents and their checkpoint together', async () => {
      const collection = newCollection('tx');
      const checkpoints = newCollection('checkpoints');
      await store.ensureCollection({ name: collection });
      await store.ensureCollection({ name: checkpoints });

      const result = await store.transaction(async (tx) => {
        await tx.collection(collection).upsert({ id: 1, v: 'one' });
        await tx.collection(collection).upsert({ id: 2, v: 'two' });
        expect(await tx.collection(collection).count()).toBe(2); // reads see the transaction's writes
        await tx.collection(checkpoints).upsert({ id: 'candidates', position: 42 });
        return 'done';
      });
      expect(result).toBe('done');
      expect(await store.collection(collection).count()).toBe(2);
      expect(await store.collection(checkpoints).get('candidates')).toEqual({ id: 'candidates', position: 42 });
    });

    it('commits nothing when the transaction throws', async () => {
      const collection = newCollection('tx');
      const checkpoints = newCollection('checkpoints');
      await store.ensureCollection({ name: collection });
      await store.ensureCollection({ name: checkpoints });
      await store.collection(checkpoints).upsert({ id: 'candidates', position: 1 });

      await expect(
        store.transaction(async (tx) => {
          await tx.collection(collection).upsert({ id: 1, v: 'one' });
          await tx.collection(collection).patch(1, { v: 'uno' });
          await tx.collection(checkpoints).upsert({ id: 'candidates', position: 2 });
          throw new Error('projection failed');
        }),
      ).rejects.toThrow('projection failed');
      expect(await store.collection(collection).get(1)).toBeNull();
      expect(await store.collection(checkpoints).get('candidates')).toEqual({ id: 'candidates', position: 1 });
    });

    it('rejects invalid names, field paths and operators instead of building queries from them', async () => {
      const c = store.collection<Candidate>(await seeded());
      expect(() => store.collection('drop table x; --')).toThrow();
      await expect(c.find({ where: { "name') OR true --": 'x' } })).rejects.toThrow();
      await expect(c.find({ sort: [['name; drop', 'asc']] })).rejects.toThrow();
      await expect(c.find({ where: { name: { $regex: '.*' } as never } })).rejects.toThrow();
      await expect(store.ensureCollection({ name: 'ok', searchFields: ['a b'] })).rejects.toThrow();
      expect(await c.count()).toBe(5);
    });
  });
}
