import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStorage } from '@ats/storage';
import { restoreBackup } from '../src/ops';
import type { Standalone } from '../src/server';
import { Client, candidateBody, signedIn, startTestApp } from './support/test-app';

/**
 * JOURNEYS "An admin, the year after", step 4: the admin takes a backup from the Backups screen
 * while everyone works, and it restores (with `restoreBackup`, what `npm run restore` runs) into
 * a fresh data dir where the data and the accounts are back.
 */
const root = mkdtempSync(join(tmpdir(), 'ats-backups-screen-'));
const backupDir = join(root, 'backups');
let app: Standalone;
let admin: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  app = await startTestApp({ backupDir });
  admin = await signedIn(app, 'admin');
});
afterAll(async () => {
  await app?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('backups from the admin screen', () => {
  it('is for admins only: 401 without a session, 403 problem+json for a recruiter', async () => {
    const anonymous = await new Client(app.url).request('GET', '/api/admin/backups');
    expect(anonymous.status).toBe(401);
    const recruiter = await signedIn(app, 'recruiter');
    for (const [method, body] of [
      ['GET', undefined],
      ['POST', {}],
    ] as const) {
      const res = await recruiter.request(method, '/api/admin/backups', body);
      expect(res.status).toBe(403);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      expect(res.json.code).toBe('forbidden');
    }
    // the directory is the server's: a path from the browser is refused, never used
    const withDir = await admin.request('POST', '/api/admin/backups', { dir: '/tmp/elsewhere' });
    expect(withDir.status).toBe(400);
  });

  it('takes a backup while writes go on, refuses a second one at once (409), and it restores with the data', async () => {
    const names: string[] = [];
    for (let i = 0; i < 20; i++) {
      const body = candidateBody({ firstName: `Before${i}`, lastName: 'Backup' });
      const res = await admin.request('POST', '/api/candidates', body);
      expect(res.status).toBe(201);
      names.push(`${body.firstName} Backup`);
    }
    const headBefore = await app.eventStore.headPosition();

    // two clicks at once, and writes while it runs
    const writes = Array.from({ length: 5 }, (_, i) =>
      admin.request('POST', '/api/candidates', candidateBody({ firstName: `During${i}`, lastName: 'Backup' })),
    );
    const [first, second] = await Promise.all([
      admin.request('POST', '/api/admin/backups', {}),
      admin.request('POST', '/api/admin/backups', {}),
    ]);
    expect([first.status, second.status].sort()).toEqual([202, 409]);
    const started = first.status === 202 ? first : second;
    const refused = first.status === 202 ? second : first;
    expect(refused.headers.get('content-type')).toContain('application/problem+json');
    expect(refused.json).toMatchObject({ status: 409, code: 'backup_running' });
    expect(started.json).toMatchObject({ status: 'running' });
    const name = started.json.name as string;
    expect(name).toMatch(/^talentflow-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ$/);
    for (const res of await Promise.all(writes)) expect(res.status).toBe(201);

    let overview = (await admin.request('GET', '/api/admin/backups')).json;
    for (let i = 0; i < 200 && overview.run.status === 'running'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      overview = (await admin.request('GET', '/api/admin/backups')).json;
    }
    expect(overview.run).toMatchObject({ name, status: 'done', error: null });
    expect(overview.run.progress.at(-1)).toMatch(/^backup complete: \d+ events/);
    expect(overview.dir).toBe(backupDir);
    const entry = overview.backups.find((b: { name: string }) => b.name === name);
    expect(entry).toMatchObject({ status: 'complete', restoreCommand: `npm run restore -- ${join(backupDir, name)} --data-dir ./data` });
    expect(entry.bytes).toBeGreaterThan(10_000);
    expect(entry.events).toBeGreaterThanOrEqual(headBefore);

    // restored into an empty data dir: the log up to the backup's head, the accounts, the read models
    const dataDir = join(root, 'restored');
    const result = await restoreBackup({ from: join(backupDir, name), to: { kind: 'embedded', dataDir } });
    expect(result.events).toBe(entry.events);
    // the restored store: the log up to the backup's head, the admin's account, the candidates' read model rebuilt
    const storage = await openStorage({ kind: 'embedded', dataDir: join(dataDir, 'pglite') });
    try {
      expect(await storage.eventStore.headPosition()).toBe(entry.events);
      const accounts = await storage.documentStore.collection<{ id: string; email: string }>('accounts').find({});
      expect(accounts.map((a) => a.email)).toContain(admin.user.email);
      const list = await storage.documentStore.collection<{ id: number; firstName: string; lastName: string }>('candidates').find({});
      const there = new Set(list.map((c) => `${c.firstName} ${c.lastName}`));
      for (const n of names) expect(there).toContain(n);
    } finally {
      await storage.close();
    }
  }, 60_000);
});
