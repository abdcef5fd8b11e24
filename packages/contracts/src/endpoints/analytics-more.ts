import { z } from 'zod';
import { APPLICATION_STAGES, CANDIDATE_SOURCES, CandidateSourceSchema, type CandidateSource } from '@ats/events';
import { ALL_ROLES, WRITER_ROLES, defineContract } from '../contract';
import { IdParamSchema } from '../fields';
import { CommandResultSchema } from '../models';
import { AnalyticsQuerySchema } from './analytics';

/** How each source reads on screen (forms, candidate page, the Source effectiveness table). */
export const SOURCE_LABELS: Record<CandidateSource | 'unknown', string> = {
  referral: 'Referral',
  job_board: 'Job board',
  professional_network: 'Professional network',
  sourced: 'Sourced',
  inbound: 'Inbound',
  import: 'Import',
  other: 'Other',
  unknown: 'Unknown',
};
export const SOURCE_CHOICES = CANDIDATE_SOURCES.map((value) => ({ value, label: SOURCE_LABELS[value] }));

const count = z.number().int().nonnegative();
const RangeSchema = z.object({ from: z.string(), to: z.string() });

export const SourceRowSchema = z.object({
  source: z.union([CandidateSourceSchema, z.literal('unknown')]),
  /** candidates added in the range with this source */
  candidates: count,
  /** applications created in the range whose source (its own, else its candidate's) is this one */
  applications: count,
  /** of those, how many ever reached Interview or a later stage (Final Interview, Offer, Placed) */
  pastScreening: count,
  /** of those, how many have an interview for the candidate and job that is not cancelled */
  interviewed: count,
  /** of those, how many reached Placed */
  placed: count,
});
export type SourceRow = z.infer<typeof SourceRowSchema>;
export const SourceEffectivenessSchema = RangeSchema.extend({ rows: z.array(SourceRowSchema) });
export type SourceEffectiveness = z.infer<typeof SourceEffectivenessSchema>;

export const ActivityCountsSchema = z.object({
  candidatesAdded: count,
  notes: count,
  emails: count,
  stageMoves: count,
  interviews: count,
  placements: count,
});
export type ActivityCounts = z.infer<typeof ActivityCountsSchema>;
export const ACTIVITY_COLUMNS: ReadonlyArray<{ key: keyof ActivityCounts; label: string }> = [
  { key: 'candidatesAdded', label: 'Candidates added' },
  { key: 'notes', label: 'Notes' },
  { key: 'emails', label: 'E-mails' },
  { key: 'stageMoves', label: 'Stage moves' },
  { key: 'interviews', label: 'Interviews' },
  { key: 'placements', label: 'Placements' },
];

export const RecruiterActivitySchema = RangeSchema.extend({
  /** per user and week (the Monday, UTC), oldest week first */
  weeks: z.array(ActivityCountsSchema.extend({ userId: z.string(), name: z.string(), week: z.string() })),
  /** per user over the range: the leaderboard, most placements first, then stage moves */
  leaderboard: z.array(ActivityCountsSchema.extend({ userId: z.string(), name: z.string() })),
});
export type RecruiterActivity = z.infer<typeof RecruiterActivitySchema>;

export const JOB_HEALTH_FLAGS = ['idle', 'thin'] as const;
export const JobHealthRowSchema = z.object({
  jobId: z.number(),
  title: z.string(),
  clientId: z.number().nullable(),
  clientName: z.string().nullable(),
  status: z.string(),
  openedAt: z.string(),
  daysOpen: count,
  /** applications per stage now */
  stages: z.record(z.enum(APPLICATION_STAGES), count),
  /** applications in an active stage (Applied … Offer) */
  activeCandidates: count,
  /** the last stage move (or application) on the job; null when it has none */
  lastMoveAt: z.string().nullable(),
  daysSinceLastMove: count.nullable(),
  /** active applications without a move for 14+ days (the next-action suggestions' rule) */
  idleApplications: count,
  /** idle: some application idles 14+ days; thin: open 30+ days with fewer than 3 candidates (the suggestions' rules) */
  flags: z.array(z.enum(JOB_HEALTH_FLAGS)),
  stale: z.boolean(),
});
export type JobHealthRow = z.infer<typeof JobHealthRowSchema>;
export const JobHealthSchema = z.object({ asOf: z.string(), rows: z.array(JobHealthRowSchema) });
export type JobHealth = z.infer<typeof JobHealthSchema>;

/** The AI screen's figures, counted from the candidates read model (no fixed numbers). */
export const AiFiguresSchema = z.object({
  candidates: count,
  /** candidates with a recorded AI analysis */
  analyzed: count,
  /** of those, the ones with a match score */
  scored: count,
  /** their mean score, rounded; null when none is scored */
  averageScore: z.number().nullable(),
  highScore: z.number(),
  /** candidates whose score is at least highScore (90) */
  highScorers: count,
});
export type AiFigures = z.infer<typeof AiFiguresSchema>;
export const AI_HIGH_SCORE = 90;

/**
 * The AI screen's Insights, computed from the read models: the mean rating (1–5) of the completed
 * interviews, and the median time to fill of the job orders first filled in the last 365 days
 * (the Analytics definition: job opened → first placement standing now).
 */
export const AiInsightsSchema = z.object({
  interviewRating: z.object({
    /** completed interviews with a rating */
    interviews: count,
    /** their mean rating, one decimal; null when none */
    mean: z.number().nullable(),
  }),
  timeToFill: z.object({
    /** the range (yyyy-mm-dd, both days included) */
    from: z.string(),
    to: z.string(),
    /** job orders first filled in it */
    jobs: count,
    medianDays: z.number().nullable(),
  }),
});
export type AiInsights = z.infer<typeof AiInsightsSchema>;

export const SetApplicationSourceBodySchema = z.object({
  /** null = follow the candidate's source */
  source: CandidateSourceSchema.nullable(),
});

export const analyticsMoreContracts = {
  sourceEffectiveness: defineContract({
    name: 'sourceEffectiveness',
    method: 'GET',
    path: '/api/analytics/sources',
    query: AnalyticsQuerySchema,
    response: SourceEffectivenessSchema,
    status: 200,
    roles: ALL_ROLES,
    summary: 'Per source: candidates added, applications, moved past screening, interviewed, placed (range default: the last 90 days)',
  }),
  recruiterActivity: defineContract({
    name: 'recruiterActivity',
    method: 'GET',
    path: '/api/analytics/recruiter-activity',
    query: AnalyticsQuerySchema,
    response: RecruiterActivitySchema,
    status: 200,
    roles: ALL_ROLES,
    summary: 'Per user and week: candidates added, notes, e-mails, stage moves, interviews, placements; and the leaderboard',
  }),
  jobHealth: defineContract({
    name: 'jobHealth',
    method: 'GET',
    path: '/api/analytics/job-health',
    query: AnalyticsQuerySchema,
    response: JobHealthSchema,
    status: 200,
    roles: ALL_ROLES,
    summary: 'Open jobs: days open, candidates per stage, days since the last move, flagged stale by the 14/30-day rules',
  }),
  aiFigures: defineContract({
    name: 'aiFigures',
    method: 'GET',
    path: '/api/analytics/ai-figures',
    response: AiFiguresSchema,
    status: 200,
    roles: ALL_ROLES,
    summary: 'The AI screen: candidates analysed, scored, their mean score and how many scored 90+',
  }),
  aiInsights: defineContract({
    name: 'aiInsights',
    method: 'GET',
    path: '/api/analytics/ai-insights',
    response: AiInsightsSchema,
    status: 200,
    roles: ALL_ROLES,
    summary: "The AI screen's Insights: mean rating of completed interviews, median time to fill of the last 365 days",
  }),
  setApplicationSource: defineContract({
    name: 'setApplicationSource',
    method: 'PATCH',
    path: '/api/applications/:id/source',
    params: IdParamSchema,
    body: SetApplicationSourceBodySchema,
    response: CommandResultSchema,
    status: 200,
    roles: WRITER_ROLES,
    summary: "Sets where one application came from (null: the candidate's source)",
  }),
};

export { CANDIDATE_SOURCES, CandidateSourceSchema, type CandidateSource } from '@ats/events';

/** weeks already computed, by UTC date (yyyy-mm-dd) */
const WEEKS = new Map<string, string>();
const WEEKS_LIMIT = 20_000;

/** The Monday (UTC, yyyy-mm-dd) of the week an instant falls in: the recruiter activity's week. */
export function weekOf(instant: string): string {
  // An instant in UTC ('yyyy-mm-ddThh:…Z', hour below 24) falls on the date it starts with, so
  // the week is computed once per date (a rebuild asks for it twice per counted event: parsing
  // the instant was the analytics projections' costliest call).
  const day =
    instant.length >= 17 &&
    instant[4] === '-' &&
    instant[7] === '-' &&
    instant[10] === 'T' &&
    instant.endsWith('Z') &&
    instant.slice(11, 13) < '24'
      ? instant.slice(0, 10)
      : null;
  const known = day === null ? undefined : WEEKS.get(day);
  if (known !== undefined) return known;
  const date = new Date(instant);
  const weekday = date.getUTCDay();
  const monday = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()) - ((weekday + 6) % 7) * 86_400_000;
  const week = new Date(monday).toISOString().slice(0, 10);
  if (day !== null) {
    if (WEEKS.size >= WEEKS_LIMIT) WEEKS.clear();
    WEEKS.set(day, week);
  }
  return week;
}
