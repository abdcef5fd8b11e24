import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestSchema, openStorage } from '../src/index';
import { newEvent, newStream } from './event-store.contract';
import { warnSkip } from './helpers';

const url = process.env.DATABASE_URL;
const pgSkip = warnSkip('openStorage: postgres', url ? undefined : 'DATABASE_URL is not set');

describe('openStorage', () => {
  it('embedded: keeps events and documents in the data dir across restarts', async () => {
    const root = await mkdtemp(join(tmpdir(), 'ats-storage-'));
    const dataDir = join(root, 'nested', 'data'); // parents are created too
    try {
      const stream = newStream();
      const first = await openStorage({ kind: 'embedded', dataDir });
      expect(first.sql?.dialect).toBe('pglite');
      const appended = await first.eventStore.append(stream, [newEvent('CandidateCreated', { name: 'Ada' })], {
        expectedRevision: 'no_stream',
      });
      await first.documentStore.ensureCollection({ name: 'candidates', searchFields: ['name'] });
      await first.documentStore.transaction(async (tx) => {
        await tx.collection('candidates').upsert({ id: 1, name: 'Ada' });
        await tx.collection('checkpoints').upsert({ id: 'candidates', position: appended.position });
      });
      await first.close();

      const second = await openStorage({ kind: 'embedded', dataDir });
      expect(await second.eventStore.headPosition()).toBe(appended.position);
      expect((await second.eventStore.readStream(stream)).map((e) => e.type)).toEqual(['CandidateCreated']);
      expect(await second.documentStore.collection('candidates').find({ search: 'ADA' })).toEqual([{ id: 1, name: 'Ada' }]);
      expect(await second.documentStore.collection('checkpoints').get('candidates')).toEqual({
        id: 'candidates',
        position: appended.position,
      });
      await second.close();
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it.skipIf(Boolean(pgSkip))('postgres: both stores share one client on an isolated schema', async () => {
    const schema = await createTestSchema(url!);
    try {
      const storage = await openStorage({ kind: 'postgres', url: schema.url });
      expect(storage.sql?.dialect).toBe('postgres');
      const result = await storage.eventStore.append(newStream(), [newEvent('A')], { expectedRevision: 'no_stream' });
      expect(result.position).toBe(1); // a fresh schema has a fresh sequence
      await storage.documentStore.collection('things').upsert({ id: 1 });
      const { rows } = await storage.sql!.query<{ table_name: string }>(
        `SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY table_name`,
        [schema.schema],
      );
      expect(rows.map((row) => row.table_name)).toEqual(['collections', 'doc_things', 'event_checkpoints', 'events', 'subject_keys']);
      await storage.close();
    } finally {
      await schema.drop();
    }
  });
});
