import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { allProjections } from '@ats/projector';
import { createTestSchema, openStorage, type DocumentStore } from '@ats/storage';
import { restoreBackup, takeBackup } from '../src/ops';
import { candidateBody, signedIn, startTestApp } from './support/test-app';

/**
 * Embedded → PostgreSQL in one process (the drill does it through the CLI): a backup of a
 * serving app restores into a PostgreSQL schema with the same log and identical read models, and
 * a backup taken from PostgreSQL carries the same log again.
 */
const DATABASE_URL = process.env.DATABASE_URL;
if (!DATABASE_URL) console.warn('[skip] backup-postgres: DATABASE_URL is not set');
const dir = mkdtempSync(join(tmpdir(), 'ats-backup-pg-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function readModels(documents: DocumentStore) {
  const out: Record<string, unknown[]> = {};
  for (const p of allProjections) {
    const docs = await documents.collection(p.collection.name).find({});
    out[p.name] = docs.sort((a, b) => String(a.id).localeCompare(String(b.id)));
  }
  return out;
}

describe.runIf(DATABASE_URL)('embedded → PostgreSQL', () => {
  it('restores with the same log and identical read models, and backs up again from PostgreSQL', async () => {
    const app = await startTestApp({ blobDir: join(dir, 'blobs') });
    const schema = await createTestSchema(DATABASE_URL!, 'restore');
    try {
      const recruiter = await signedIn(app, 'recruiter');
      for (let i = 0; i < 5; i++) expect((await recruiter.post('/api/candidates', candidateBody())).status).toBe(201);
      await app.projector.waitFor(await app.eventStore.headPosition());
      await takeBackup({ sql: app.sql, dataDir: undefined, blobDir: join(dir, 'blobs'), target: join(dir, 'b1'), mode: 'online' });
      const original = await readModels(app.documents);
      const events = await app.eventStore.readAll({});

      const progress: string[] = [];
      await restoreBackup({
        from: join(dir, 'b1'),
        to: { kind: 'postgres', url: schema.url, filesDir: join(dir, 'files') },
        progress: (line) => progress.push(line),
      });
      expect(progress.some((line) => line.startsWith('read models: '))).toBe(true);
      const pg = await openStorage({ kind: 'postgres', url: schema.url });
      try {
        expect(await pg.eventStore.readAll({})).toEqual(events);
        expect(await readModels(pg.documentStore)).toEqual(original);
        await takeBackup({
          sql: pg.sql!,
          dataDir: undefined,
          blobDir: join(dir, 'files', 'blobs'),
          target: join(dir, 'b2'),
          mode: 'online',
        });
      } finally {
        await pg.close();
      }
      const a = JSON.parse(readFileSync(join(dir, 'b1', 'manifest.json'), 'utf8'));
      const b = JSON.parse(readFileSync(join(dir, 'b2', 'manifest.json'), 'utf8'));
      expect(b.source).toBe('postgres');
      expect(b.events).toEqual(a.events);
      expect(b.files['events.ndjson']).toEqual(a.files['events.ndjson']);
    } finally {
      await app.close();
      await schema.drop();
    }
  }, 120_000);
});
