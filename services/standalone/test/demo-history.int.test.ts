import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FunnelSchema,
  JobHealthSchema,
  PlacementsReportSchema,
  SourceEffectivenessSchema,
  TimeInStageSchema,
  TimeToFillSchema,
  DashboardChangesSchema,
} from '@ats/contracts';
import { demoStoryStart, ensureAdmin, loadDemoData } from '@ats/command-api';
import type { Standalone } from '../src/server';
import { signedIn, startTestApp } from './support/test-app';

/**
 * The manager's Monday (JOURNEYS "A manager, Monday morning", step 2) on a fresh demo: Analytics
 * for last quarter, and the quarter before it, show figures computed from the demo's events.
 */
let app: Standalone;
let manager: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  app = await startTestApp();
  // as on a first start with the demo (main.ts): the admin's account dates from the demo story's start
  const { userId } = await ensureAdmin(
    app.commandApi.deps,
    { email: 'admin@history.example', password: 'history-password-1' },
    { registeredAt: demoStoryStart() },
  );
  await loadDemoData(app.commandApi.deps, { id: userId!, name: 'Alex Morgan', role: 'admin' });
  await app.projector.waitFor(await app.eventStore.headPosition(), 60_000);
  manager = await signedIn(app, 'manager', 'Mona');
}, 120_000);
afterAll(async () => {
  await app?.close();
});

/** the calendar quarter `back` quarters before the current one, as from/to days (UTC) */
function quarter(back: number): string {
  const now = new Date();
  const q = Math.floor(now.getUTCMonth() / 3) - back;
  const start = new Date(Date.UTC(now.getUTCFullYear(), q * 3, 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), q * 3 + 3, 0));
  return `from=${start.toISOString().slice(0, 10)}&to=${end.toISOString().slice(0, 10)}`;
}

describe('the demo agency has months of history', () => {
  it.each([1, 2])('Analytics for the quarter %i back: funnel, days in stage, time to fill, placements, sources', async (back) => {
    const range = quarter(back);
    const funnel = FunnelSchema.parse((await manager.get(`/api/analytics/funnel?${range}`)).json);
    expect(funnel.cohort).toBeGreaterThanOrEqual(10);
    // the cohort thins out stage by stage: pass-through rates below 100% and someone placed
    const reached = funnel.stages.map((s) => s.reached);
    expect(reached.at(-1)).toBeGreaterThan(0);
    expect(reached[0]).toBeGreaterThan(reached.at(-1)!);
    expect(funnel.stages.slice(1).every((s) => s.passThrough !== null)).toBe(true);

    const stay = TimeInStageSchema.parse((await manager.get(`/api/analytics/time-in-stage?${range}`)).json);
    for (const s of stay.stages) expect([s.stage, s.completed.count > 0, (s.completed.medianDays ?? 0) > 0]).toEqual([s.stage, true, true]);

    const fill = TimeToFillSchema.parse((await manager.get(`/api/analytics/time-to-fill?${range}`)).json);
    expect(fill.timeToFill.count).toBeGreaterThanOrEqual(3);
    expect(fill.byClient.filter((c) => c.fills > 0).length).toBeGreaterThanOrEqual(2);

    const placements = PlacementsReportSchema.parse((await manager.get(`/api/analytics/placements?${range}`)).json);
    expect(placements.totals.placements).toBeGreaterThanOrEqual(3);
    expect(placements.totals.fees).toBeGreaterThan(0);
    // several recruiters placed, in more than one month of the quarter
    expect(placements.byRecruiter.length).toBeGreaterThanOrEqual(2);
    expect(placements.months.filter((m) => m.placements > 0).length).toBeGreaterThanOrEqual(2);

    const sources = SourceEffectivenessSchema.parse((await manager.get(`/api/analytics/sources?${range}`)).json);
    expect(sources.rows.filter((r) => r.placed > 0).length).toBeGreaterThanOrEqual(2);
  });

  it('filters to one client: only that client, fewer placements than all', async () => {
    const range = quarter(1);
    const all = PlacementsReportSchema.parse((await manager.get(`/api/analytics/placements?${range}`)).json);
    const client = all.byClient[0]!;
    const one = PlacementsReportSchema.parse((await manager.get(`/api/analytics/placements?${range}&client=${client.clientId}`)).json);
    expect(one.byClient.map((c) => c.clientName)).toEqual([client.clientName]);
    expect(one.totals.placements).toBe(client.placements);
    expect(one.totals.placements).toBeLessThan(all.totals.placements);
  });

  it('shows a stale search with few candidates, and the dashboard compares with last month', async () => {
    const health = JobHealthSchema.parse((await manager.get('/api/analytics/job-health')).json);
    const stale = health.rows.find((r) => r.title === 'VP of Investor Relations')!;
    expect(stale.flags).toEqual(expect.arrayContaining(['thin', 'idle']));
    expect(stale.daysSinceLastMove).toBeGreaterThanOrEqual(30);
    const changes = DashboardChangesSchema.parse((await manager.get('/api/analytics/dashboard-changes?tz=UTC')).json);
    expect(changes.revenueYTD.current).toBeGreaterThan(0);
    expect(changes.openPositions.previous).toBeGreaterThan(0);
    // the team's latest moves are days old, not weeks: the feed he opens shows last week's work
    const moves = (await app.eventStore.readAll({ limit: 5000 })).filter((e) => e.type === 'ApplicationStageChanged');
    const latest = Math.max(...moves.map((e) => Date.parse(e.metadata.occurredAt)));
    expect(Date.now() - latest).toBeLessThan(4 * 86_400_000);
  });

  it('its log is in order of time: by position, no event happened before the one appended ahead of it', async () => {
    const events = await app.eventStore.readAll({ limit: 10_000 });
    expect(events.length).toBeGreaterThan(900);
    const backwards = events.flatMap((e, i) => {
      const previous = events[i - 1];
      return previous && Date.parse(e.metadata.occurredAt) < Date.parse(previous.metadata.occurredAt)
        ? [`#${e.position} ${e.type} ${e.metadata.occurredAt} after #${previous.position} ${previous.type} ${previous.metadata.occurredAt}`]
        : [];
    });
    expect(backwards).toEqual([]);
    // the story starts nine months back, the admin's account first, and reaches today
    expect(events.slice(0, 2).map((e) => e.type)).toEqual(['UserEmailReserved', 'UserRegistered']);
    expect(Date.now() - Date.parse(events[0]!.metadata.occurredAt)).toBeGreaterThan(270 * 86_400_000);
    expect(Date.now() - Date.parse(events.at(-1)!.metadata.occurredAt)).toBeLessThan(60_000);
  });
});
