/**
 * Drill: kill -9 the projector at 5 random points while it rebuilds the read models from the
 * event log: three times during the real projector process's catch-up from an empty read side
 * (services/projector/src/main.ts on a fresh PostgreSQL schema, change notices over Redis; over a
 * log this long that is the resumable fresh build, each restart resuming the last one's committed
 * progress), and twice during an explicit rebuild() into fresh collections. After a final restart
 * the read models are identical (checksum) to a clean rebuild and no activity appears twice.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allProjections,
  CHECKPOINT_COLLECTION,
  CHECKPOINT_ID,
  createProjector,
  REBUILD_PROGRESS_ID,
  type CheckpointDoc,
  type RebuildProgressDoc,
} from '@ats/projector';
import { createMemoryChangeBus, createTestSchema, openStorage, type Storage, type TestSchema } from '@ats/storage';
import { appendDataset, FEED_EVENT_TYPES, sizeFor } from './support/dataset';
import { checksum, DATABASE_URL, freePort, REDIS_URL, ROOT, spawnTsx, until, type Child } from './support/harness';

const reason = !DATABASE_URL ? 'DATABASE_URL is not set' : !REDIS_URL ? 'REDIS_URL is not set' : null;
if (reason) console.warn(`[skip] projector kill -9 drill (PostgreSQL + Redis, child processes): ${reason}`);

const EVENTS = 16_000;
const READ_MODELS = allProjections.map((p) => p.collection.name);

async function readModelChecksums(storage: Storage) {
  const sums: Record<string, string> = {};
  for (const name of READ_MODELS) sums[name] = checksum(await storage.documentStore.collection(name).find({}));
  return sums;
}

describe.skipIf(reason !== null)('projector kill -9 drill', () => {
  let schema: TestSchema;
  let storage: Storage;
  let head = 0;
  const children: Child[] = [];

  beforeAll(async () => {
    schema = await createTestSchema(DATABASE_URL!, 'drill_kill');
    storage = await openStorage({ kind: 'postgres', url: schema.url });
    head = (await appendDataset(storage.eventStore, sizeFor(EVENTS))).head;
  }, 60_000);

  afterAll(async () => {
    for (const c of children) await c.kill9();
    await storage?.close();
    await schema?.drop();
  });

  const env = async () => ({
    DATABASE_URL: schema.url,
    REDIS_URL: REDIS_URL!,
    CHANGES_CHANNEL: `ats:drill:${schema.schema}`,
    BATCH_SIZE: '100',
    LOG_LEVEL: 'warn',
    PORT: String(await freePort()),
  });
  const checkpoint = async () =>
    (await storage.documentStore.collection<CheckpointDoc>(CHECKPOINT_COLLECTION).get(CHECKPOINT_ID))?.position ?? 0;
  /** how far the catch-up got: the checkpoint, or while a fresh read side is built, the build's committed progress */
  const progress = async () =>
    Math.max(
      await checkpoint(),
      (await storage.documentStore.collection<RebuildProgressDoc>(CHECKPOINT_COLLECTION).get(REBUILD_PROGRESS_ID))?.position ?? 0,
    );

  it('after 5 kills at random points, a restart gives read models identical to a clean rebuild', { timeout: 120_000 }, async () => {
    const kills: string[] = [];
    // random kill points, increasing, within the log
    const targets = [Math.random(), Math.random(), Math.random()].map((f) => Math.floor(head * (0.1 + 0.8 * f))).sort((a, b) => a - b);

    // 1–3: the real projector process, catching up from an empty read side
    for (const target of targets) {
      const child = spawnTsx(join(ROOT, 'services', 'projector', 'src', 'main.ts'), await env());
      children.push(child);
      const at = await until(
        async () => {
          if (child.proc.exitCode !== null) throw new Error(`projector exited: ${child.output()}`);
          const cp = await progress();
          return cp >= target ? cp : false;
        },
        40_000,
        `catch-up progress ${target}`,
      );
      await child.kill9();
      kills.push(`catch-up killed at position ${at} (target ${target}, head ${head})`);
    }

    // 4–5: an explicit rebuild, killed at random points of its replay
    for (let i = 0; i < 2; i++) {
      const child = spawnTsx(join(ROOT, 'drills', 'support', 'projector-child.ts'), await env());
      children.push(child);
      const target = Math.floor(head * (0.1 + 0.7 * Math.random()));
      const at = await until(
        () => {
          if (child.proc.exitCode !== null) throw new Error(`rebuild child exited (${child.proc.exitCode}): ${child.output()}`);
          const last = [...child.output().matchAll(/progress replaying (\d+)/g)].pop();
          return last && Number(last[1]) >= target ? Number(last[1]) : false;
        },
        40_000,
        `rebuild progress ${target}`,
      );
      await child.kill9();
      kills.push(`rebuild killed at replay position ${at} (target ${target})`);
    }
    console.info(`[drill] ${kills.join('; ')}`);
    expect(kills).toHaveLength(5);

    // restart: the real projector catches up to the head and stays healthy
    const final = spawnTsx(join(ROOT, 'services', 'projector', 'src', 'main.ts'), await env());
    children.push(final);
    await until(async () => (await checkpoint()) >= head, 40_000, 'the restarted projector to reach the head');
    await final.stop();
    const afterCrashes = await readModelChecksums(storage);

    // no activity twice: exactly one feed line per feed event, one per position
    const feedEvents = (await storage.eventStore.readAll({ types: FEED_EVENT_TYPES })).length;
    const activities = await storage.documentStore.collection('activities').find({});
    expect(activities).toHaveLength(feedEvents);
    expect(new Set(activities.map((a) => a.position)).size).toBe(feedEvents);

    // a clean rebuild from the log produces the very same read models
    const projector = createProjector({
      eventStore: storage.eventStore,
      documentStore: storage.documentStore,
      changeBus: createMemoryChangeBus(),
      projections: allProjections,
      batchSize: 1000,
    });
    const rebuilt = await projector.rebuild();
    expect(rebuilt.deadLetters).toBe(0);
    expect(await readModelChecksums(storage)).toEqual(afterCrashes);
    expect(await storage.documentStore.collection('candidates').count()).toBe(sizeFor(EVENTS).candidates);
  });
});
