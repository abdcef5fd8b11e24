import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CandidateFilter } from '@ats/contracts';
import { candidatesProjection, REBUILT_EVENT_TYPE } from '@ats/projector';
import type { Doc } from '@ats/storage';
import { candidateConditions, createCandidateQueries } from '../src/read-models/candidates';
import { createQueryCounts, type QueryCounts } from '../src/read-models/query-counts';
import { onceAnswered, startMemoryHarness, type MemoryHarness } from './support/memory-harness';

/**
 * The candidates list's counts ('{n} candidates found') from the matching ids in memory, on a
 * real store (in-memory PGlite, the candidates read model's own definition: search column and
 * trigram index) and the in-process change bus: always the plain count of the store, after
 * adds, edits, erasures and merges, and never answered from memory while a notice is on its way.
 */
let harness: MemoryHarness;
let counts: QueryCounts;
type Queries = ReturnType<typeof createCandidateQueries>;
let plain: Queries;
let counted: Queries;

const FIRST = ['Ada', 'Grace', 'Zoë', 'Alan', 'Hedy'];
const LAST = ['Lovelace', 'Hopper', 'Turing', 'Lamarr'];
const CITIES = ['London', 'New York', 'Berlin', 'Zürich'];
const SKILLS = ['Leadership', 'M&A', 'P&L', 'Cloud', 'Finance'];
const STATUSES = ['active', 'placed', 'inactive'];

function candidate(id: number, variant = 0): Doc {
  const n = id + variant * 7;
  return {
    id,
    firstName: FIRST[n % FIRST.length]!,
    lastName: `${LAST[(n * 3) % LAST.length]!}${id}`,
    email: `cand${id}@example.com`,
    currentTitle: n % 2 ? 'Chief Financial Officer' : 'VP Engineering',
    currentCompany: `Company ${n % 11}`,
    location: CITIES[n % CITIES.length]!,
    skills: [SKILLS[n % SKILLS.length]!, SKILLS[(n + 2) % SKILLS.length]!],
    status: STATUSES[n % STATUSES.length]!,
    hasResume: n % 4 === 0,
    createdAt: new Date(Date.UTC(2024, 0, 1) + id * 60_000).toISOString(),
  };
}

// the list's filters the screens send: searches (one word, two words, accents, none matching), status, résumé, location, skills
const FILTERS: CandidateFilter[] = [
  {},
  { search: 'lovelace' },
  { search: 'ada lovelace' },
  { search: 'zoe' },
  { search: 'ZÜRICH' },
  { search: 'zzz-no-match' },
  { search: 'company 3' },
  { status: 'active' },
  { status: 'placed', search: 'hopper' },
  { hasResume: 'true' },
  { hasResume: 'false', location: 'berlin' },
  { skills: 'cloud,finance' },
  { search: 'p&l', status: 'active', hasResume: 'false' },
];

const candidates = () => harness.documents.collection<Doc>('candidates');
const batch = (change: () => Promise<unknown>, ids: number[], announce = true) => harness.batch(change, ids, { announce });

const memoryCount = (filter: CandidateFilter) => counts.count(candidateConditions(filter));

/**
 * every filter's count from memory and the list's count equal the plain count of the store;
 * `loaded`: memory answers at once (kept current by the notices, not loaded again)
 */
async function expectExact(loaded = false): Promise<void> {
  for (const filter of FILTERS) {
    const store = await plain.countCandidates(filter);
    const memory = loaded ? await memoryCount(filter) : await onceAnswered(() => memoryCount(filter));
    expect({ filter, memory }).toEqual({ filter, memory: store });
    expect({ filter, list: await counted.countCandidates(filter) }).toEqual({ filter, list: store });
  }
}

beforeAll(async () => {
  harness = await startMemoryHarness('candidates', async (documents) => {
    await documents.ensureCollection(candidatesProjection.collection);
    await documents.collection<Doc>('candidates').upsertMany!(Array.from({ length: 600 }, (_, i) => candidate(i + 1)));
  });
  counts = createQueryCounts(harness.documents, harness.tracker, { readModel: 'candidates', maxQueries: FILTERS.length });
  plain = createCandidateQueries(harness.documents);
  counted = createCandidateQueries(harness.documents, counts);
});
afterAll(async () => {
  await harness?.close();
});

describe("the candidates list's counts in memory", () => {
  it('counts what the store counts for every filter, the first time by the store while memory loads', async () => {
    expect(await memoryCount({ search: 'lovelace' })).toBeNull();
    await expectExact();
  });

  it('stays exact after adds, edits, erasures and merges, each announced by its ids', async () => {
    // adds (one of them far beyond the loaded ids), an edit that leaves a search and one that enters it
    await batch(() => candidates().upsertMany!([candidate(601), candidate(602, 1), candidate(40_000, 2)]), [601, 602, 40_000]);
    await batch(() => candidates().upsert({ ...candidate(5), lastName: 'Lovelace-Byron', firstName: 'Zoë' }), [5]);
    await batch(() => candidates().upsert({ ...candidate(8), lastName: 'Hopper8', status: 'placed', hasResume: true }), [8]);
    // an erasure takes the document out of the read model
    await batch(() => candidates().delete(12), [12]);
    // a merge: the absorbed record stays, marked, shown through its survivor only
    await batch(async () => {
      await candidates().patch(13, { merged: true });
      await candidates().patch(14, { mergedFrom: [13], skills: ['Cloud', 'Finance', 'M&A'] });
    }, [13, 14]);
    // an unmerge brings it back; an id announced without a change is read again and stays as it was
    await batch(() => candidates().patch(13, { merged: false }), [13, 15]);
    await expectExact(true);
  });

  it('follows a long run of random changes exactly', async () => {
    let seed = 42;
    const random = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) >>> 0) % n;
    for (let round = 0; round < 6; round++) {
      for (let i = 0; i < 8; i++) {
        const id = 1 + random(700);
        const kind = random(4);
        if (kind === 0) await batch(() => candidates().delete(id), [id]);
        else if (kind === 1) await batch(() => candidates().patch(id, { merged: random(2) === 0 }), [id]);
        else await batch(() => candidates().upsert(candidate(id, random(9))), [id]);
      }
      await expectExact(true);
    }
  });

  it('does not answer while a committed change is not announced yet, and loads again after a lost notice or a rebuild', async () => {
    await expectExact();
    await batch(() => candidates().upsert({ ...candidate(21), lastName: 'Lovelace21' }), [21], false);
    expect(await harness.tracker.waitFor(harness.position())).toBe(true);
    expect(await memoryCount({ search: 'lovelace' })).toBeNull();
    // the list's count is still exact: the store answers
    expect(await counted.countCandidates({ search: 'lovelace' })).toBe(await plain.countCandidates({ search: 'lovelace' }));
    // the next batch comes, the one before never will: memory loads again
    await batch(() => candidates().upsert(candidate(22, 3)), [22]);
    expect(await memoryCount({ search: 'lovelace' })).toBeNull();
    await expectExact();
    await batch(() => candidates().upsert({ ...candidate(23), lastName: 'Lovelace23' }), [], true);
    await batch(() => candidates().upsert(candidate(24, 1)), [24]);
    expect(harness.tracker.positionOf(['candidates'])).toBe(harness.position());
    await harness.batch(() => candidates().upsert(candidate(25, 2)), [25], { eventType: REBUILT_EVENT_TYPE });
    expect(await memoryCount({ search: 'lovelace' })).toBeNull();
    await expectExact();
  });

  it('follows at most `maxQueries` condition sets, the least recently asked leaving', async () => {
    const few = createQueryCounts(harness.documents, harness.tracker, { readModel: 'candidates', maxQueries: 2 });
    for (const search of ['ada', 'grace', 'alan']) await few.count({ search });
    expect(few.size).toBe(2);
  });
});
