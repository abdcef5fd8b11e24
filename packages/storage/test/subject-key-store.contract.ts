import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SubjectErasedError, type SubjectKeyStore } from '../src/privacy/subject-key-store';

export interface SubjectKeyStoreFixture {
  /** a store on fresh storage; `again()` opens a second store (another process) on the same storage */
  store: SubjectKeyStore;
  again: () => Promise<SubjectKeyStore>;
  cleanup?: () => Promise<void>;
}

let n = 0;
const newId = () => `candidate-${Date.now()}${++n}`;

/** The key store port's contract: every adapter (SQL, MongoDB) must pass it. */
export function describeSubjectKeyStoreContract(
  name: string,
  factory: () => Promise<SubjectKeyStoreFixture>,
  options: { skipReason?: string | undefined } = {},
): void {
  describe.skipIf(Boolean(options.skipReason))(`SubjectKeyStore contract: ${name}`, () => {
    let fixture: SubjectKeyStoreFixture;
    let store: SubjectKeyStore;
    beforeAll(async () => {
      fixture = await factory();
      store = fixture.store;
      await store.migrate();
      // migrating twice is harmless
      await store.migrate();
    });
    afterAll(async () => {
      await fixture?.cleanup?.();
    });

    it('creates one 32-byte key per person on first use and returns the same key afterwards, in any process', async () => {
      const [a, b] = [newId(), newId()];
      const first = await store.ensure([a, b, a]);
      expect([...first.keys()].sort()).toEqual([a, b].sort());
      expect(first.get(a)).toHaveLength(32);
      expect(Buffer.from(first.get(a)!).equals(Buffer.from(first.get(b)!))).toBe(false);
      const other = await fixture.again();
      const loaded = await other.load([a, b]);
      expect(Buffer.from(loaded.get(a) as Uint8Array).equals(Buffer.from(first.get(a)!))).toBe(true);
      // another process's ensure keeps the existing key
      const again = await other.ensure([a]);
      expect(Buffer.from(again.get(a)!).equals(Buffer.from(first.get(a)!))).toBe(true);
    });

    it('keeps one key when two processes create it at once', async () => {
      const id = newId();
      const other = await fixture.again();
      const [x, y] = await Promise.all([store.ensure([id]), other.ensure([id])]);
      expect(Buffer.from(x.get(id)!).equals(Buffer.from(y.get(id)!))).toBe(true);
    });

    it('leaves an unknown key out of load (a lost key store is not erasure) and answers isErased null', async () => {
      const id = newId();
      expect((await store.load([id])).has(id)).toBe(false);
      expect(await store.isErased(id)).toBeNull();
    });

    it('erases once: the key reads "erased" everywhere, a second erase is false, and nothing can be sealed for the person again', async () => {
      const id = newId();
      await store.ensure([id]);
      expect(await store.isErased(id)).toBe(false);
      expect(await store.erase(id)).toBe(true);
      expect(await store.erase(id)).toBe(false);
      expect(await store.isErased(id)).toBe(true);
      expect((await store.load([id])).get(id)).toBe('erased');
      await expect(store.ensure([id])).rejects.toBeInstanceOf(SubjectErasedError);
      // another process that cached the key sees the erasure once it evicts it
      const other = await fixture.again();
      expect((await other.load([id])).get(id)).toBe('erased');
    });

    it('erasing a key it never had leaves a tombstone', async () => {
      const id = newId();
      expect(await store.erase(id)).toBe(true);
      expect(await store.isErased(id)).toBe(true);
      const other = await fixture.again();
      await expect(other.ensure([id])).rejects.toBeInstanceOf(SubjectErasedError);
    });

    it('one ensure of keys new and made by another process keeps the stored ones and creates the rest, tombstones refused', async () => {
      const [made, fresh, erased] = [newId(), newId(), newId()];
      const other = await fixture.again();
      const theirs = await other.ensure([made]);
      await other.erase(erased);
      const keys = await store.ensure([made, fresh, made]);
      expect([...keys.keys()].sort()).toEqual([made, fresh].sort());
      expect(Buffer.from(keys.get(made)!).equals(Buffer.from(theirs.get(made)!))).toBe(true);
      expect(keys.get(fresh)).toHaveLength(32);
      expect(Buffer.from((await other.load([fresh])).get(fresh) as Uint8Array).equals(Buffer.from(keys.get(fresh)!))).toBe(true);
      await expect(store.ensure([fresh, erased])).rejects.toBeInstanceOf(SubjectErasedError);
    });

    it('evict makes the next load ask the store (another process erased the key)', async () => {
      const id = newId();
      await store.ensure([id]);
      const other = await fixture.again();
      await other.erase(id);
      expect((await store.load([id])).get(id)).toBeInstanceOf(Uint8Array);
      store.evict(id);
      expect((await store.load([id])).get(id)).toBe('erased');
    });
  });
}
