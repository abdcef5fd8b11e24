import {
  APPLICATION_STAGES,
  analyticsRange,
  type AnalyticsQuery,
  CANDIDATE_SOURCES,
  ENDED_JOB_STATUSES,
  isIdleApplication,
  isThinJob,
  weekOf,
  wholeDaysSince,
  type ActivityCounts,
  type ApplicationStage,
  type JobHealth,
  type JobHealthRow,
  type RecruiterActivity,
  type SourceEffectiveness,
  type SourceRow,
} from '@ats/contracts';
import type { AnalyticsApplicationDoc } from '@ats/projector';
import type { Doc, DocumentStore, Where } from '@ats/storage';
import type { ClientDoc } from './clients';
import type { JobDoc } from './jobs';
import { distinctIds, readModel } from './query-support';
import {
  deletedNow,
  interviewedFor,
  pastScreening,
  sourceEffectiveness,
  SOURCE_APPLICATION_FIELDS,
  SOURCE_CANDIDATE_FIELDS,
  type LiveMoreCopies,
  type SourceApplicationFields,
  type SourceCandidateFields,
} from './analytics/more-index';
import type { LiveApplicationsIndex } from './analytics/live-index';

/** The documents of the analytics projections (services/projector/src/projections/analytics-*). */
type ActivityDoc = Doc & ActivityCounts & { userId: string; name: string; week: string; jobId: number | null };
export type JobHealthDoc = Doc & {
  id: number;
  title: string;
  clientId: number | null;
  status: string;
  openedAt: string;
  createdBy: string;
  lastMoveAt: string | null;
};
/** a job's attached applications, each as the stage it stands at and when it entered it (epoch ms): read from `analytics_applications` */
export type JobHealthApplications = Iterable<readonly [ApplicationStage, number]>;
/** what job health reads of `analytics_applications` (the store path) */
const JOB_HEALTH_APPLICATION_FIELDS = ['jobId', 'detached', 'stays'] as const;
type JobHealthApplicationFields = Pick<AnalyticsApplicationDoc, 'id' | (typeof JOB_HEALTH_APPLICATION_FIELDS)[number]> & Doc;

type Filters = AnalyticsQuery;

const DAY_MS = 86_400_000;
/** the range asked for, or the 90 days up to today (UTC): one definition with the figures' (contracts) */
export const rangeOf = analyticsRange;
/** instants in the range: from its first day's start to (not including) the day after its last */
const instants = ({ from, to }: { from: string; to: string }) => ({
  $gte: `${from}T00:00:00.000Z`,
  $lt: new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS).toISOString(),
});

const ZERO_COUNTS: ActivityCounts = { candidatesAdded: 0, notes: 0, emails: 0, stageMoves: 0, interviews: 0, placements: 0 };
const COUNT_KEYS = Object.keys(ZERO_COUNTS) as Array<keyof ActivityCounts>;

/** A job's health now: days open, candidates per stage, days since its last move, the stale flags (shared rules). */
export function jobHealthRow(doc: JobHealthDoc, applications: JobHealthApplications, now: number, clientName: string | null): JobHealthRow {
  const stages = Object.fromEntries(APPLICATION_STAGES.map((s) => [s, 0])) as Record<ApplicationStage, number>;
  let idleApplications = 0;
  let attached = 0;
  for (const [stage, at] of applications) {
    stages[stage] = (stages[stage] ?? 0) + 1;
    attached += 1;
    // whole days since the move (a value that is not a time never idles, as an unreadable date did)
    const days = Math.floor((now - at) / DAY_MS);
    if (isIdleApplication(stage, days)) idleApplications += 1;
  }
  const daysOpen = Math.max(0, wholeDaysSince(doc.openedAt, now));
  const nonRejected = attached - stages.rejected;
  const flags: JobHealthRow['flags'] = [];
  if (idleApplications > 0) flags.push('idle');
  if (isThinJob(doc.status, daysOpen, nonRejected)) flags.push('thin');
  return {
    jobId: Number(doc.id),
    title: doc.title,
    clientId: doc.clientId,
    clientName,
    status: doc.status,
    openedAt: doc.openedAt,
    daysOpen,
    stages,
    activeCandidates: nonRejected - stages.placed,
    lastMoveAt: doc.lastMoveAt,
    daysSinceLastMove: doc.lastMoveAt === null ? null : Math.max(0, wholeDaysSince(doc.lastMoveAt, now)),
    idleApplications,
    flags,
    stale: flags.length > 0,
  };
}

/**
 * Source effectiveness, recruiter activity and job health (issue 15), from their projections.
 * With `live` (the query-api's in-memory copies: source effectiveness's fields of
 * `analytics_candidates` and `analytics_applications`, and `analytics_activity`) the first two
 * read the copies; without, the store (the same figures: tested side by side).
 */
export function createAnalyticsMoreQueries(documents: DocumentStore, live?: LiveMoreCopies, index?: LiveApplicationsIndex) {
  const sourceCandidates = () => documents.collection<SourceCandidateFields>('analytics_candidates');
  const sourceApplications = () => documents.collection<SourceApplicationFields>('analytics_applications');
  const activity = () => documents.collection<ActivityDoc>('analytics_activity');
  const jobHealth = () => documents.collection<JobHealthDoc>('analytics_job_health');
  const jobHealthApplications = () => documents.collection<JobHealthApplicationFields>('analytics_applications');

  /**
   * Each job's attached applications as job health counts them: from the in-memory copy of
   * `analytics_applications` (`index`), else the store; the stage of an application's last stay
   * and when it entered it (its last move, or its attach when it never moved).
   */
  async function applicationsOfJobs(jobIds: readonly number[]): Promise<(jobId: number) => JobHealthApplications> {
    if (index) {
      const copy = await index.current();
      return (jobId) => copy.jobStages(jobId);
    }
    const byJob = new Map<number, Array<readonly [ApplicationStage, number]>>();
    if (jobIds.length === 0) return () => [];
    const docs = await jobHealthApplications().find({
      where: { detached: false, jobId: { $in: [...jobIds] } },
      fields: JOB_HEALTH_APPLICATION_FIELDS,
    });
    for (const doc of docs) {
      const last = doc.stays.at(-1);
      if (!last) continue;
      let list = byJob.get(doc.jobId);
      if (!list) byJob.set(doc.jobId, (list = []));
      list.push([last.stage, Date.parse(last.enteredAt)]);
    }
    return (jobId) => byJob.get(jobId) ?? [];
  }
  const jobs = readModel<JobDoc>(documents, 'jobs');
  const clients = readModel<ClientDoc>(documents, 'clients');

  /** the jobs the client and job filters leave (null: no such filter) */
  async function jobScope(query: Filters): Promise<number[] | null> {
    if (query.client === undefined) return query.job === undefined ? null : [query.job];
    const ofClient = (await jobs().find({ where: { clientId: query.client }, fields: ['id'] })).map((j) => Number(j.id));
    return query.job === undefined ? ofClient : ofClient.filter((id) => id === query.job);
  }

  return {
    async sourceEffectiveness(query: Filters): Promise<SourceEffectiveness> {
      const range = rangeOf(query);
      const scope = await jobScope(query);
      if (live) {
        const copy = await live.sources.current();
        const span = instants(range);
        const rows = sourceEffectiveness(
          copy.candidates,
          copy.applications,
          { from: Date.parse(span.$gte), end: Date.parse(span.$lt) },
          scope && new Set(scope),
          query.recruiter,
        );
        return { ...range, rows };
      }
      const appWhere: Where = { detached: false, createdAt: instants(range) };
      if (scope) appWhere.jobId = { $in: scope };
      if (query.recruiter) appWhere.createdBy = query.recruiter;
      const candidateWhere: Where = { createdAt: instants(range) };
      if (query.recruiter) candidateWhere.createdBy = query.recruiter;
      const [applications, created] = await Promise.all([
        sourceApplications().find({ where: appWhere, fields: SOURCE_APPLICATION_FIELDS }),
        sourceCandidates().find({ where: candidateWhere, fields: SOURCE_CANDIDATE_FIELDS }),
      ]);
      // deleted candidates are kept (a restore brings them back) but not counted
      let counted = created.filter((c) => !deletedNow(c));
      // with a job or client filter, the candidates counted are those attached to its jobs
      if (scope) {
        const attached = await sourceApplications().find({ where: { detached: false, jobId: { $in: scope } }, fields: ['candidateId'] });
        const ids = new Set(attached.map((a) => Number(a.candidateId)));
        counted = counted.filter((c) => ids.has(Number(c.id)));
      }
      // each application's candidate: its source (when the application has none) and interviews
      const owners = await sourceCandidates().getMany(distinctIds(applications.map((a) => a.candidateId)), {
        fields: ['source', 'interviews'],
      });
      const ownerOf = new Map(owners.map((c) => [Number(c.id), c]));
      const rows = new Map<SourceRow['source'], SourceRow>(
        [...CANDIDATE_SOURCES, 'unknown' as const].map((source) => [
          source,
          { source, candidates: 0, applications: 0, pastScreening: 0, interviewed: 0, placed: 0 },
        ]),
      );
      for (const c of counted) rows.get(c.source ?? 'unknown')!.candidates += 1;
      for (const a of applications) {
        const owner = ownerOf.get(a.candidateId);
        const row = rows.get(a.source ?? owner?.source ?? 'unknown')!;
        row.applications += 1;
        if (pastScreening(a.funnelKey)) row.pastScreening += 1;
        if (interviewedFor(owner, a.jobId)) row.interviewed += 1;
        if (a.stage === 'placed') row.placed += 1;
      }
      return { ...range, rows: [...rows.values()] };
    },

    async recruiterActivity(query: Filters): Promise<RecruiterActivity> {
      const range = rangeOf(query);
      const scope = await jobScope(query);
      const where: Where = { week: { $gte: weekOf(`${range.from}T00:00:00Z`), $lte: weekOf(`${range.to}T00:00:00Z`) } };
      if (query.recruiter) where.userId = query.recruiter;
      if (scope) where.jobId = { $in: scope };
      const docs = live
        ? (await live.activity.current()).rows(
            weekOf(`${range.from}T00:00:00Z`),
            weekOf(`${range.to}T00:00:00Z`),
            scope && new Set(scope),
            query.recruiter,
          )
        : await activity().find({ where });
      const weeks = new Map<string, RecruiterActivity['weeks'][number]>();
      const users = new Map<string, RecruiterActivity['leaderboard'][number]>();
      for (const doc of docs) {
        const weekKey = `${doc.userId}|${doc.week}`;
        const week = weeks.get(weekKey) ?? { userId: doc.userId, name: doc.name, week: doc.week, ...ZERO_COUNTS };
        const user = users.get(doc.userId) ?? { userId: doc.userId, name: doc.name, ...ZERO_COUNTS };
        for (const key of COUNT_KEYS) {
          week[key] += doc[key];
          user[key] += doc[key];
        }
        weeks.set(weekKey, week);
        users.set(doc.userId, user);
      }
      return {
        ...range,
        weeks: [...weeks.values()].sort((a, b) => a.week.localeCompare(b.week) || a.name.localeCompare(b.name)),
        leaderboard: [...users.values()].sort(
          (a, b) => b.placements - a.placements || b.stageMoves - a.stageMoves || a.name.localeCompare(b.name),
        ),
      };
    },

    async jobHealth(query: Filters, now = Date.now()): Promise<JobHealth> {
      const where: Where = { deleted: false, status: { $nin: [...ENDED_JOB_STATUSES] } };
      if (query.client !== undefined) where.clientId = query.client;
      if (query.recruiter) where.createdBy = query.recruiter;
      const docs = (await jobHealth().find({ where })).filter((d) => query.job === undefined || Number(d.id) === query.job);
      const [clientDocs, applicationsOf] = await Promise.all([
        clients().getMany(distinctIds(docs.map((d) => d.clientId)), { fields: ['companyName'] }),
        applicationsOfJobs(docs.map((d) => Number(d.id))),
      ]);
      const names = new Map(clientDocs.map((c) => [Number(c.id), c.companyName]));
      const rows = docs
        .map((doc) =>
          jobHealthRow(doc, applicationsOf(Number(doc.id)), now, doc.clientId === null ? null : (names.get(doc.clientId) ?? null)),
        )
        .sort((a, b) => Number(b.stale) - Number(a.stale) || b.daysOpen - a.daysOpen || a.jobId - b.jobId);
      return { asOf: new Date(now).toISOString(), rows };
    },
  };
}
