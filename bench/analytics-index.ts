/**
 * The analytics figures' own cost at the issue's size, in process (`npx tsx bench/analytics-index.ts
 * [--applications N] [--reads N]`): the history of `analytics-history.ts` folded through the
 * analytics projections in memory (no store, so a 100,000-application history is ready in a
 * minute instead of the B10 bench's projection run), then each figure computed from the query
 * side's in-memory copies for different ranges, with the process CPU time of each read. Time to
 * fill and placements are also computed the way they were before (the placed rows whole, through
 * `figures.ts`) on the same copy and checked equal, so before and after run at the same load.
 * No HTTP and no concurrency: this is the work one read costs the event loop (B10 adds the rest).
 */
import {
  analyticsActivityProjection,
  analyticsApplicationsProjection,
  analyticsCandidatesProjection,
  expandAnalyticsApplication,
  type StoredAnalyticsApplicationDoc,
} from '@ats/projector';
import type { AnalyticsActivityDoc, AnalyticsCandidateDoc, AnalyticsJobDoc } from '@ats/projector';
import { eventLog, project } from '@ats/projector/testing';
import { createAnalyticsMoreQueries } from '../services/query-api/src/read-models/analytics-more';
import { ApplicationsIndex } from '../services/query-api/src/read-models/analytics/applications-index';
import * as figures from '../services/query-api/src/read-models/analytics/figures';
import { ActivityCopy, SourceApplicationsCopy, SourceCandidatesCopy } from '../services/query-api/src/read-models/analytics/more-index';
import { windowOf } from '../services/query-api/src/read-models/analytics/queries';
import { applicationHistory } from './analytics-history';

const arg = (name: string, fallback: number) =>
  process.argv.includes(name) ? Number(process.argv[process.argv.indexOf(name) + 1]) : fallback;
const APPLICATIONS = arg('--applications', 100_000);
const READS = arg('--reads', 30);
const DAY = 86_400_000;
const log = (msg: string) => process.stdout.write(`[bench:analytics-index] ${msg}\n`);
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const pct = (s: number[], p: number) => [...s].sort((a, b) => a - b)[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
const r1 = (n: number) => Math.round(n * 10) / 10;

const at = eventLog();
const start = Date.now() - 730 * DAY;
const t0 = cpuMs();
const events = [];
for (let id = 1; id <= APPLICATIONS; id++) {
  for (const [event, time] of applicationHistory(id, start)) {
    const who = event.type === 'ApplicationStageChanged' ? event.data.changedBy : { id: `u-${id % 7}`, name: `Recruiter ${id % 7}` };
    events.push(at(event, { occurredAt: new Date(time).toISOString(), actor: who }));
  }
}
const { docs } = project([analyticsApplicationsProjection, analyticsCandidatesProjection, analyticsActivityProjection], events);
const apps = (docs('analytics_applications') as StoredAnalyticsApplicationDoc[]).map(expandAnalyticsApplication);
const index = new ApplicationsIndex();
for (const a of apps) index.put(a);
const sources = { candidates: new SourceCandidatesCopy(), applications: new SourceApplicationsCopy() };
for (const d of docs('analytics_candidates') as AnalyticsCandidateDoc[]) sources.candidates.put(d);
for (const a of apps) sources.applications.put(a);
const activity = new ActivityCopy();
for (const d of docs('analytics_activity') as AnalyticsActivityDoc[]) activity.put(d);
const moves = events.filter((e) => e.type === 'ApplicationStageChanged').length;
log(
  `${APPLICATIONS} applications, ${moves} moves, ${index.placedBefore(new Date().toISOString(), null).length} ever placed; folded in ${r1((cpuMs() - t0) / 1000)} s CPU`,
);

const jobs = new Map<number, AnalyticsJobDoc>();
for (let j = 1; j <= 200; j++) {
  jobs.set(j, {
    id: j,
    title: `Job ${j}`,
    clientId: 1 + (j % 40),
    owner: { id: `u-${j % 7}`, name: `Recruiter ${j % 7}` },
    openedAt: new Date(start - 30 * DAY).toISOString(),
    statuses: [{ status: 'open', at: new Date(start - 30 * DAY).toISOString() }],
    deletedAt: null,
  });
}
const names = { clientName: (id: number | null) => (id === null ? 'No client' : `Client ${id}`) };
const more = createAnalyticsMoreQueries(
  null as never,
  {
    sources: { current: async () => sources },
    activity: { current: async () => activity },
  } as never,
);
const today = new Date().toISOString().slice(0, 10);
const query = (i: number) => ({ from: new Date(Date.now() - (365 + (i % 300)) * DAY).toISOString().slice(0, 10), to: today });
const now = new Date();

const rows: Record<string, unknown> = { applications: APPLICATIONS, moves };
async function measure(name: string, read: (i: number) => unknown) {
  await read(999); // warm
  const samples: number[] = [];
  for (let i = 0; i < READS; i++) {
    const c = cpuMs();
    await read(i);
    samples.push(cpuMs() - c);
  }
  const row = { p50: r1(pct(samples, 50)), p95: r1(pct(samples, 95)), max: r1(Math.max(...samples)) };
  rows[name] = row;
  log(`${name}: CPU per read p50 ${row.p50} ms, p95 ${row.p95} ms, max ${row.max} ms`);
}

let mismatches = 0;
for (let i = 0; i < READS; i++) {
  const w = windowOf(query(i), now);
  const placed = index.placedBefore(w.end, null);
  if (JSON.stringify(index.timeToFill(w, jobs, null, names)) !== JSON.stringify(figures.timeToFill(placed, jobs, w, names))) mismatches++;
  if (JSON.stringify(index.placements(w, jobs, null, names)) !== JSON.stringify(figures.placements(placed, jobs, w, names))) mismatches++;
  // the month buckets against a pass over every row (itself checked against figures.ts in the unit tests)
  if (JSON.stringify(index.funnel(w, null)) !== JSON.stringify(index.funnelByScan(w, null))) mismatches++;
  if (JSON.stringify(index.timeInStage(w, null)) !== JSON.stringify(index.timeInStageByScan(w, null))) mismatches++;
}
log(`numeric copy vs row path, month buckets vs a pass over every row, over ${READS} ranges: ${mismatches} mismatches`);
rows.mismatches = mismatches;

await measure('funnel, before (a pass over every row)', (i) => index.funnelByScan(windowOf(query(i), now), null));
await measure('funnel, after (month cohorts)', (i) => index.funnel(windowOf(query(i), now), null));
await measure('time in stage, before (a pass over every row)', (i) => index.timeInStageByScan(windowOf(query(i), now), null));
await measure('time in stage, after (month buckets)', (i) => index.timeInStage(windowOf(query(i), now), null));
await measure('time to fill, before (rows whole)', (i) => {
  const w = windowOf(query(i), now);
  return figures.timeToFill(index.placedBefore(w.end, null), jobs, w, names);
});
await measure('time to fill, walk of every placed row (round six)', (i) =>
  index.timeToFillByWalk(windowOf(query(i), now), jobs, null, names),
);
await measure('time to fill, after (standing placements by placed time)', (i) =>
  index.timeToFill(windowOf(query(i), now), jobs, null, names),
);
await measure('placements, before (rows whole)', (i) => {
  const w = windowOf(query(i), now);
  return figures.placements(index.placedBefore(w.end, null), jobs, w, names);
});
await measure('placements, walk of every placed row (round six)', (i) =>
  index.placementsByWalk(windowOf(query(i), now), jobs, null, names),
);
await measure('placements, after (standing placements by placed time)', (i) =>
  index.placements(windowOf(query(i), now), jobs, null, names),
);
// a placed row changed (a live update): the next read rebuilds the standing placements by placed time first
const placedDocs = apps.filter((a) => a.firstPlacedAt !== null);
await measure('placements, first read after a placed row changed', (i) => {
  index.put(placedDocs[i % placedDocs.length]!);
  return index.placements(windowOf(query(i), now), jobs, null, names);
});
await measure('sources (copy)', (i) => more.sourceEffectiveness(query(i)));
await measure('recruiter activity (copy)', (i) => more.recruiterActivity(query(i)));
// ranges that end in the past (90 days, a year ago and more): rows changed after their end are restated one by one
const past = (i: number) => {
  const from = Date.now() - (365 + (i % 300)) * DAY;
  return windowOf({ from: new Date(from).toISOString().slice(0, 10), to: new Date(from + 90 * DAY).toISOString().slice(0, 10) }, now);
};
let pastMismatches = 0;
for (let i = 0; i < READS; i++) {
  if (JSON.stringify(index.funnel(past(i), null)) !== JSON.stringify(index.funnelByScan(past(i), null))) pastMismatches++;
  if (JSON.stringify(index.timeInStage(past(i), null)) !== JSON.stringify(index.timeInStageByScan(past(i), null))) pastMismatches++;
  // the standing placements by placed time against the walk of every placed row (itself checked against figures.ts above)
  if (JSON.stringify(index.timeToFill(past(i), jobs, null, names)) !== JSON.stringify(index.timeToFillByWalk(past(i), jobs, null, names)))
    pastMismatches++;
  if (JSON.stringify(index.placements(past(i), jobs, null, names)) !== JSON.stringify(index.placementsByWalk(past(i), jobs, null, names)))
    pastMismatches++;
}
log(
  `past ranges: month buckets vs a pass over every row, standing placements vs the walk, over ${READS} ranges: ${pastMismatches} mismatches`,
);
rows.pastMismatches = pastMismatches;
await measure('past ranges: funnel, before', (i) => index.funnelByScan(past(i), null));
await measure('past ranges: funnel, after', (i) => index.funnel(past(i), null));
await measure('past ranges: time in stage, before', (i) => index.timeInStageByScan(past(i), null));
await measure('past ranges: time in stage, after', (i) => index.timeInStage(past(i), null));
await measure('past ranges: time to fill, walk', (i) => index.timeToFillByWalk(past(i), jobs, null, names));
await measure('past ranges: time to fill', (i) => index.timeToFill(past(i), jobs, null, names));
await measure('past ranges: placements, walk', (i) => index.placementsByWalk(past(i), jobs, null, names));
await measure('past ranges: placements', (i) => index.placements(past(i), jobs, null, names));
process.stdout.write(JSON.stringify(rows) + '\n');
