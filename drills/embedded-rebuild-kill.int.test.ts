/**
 * Drill: kill -9 a process running the embedded store (PGlite) while it builds the read models
 * from the log (the resumable fresh build), at a random point after its first committed progress.
 * On PGlite the `__rebuild` tables are logged (its crash recovery was seen both to empty unlogged
 * tables and to keep some of their rows, so a resumed build could not trust them): the progress
 * and its marker survive together, and the build resumes. After the restart the read models are
 * identical (checksum) to a clean rebuild and no activity appears twice.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allProjections, CHECKPOINT_COLLECTION, createProjector, REBUILD_PROGRESS_ID, type RebuildProgressDoc } from '@ats/projector';
import { createMemoryChangeBus, openStorage, type Storage } from '@ats/storage';
import { appendDataset, FEED_EVENT_TYPES, sizeFor } from './support/dataset';
import { checksum, ROOT, spawnTsx, until, type Child } from './support/harness';

const EVENTS = 12_000;
const READ_MODELS = allProjections.map((p) => p.collection.name);

async function readModelChecksums(storage: Storage) {
  const sums: Record<string, string> = {};
  for (const name of READ_MODELS) sums[name] = checksum(await storage.documentStore.collection(name).find({}));
  return sums;
}

describe('embedded store: kill -9 during a fresh build', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ats-drill-embedded-kill-'));
  const dataDir = join(dir, 'pglite');
  let head = 0;
  const children: Child[] = [];

  beforeAll(async () => {
    const storage = await openStorage({ kind: 'embedded', dataDir });
    head = (await appendDataset(storage.eventStore, sizeFor(EVENTS))).head;
    await storage.close();
  }, 240_000);

  afterAll(async () => {
    for (const c of children) await c.kill9();
    rmSync(dir, { recursive: true, force: true });
  });

  it('after a kill at a random point, a restart gives read models identical to a clean rebuild', { timeout: 480_000 }, async () => {
    const child = spawnTsx(join(ROOT, 'drills', 'support', 'embedded-projector-child.ts'), { ATS_DATA_DIR: dataDir });
    children.push(child);
    // the first committed progress, then a random number of further batches
    const committed = await until(
      () => {
        if (child.proc.exitCode !== null) throw new Error(`projector child exited (${child.proc.exitCode}): ${child.output()}`);
        const last = [...child.output().matchAll(/rebuild progress committed \{"position":(\d+)/g)].pop();
        return last ? Number(last[1]) : false;
      },
      300_000,
      'the first committed progress',
    );
    // a random point within the next batches (the whole build of the rest takes seconds; a longer
    // wait on a quiet machine could find it finished, its progress removed)
    await new Promise((resolve) => setTimeout(resolve, Math.floor(Math.random() * 400)));
    await child.kill9();
    expect(committed).toBeLessThan(head);

    const storage = await openStorage({ kind: 'embedded', dataDir });
    try {
      // the progress itself is durable
      const saved = await storage.documentStore.collection<RebuildProgressDoc>(CHECKPOINT_COLLECTION).get(REBUILD_PROGRESS_ID);
      expect(saved?.position).toBeGreaterThanOrEqual(committed);
      // ...and so are the rows it describes, with the marker beside them: the build resumes from there
      const marker = await storage.documentStore.collection<RebuildProgressDoc>('rebuild_progress__rebuild').get(REBUILD_PROGRESS_ID);
      expect(marker?.position).toBe(saved?.position);
      const { rows } = await storage.sql!.query<{ relpersistence: string }>(
        `SELECT relpersistence FROM pg_class WHERE relname = 'doc_candidates__rebuild'`,
      );
      expect(rows).toEqual([{ relpersistence: 'p' }]);
      const projector = createProjector({
        eventStore: storage.eventStore,
        documentStore: storage.documentStore,
        changeBus: createMemoryChangeBus(),
        projections: allProjections,
        batchSize: 100,
        freshBuildFrom: 1,
      });
      await projector.start();
      expect(await projector.waitFor(head, 300_000)).toBe(true);
      await projector.stop();
      const afterCrash = await readModelChecksums(storage);

      const feedEvents = (await storage.eventStore.readAll({ types: FEED_EVENT_TYPES })).length;
      const activities = await storage.documentStore.collection('activities').find({});
      expect(activities).toHaveLength(feedEvents);
      expect(await storage.documentStore.collection('candidates').count()).toBe(sizeFor(EVENTS).candidates);

      const clean = createProjector({
        eventStore: storage.eventStore,
        documentStore: storage.documentStore,
        changeBus: createMemoryChangeBus(),
        projections: allProjections,
        batchSize: 1000,
      });
      expect((await clean.rebuild()).deadLetters).toBe(0);
      expect(await readModelChecksums(storage)).toEqual(afterCrash);
    } finally {
      await storage.close();
    }
  });
});
