import { analyticsRange, type AiInsights, type AnalyticsQuery, type DashboardChanges, type MetricChange } from '@ats/contracts';
import type { AnalyticsApplicationDoc, AnalyticsJobDoc, StoredAnalyticsApplicationDoc } from '@ats/projector';
import type { Doc, DocumentStore } from '@ats/storage';
import { calendarPeriods } from '../calendar';
import type { ClientDoc } from '../clients';
import { readModel } from '../query-support';
import type { ResultCache } from '../result-cache';
import { createLiveActiveCandidates, type LiveActiveCandidates } from './active-candidates';
import { createLiveApplicationsIndex, type LiveApplicationsIndex } from './live-index';
import type * as figures from './figures';
import { jobOpenAt, placementAt, percent } from './history';

/** as stored: `standing` is left out when null (`StoredAnalyticsApplicationDoc`) */
type AppDoc = StoredAnalyticsApplicationDoc & Doc;
type JobDoc = AnalyticsJobDoc & Doc;

const ROW_LIMIT = 1_000_000;

/** The range of a query: from the first day's midnight (UTC) to the end of the last, stated at asOf when earlier. */
export function windowOf(query: Pick<AnalyticsQuery, 'from' | 'to' | 'asOf'>, now: Date): figures.Window & { asOf: string } {
  const range = analyticsRange(query, now.getTime());
  const from = `${range.from}T00:00:00.000Z`;
  const toEnd = new Date(Date.parse(`${range.to}T00:00:00.000Z`) + 86_400_000).toISOString();
  const asOf = query.asOf !== undefined ? new Date(query.asOf).toISOString() : now.toISOString();
  const end = asOf < toEnd ? asOf : toEnd;
  return { from, end, asOf: end };
}

export function createAnalyticsQueries(
  documents: DocumentStore,
  options: {
    cache?: ResultCache | undefined;
    index?: LiveApplicationsIndex | undefined;
    activeCandidates?: LiveActiveCandidates | undefined;
  } = {},
) {
  const apps = readModel<AppDoc>(documents, 'analyticsApplications');
  const jobs = readModel<JobDoc>(documents, 'analyticsJobs');
  const clients = readModel<ClientDoc>(documents, 'clients');
  const interviews = readModel<Doc & { status: string; rating: number | null }>(documents, 'interviews');
  const live = options.index ?? createLiveApplicationsIndex(documents);
  const people = options.activeCandidates ?? createLiveActiveCandidates(documents);
  // job orders and client names are small and change seldom: one read per checkpoint, shared by concurrent readers
  const cached = <T>(key: string, compute: () => Promise<T>) => (options.cache ? options.cache.get(key, compute) : compute());

  const allJobs = () =>
    cached('analytics:jobs', async () => {
      const list = await jobs().find({ limit: ROW_LIMIT });
      return new Map(list.map((j) => [Number(j.id), j]));
    });

  /** the jobs the client / job / recruiter filters keep; null = every job */
  async function jobScope(q: AnalyticsQuery): Promise<Map<number, JobDoc> | null> {
    if (q.client === undefined && q.job === undefined && q.recruiter === undefined) return null;
    const kept = [...(await allJobs()).values()].filter(
      (j) =>
        (q.job === undefined || Number(j.id) === q.job) &&
        (q.client === undefined || j.clientId === q.client) &&
        (q.recruiter === undefined || j.owner.id === q.recruiter),
    );
    return new Map(kept.map((j) => [Number(j.id), j]));
  }

  const idsOf = (scope: Map<number, JobDoc> | null) => (scope ? new Set(scope.keys()) : null);

  const clientNames = () =>
    cached('analytics:client-names', async () => {
      const list = await clients().find({ limit: ROW_LIMIT, fields: ['companyName'] });
      const names = new Map(list.map((c) => [Number(c.id), c.companyName]));
      return {
        clientName: (id: number | null) => (id === null ? 'No client' : (names.get(id) ?? `Deleted client #${id}`)),
      };
    });

  async function timeToFill(q: AnalyticsQuery, now = new Date()) {
    const w = windowOf(q, now);
    const [scope, index, jobMap, names] = await Promise.all([jobScope(q), live.current(), allJobs(), clientNames()]);
    return { ...index.timeToFill(w, jobMap, idsOf(scope), names), asOf: w.asOf };
  }

  return {
    async analyticsFunnel(q: AnalyticsQuery, now = new Date()) {
      const w = windowOf(q, now);
      const [scope, index] = await Promise.all([jobScope(q), live.current()]);
      return { ...index.funnel(w, idsOf(scope)), asOf: w.asOf };
    },
    async analyticsTimeInStage(q: AnalyticsQuery, now = new Date()) {
      const w = windowOf(q, now);
      const [scope, index] = await Promise.all([jobScope(q), live.current()]);
      return { ...index.timeInStage(w, idsOf(scope)), asOf: w.asOf };
    },
    analyticsTimeToFill: timeToFill,
    async analyticsPlacements(q: AnalyticsQuery, now = new Date()) {
      const w = windowOf(q, now);
      const [scope, index, jobMap, names] = await Promise.all([jobScope(q), live.current(), allJobs(), clientNames()]);
      return { ...index.placements(w, jobMap, idsOf(scope), names), asOf: w.asOf };
    },
    /** the AI screen's Insights: completed interviews' mean rating, the last 365 days' median time to fill */
    async analyticsAiInsights(now = new Date()): Promise<AiInsights> {
      const to = now.toISOString().slice(0, 10);
      const from = new Date(Date.parse(`${to}T00:00:00Z`) - 364 * 86_400_000).toISOString().slice(0, 10);
      const [ratings, fill] = await Promise.all([
        interviews().countBy('rating', { where: { status: 'completed' } }),
        timeToFill({ from, to }, now),
      ]);
      let rated = 0;
      let sum = 0;
      for (const [value, n] of Object.entries(ratings)) {
        const rating = Number(value);
        if (value === 'null' || !Number.isFinite(rating)) continue;
        rated += n;
        sum += rating * n;
      }
      return {
        interviewRating: { interviews: rated, mean: rated === 0 ? null : Math.round((sum / rated) * 10) / 10 },
        timeToFill: { from, to, jobs: fill.timeToFill.count, medianDays: fill.timeToFill.medianDays },
      };
    },
    /** the dashboard's change labels, from the same rows as the figures above */
    async analyticsDashboardChanges(timeZone = 'UTC', now = new Date()): Promise<DashboardChanges> {
      const nowIso = now.toISOString();
      const { month, year } = calendarPeriods(now, timeZone);
      const lastMonth = calendarPeriods(new Date(Date.parse(month.from) - 1), timeZone).month;
      const lastYear = calendarPeriods(new Date(Date.parse(year.from) - 1), timeZone).year;
      // the same share of the previous period: days 1..today of last month, Jan 1..today last year
      const sameSpan = (prev: { from: string; to: string }, cur: { from: string }) => {
        const end = Date.parse(prev.from) + (now.getTime() - Date.parse(cur.from));
        return { from: prev.from, to: new Date(Math.min(end, Date.parse(prev.to))).toISOString() };
      };
      const prevMonth = sameSpan(lastMonth, month);
      const prevYear = sameSpan(lastYear, year);
      // the dashboard does not load the whole copy for this (a first screen): until it is loaded, the
      // placements standing now from the store, by their indexed date, only those of the compared
      // periods (from last year's first day), as minimal rows (a scan of every placed row took 0.6 s at 500,000 applications)
      const placedRows = live.loaded()
        ? live.current().then((index) => index.placedBefore(nowIso, null))
        : apps()
            .find({
              where: { standingPlacedAt: { $gte: prevYear.from, $lt: nowIso } },
              fields: ['jobId', 'createdAt', 'standing'],
              limit: ROW_LIMIT,
            })
            .then((rows) => rows.flatMap((r) => (r.standing ? [standingRow(r, r.standing)] : [])));
      const [placed, jobMap, active] = await Promise.all([placedRows, allJobs(), people.current()]);
      const jobList = [...jobMap.values()];
      const standing = placed.flatMap((a) => {
        const p = placementAt(a, nowIso);
        return p ? [p] : [];
      });
      const inSpan = (from: string, to: string) => standing.filter((p) => p.placedAt >= from && p.placedAt < to);
      const fees = (list: typeof standing) => Math.round(list.reduce((s, p) => s + p.fee, 0) * 1000);
      const fmt = (from: string, to: string) => spanLabel(from, to, timeZone);
      const change = (current: number, previous: number, label: string, comparison: string): MetricChange => ({
        current,
        previous,
        changePct: percent(current - previous, previous),
        label,
        comparison,
      });
      const monthAgo = prevMonth.to;
      return {
        activeCandidates: change(active.countAt(nowIso), active.countAt(monthAgo), 'vs last month', `Now vs ${fmt(monthAgo, monthAgo)}`),
        openPositions: change(
          jobList.filter((j) => jobOpenAt(j, nowIso)).length,
          jobList.filter((j) => jobOpenAt(j, monthAgo)).length,
          'vs last month',
          `Now vs ${fmt(monthAgo, monthAgo)}`,
        ),
        placementsThisMonth: change(
          inSpan(month.from, nowIso).length,
          inSpan(prevMonth.from, prevMonth.to).length,
          'vs last month',
          `${fmt(month.from, nowIso)} vs ${fmt(prevMonth.from, prevMonth.to)}`,
        ),
        revenueYTD: change(
          fees(inSpan(year.from, nowIso)),
          fees(inSpan(prevYear.from, prevYear.to)),
          'vs last year',
          `${fmt(year.from, nowIso)} vs ${fmt(prevYear.from, prevYear.to)}`,
        ),
      };
    },
  };
}

/** '1–24 Nov 2026' (a span), '24 Oct 2026' (an instant), in the user's zone */
function spanLabel(from: string, to: string, timeZone: string): string {
  const day = (iso: string) =>
    new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone }).format(new Date(iso));
  if (from === to) return day(from);
  // `to` is exclusive: name the last day it covers
  const last = new Date(Math.max(Date.parse(from), Date.parse(to) - 1)).toISOString();
  return `${day(from)} – ${day(last)}`;
}

/** a standing placement as the minimal application row the placement figures need */
export function standingRow(
  r: Pick<AppDoc, 'id' | 'jobId' | 'createdAt'>,
  standing: NonNullable<AppDoc['standing']>,
): AnalyticsApplicationDoc {
  const { by, ...record } = standing;
  return {
    id: Number(r.id),
    candidateId: 0,
    jobId: r.jobId,
    createdAt: r.createdAt,
    stage: 'placed',
    firstPlacedAt: record.placedAt,
    stays: [{ stage: 'placed', enteredAt: r.createdAt, leftAt: null, movedBy: by }],
    placements: [record],
    detachments: [],
    funnelKey: '5',
    detached: false,
    standing,
    standingPlacedAt: record.placedAt,
  };
}
