import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureAdmin, loadDemoData } from '@ats/command-api';
import { ConfigError, silentLogger } from '@ats/http-kit';
import { APPLICATION_STAGES } from '@ats/contracts';
import { startStandalone } from '../src/server';
import { REPO_ROOT } from './support/test-app';

const dir = mkdtempSync(join(tmpdir(), 'ats-restart-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const start = () =>
  startStandalone({
    port: 0,
    host: '127.0.0.1',
    dataDir: join(dir, 'pglite'),
    sessionSecret: 'restart-secret-restart-secret',
    webDir: join(REPO_ROOT, 'web', 'dist'),
    log: silentLogger,
  });

describe('first and second start on one data dir', () => {
  it('loads the demo agency by commands once, and a second start reuses it and loads nothing', async () => {
    const first = await start();
    const { userId } = await ensureAdmin(first.commandApi.deps, { email: 'admin@restart.example', password: 'restart-password' });
    const actor = { id: userId!, name: 'Alex Morgan', role: 'admin' };
    const report = await loadDemoData(first.commandApi.deps, actor);
    expect(report).toMatchObject({ loaded: true, clients: 6, jobs: 21, candidates: 64, recruiters: 3, placements: 12 });
    expect(report.contacts).toBeGreaterThanOrEqual(6);
    const head = await first.eventStore.headPosition();
    await first.projector.waitFor(head, 20_000);
    const apps = await first.queryApi.queries.listApplications({});
    expect(new Set(apps.map((a) => a.stage))).toEqual(new Set(APPLICATION_STAGES));
    // everything came from commands: the log holds the events the read models were built from
    const types = new Set((await first.eventStore.readAll({ limit: 5000 })).map((e) => e.type));
    for (const t of [
      'ClientCreated',
      'ClientContactAdded',
      'JobCreated',
      'CandidateRegistered',
      'ApplicationCreated',
      'ApplicationStageChanged',
      'NoteAdded',
    ])
      expect(types).toContain(t);
    // the demo interviews: today's (in the machine's day), this week's, past completed ones, one cancelled
    const interviews = (await first.queryApi.queries.listInterviews({})).items;
    expect(new Set(interviews.map((i) => i.status))).toEqual(new Set(['scheduled', 'completed', 'cancelled']));
    expect(interviews.filter((i) => i.status === 'completed').every((i) => i.feedback && i.rating)).toBe(true);
    expect((await first.queryApi.queries.todaysInterviews(Intl.DateTimeFormat().resolvedOptions().timeZone)).length).toBeGreaterThan(0);
    // the admin who signs in first opens a dashboard with their tasks due: the demo's are theirs
    const mine = await first.queryApi.queries.priorityTasks(userId!, 8);
    expect(mine).toHaveLength(8);
    expect(mine[0]).toMatchObject({ title: 'Chase references', status: 'pending', assignedTo: userId });
    expect(mine.every((t) => t.assignedTo === userId || (t.assignedTo === null && t.createdBy === userId))).toBe(true);
    expect(mine.filter((t) => t.assignedTo === userId).length).toBeGreaterThanOrEqual(6);
    await first.close();

    const second = await start();
    expect((await ensureAdmin(second.commandApi.deps, { email: 'admin@restart.example', password: 'restart-password' })).created).toBe(
      false,
    );
    expect((await loadDemoData(second.commandApi.deps, actor)).loaded).toBe(false);
    expect(await second.eventStore.headPosition()).toBe(head);
    expect(await second.queryApi.queries.listCandidates({ limit: 100 })).toHaveLength(64);
    // ids keep counting after a restart
    const { id } = await second.commandApi.deps.allocateId('candidate').then((n) => ({ id: n }));
    expect(id).toBe(65);
    await second.close();
  }, 120_000);

  it('refuses a weak first-admin password as a configuration error, and keeps an existing admin whatever its password', async () => {
    const app = await startStandalone({
      port: 0,
      host: '127.0.0.1',
      dataDir: undefined,
      sessionSecret: 'restart-secret-restart-secret',
      webDir: join(REPO_ROOT, 'web', 'dist'),
      log: silentLogger,
    });
    try {
      const weak = ensureAdmin(app.commandApi.deps, { email: 'admin@weak.example', password: 'password' });
      await expect(weak).rejects.toBeInstanceOf(ConfigError);
      await expect(weak).rejects.toThrow(/ATS_ADMIN_PASSWORD: /);
      expect(await app.commandApi.deps.accounts.findByEmail('admin@weak.example')).toBeNull();
      // the policy is for new passwords: an admin made before it still starts
      expect((await ensureAdmin(app.commandApi.deps, { email: 'admin@ok.example', password: 'a-long-enough-pass' })).created).toBe(true);
      expect((await ensureAdmin(app.commandApi.deps, { email: 'admin@ok.example', password: 'short' })).created).toBe(false);
    } finally {
      await app.close();
    }
  }, 60_000);
});
