import { z } from 'zod';
import { APPLICATION_STAGES, CANDIDATE_SOURCES, CandidateSourceSchema, type CandidateSource } from '@ats/events';
import { ALL_ROLES, WRITER_ROLES, defineContract } from '../contract';
import { IdParamSchema } from '../fields';
import { CommandResultSchema } from '../models';

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

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const day = z
  .string()
  .regex(DATE, 'Use a date as yyyy-mm-dd')
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), 'Use a date as yyyy-mm-dd');
const id = z
  .string()
  .regex(/^\d{1,15}$/, 'Invalid input')
  .transform(Number);

/** The analytics filters (the screen keeps them in the URL): a date range (inclusive days, UTC) and client, job, recruiter. */
export const AnalyticsSectionQuerySchema = z
  .object({
    from: day.optional(),
    to: day.optional(),
    client: id.optional(),
    job: id.optional(),
    /** a user id */
    recruiter: z.string().min(1).max(100).optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'The start date must not be after the end date', path: ['from'] });
export type AnalyticsSectionQuery = z.input<typeof AnalyticsSectionQuerySchema>;

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

export const SetApplicationSourceBodySchema = z.object({
  /** null = follow the candidate's source */
  source: CandidateSourceSchema.nullable(),
});

export const analyticsMoreContracts = {
  sourceEffectiveness: defineContract({
    name: 'sourceEffectiveness',
    method: 'GET',
    path: '/api/analytics/sources',
    query: AnalyticsSectionQuerySchema,
    response: SourceEffectivenessSchema,
    status: 200,
    roles: ALL_ROLES,
    summary: 'Per source: candidates added, applications, moved past screening, interviewed, placed (range default: the last 90 days)',
  }),
  recruiterActivity: defineContract({
    name: 'recruiterActivity',
    method: 'GET',
    path: '/api/analytics/recruiter-activity',
    query: AnalyticsSectionQuerySchema,
    response: RecruiterActivitySchema,
    status: 200,
    roles: ALL_ROLES,
    summary: 'Per user and week: candidates added, notes, e-mails, stage moves, interviews, placements; and the leaderboard',
  }),
  jobHealth: defineContract({
    name: 'jobHealth',
    method: 'GET',
    path: '/api/analytics/job-health',
    query: AnalyticsSectionQuerySchema,
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

/** The Monday (UTC, yyyy-mm-dd) of the week an instant falls in: the recruiter activity's week. */
export function weekOf(instant: string): string {
  const date = new Date(instant);
  const day = date.getUTCDay();
  const monday = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()) - ((day + 6) % 7) * 86_400_000;
  return new Date(monday).toISOString().slice(0, 10);
}
