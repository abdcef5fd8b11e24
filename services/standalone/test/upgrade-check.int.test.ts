import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { silentLogger } from '@ats/http-kit';
import { CHECKPOINT_COLLECTION, CHECKPOINT_ID } from '@ats/projector';
import { openStorage } from '@ats/storage';
import { startStandalone } from '../src/server';
import { DATA_VERSION, INSTALLATION_COLLECTION, StartupStop, upgradeCheck } from '../src/ops/upgrade';
import { REPO_ROOT, candidateBody, signedIn } from './support/test-app';

/**
 * The start-up check on a real data dir: it says what this version will do to the data before
 * serving, `--dry-run` stops after saying it, and a version older than the data refuses to start.
 */
const dir = mkdtempSync(join(tmpdir(), 'ats-upgrade-'));
const pglite = join(dir, 'pglite');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function start(dryRun: boolean, lines: string[]) {
  return startStandalone({
    port: 0,
    host: '127.0.0.1',
    dataDir: pglite,
    sessionSecret: 'test-secret-test-secret-test-secret',
    webDir: join(REPO_ROOT, 'web', 'dist'),
    log: silentLogger,
    accessLog: false,
    beforeServing: async (storage) => {
      await upgradeCheck(storage, { dryRun, print: (line) => lines.push(line) });
    },
  });
}

async function withStore(fn: (storage: Awaited<ReturnType<typeof openStorage>>) => Promise<void>) {
  const storage = await openStorage({ kind: 'embedded', dataDir: pglite });
  try {
    await fn(storage);
  } finally {
    await storage.close();
  }
}

describe('the start-up upgrade check', () => {
  it('records the version that serves the data; a restart with nothing new has nothing to do', async () => {
    const first: string[] = [];
    const app = await start(false, first);
    const user = await signedIn(app, 'recruiter');
    expect((await user.post('/api/candidates', candidateBody())).status).toBe(201);
    await app.projector.waitFor(await app.eventStore.headPosition());
    await app.close();
    expect(first[0]).toContain('not recorded yet');

    const again: string[] = [];
    await (await start(false, again)).close();
    expect(again[0]).toMatch(new RegExp(`Data: \\d+ events; data version ${DATA_VERSION} → ${DATA_VERSION}`));
    expect(again).toContain('Read models: all current, none to rebuild.');
    expect(again).toContain('Migrations: none.');
  });

  it('--dry-run names the read models a new version rebuilds and the time, and changes nothing', async () => {
    // as if this version brought a new version of the candidates read model
    await withStore(async (storage) => {
      const checkpoints = storage.documentStore.collection<{ id: string; readModels?: string[] }>(CHECKPOINT_COLLECTION);
      const saved = await checkpoints.get(CHECKPOINT_ID);
      await checkpoints.patch(CHECKPOINT_ID, { readModels: saved!.readModels!.filter((key) => !key.startsWith('candidates@')) });
    });
    const lines: string[] = [];
    const stop = await start(true, lines).catch((error: unknown) => error);
    expect(stop).toBeInstanceOf(StartupStop);
    expect((stop as StartupStop).exitCode).toBe(0);
    expect(lines).toContain('Read models to rebuild: candidates.');
    expect(lines.some((line) => /^Estimated time: about \d+ s on this log/.test(line))).toBe(true);
    // nothing changed: the same plan again
    const again: string[] = [];
    await start(true, again).catch(() => {});
    expect(again).toContain('Read models to rebuild: candidates.');
  });

  it('refuses to start a version older than the data, saying why', async () => {
    await withStore(async (storage) => {
      const installation = storage.documentStore.collection<{ id: string; dataVersion: number; readModels: string[] }>(
        INSTALLATION_COLLECTION,
      );
      const saved = await installation.get('version');
      await installation.patch('version', {
        dataVersion: DATA_VERSION + 1,
        readModels: saved!.readModels.map((key) => (key.startsWith('jobs@') ? 'jobs@99' : key)),
      });
    });
    const lines: string[] = [];
    const stop = await start(false, lines).catch((error: unknown) => error);
    expect(stop).toBeInstanceOf(StartupStop);
    expect((stop as StartupStop).exitCode).toBe(1);
    expect(lines).toContain('This version is OLDER than the data and will not start:');
    expect(lines.join('\n')).toContain(`data version ${DATA_VERSION + 1}`);
    expect(lines.join('\n')).toContain('read model jobs is at version 99');
  });
});
