import { z } from 'zod';
import { ALL_ROLES, defineContract } from '../contract';
import { TimeZoneSchema } from '../fields';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DateOnlySchema = z
  .string()
  .trim()
  .refine((v) => DATE_ONLY.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), { message: 'Expected a date as yyyy-mm-dd' });

const DAY_MS = 86_400_000;

/**
 * The Analytics filters, one schema for every analytics read (the four figures and the sections;
 * the screen keeps them in the URL): a date range (both days included, UTC), optionally one
 * client, one job and one recruiter, and `asOf` to restate the figures as they stood at a past
 * time (absent = now; the sections state the present only). A missing day of the range is the
 * default range (`analyticsRange`): the sections accept that, the figures ask for both days.
 */
export const AnalyticsQuerySchema = z
  .object({
    from: DateOnlySchema.optional(),
    to: DateOnlySchema.optional(),
    client: z.coerce.number().int().positive().optional(),
    job: z.coerce.number().int().positive().optional(),
    /** a user id: for the figures the job order's owner (who opened it), for the sections who did the work */
    recruiter: z.string().trim().min(1).max(100).optional(),
    asOf: z
      .string()
      .trim()
      .refine((v) => /^\d{4}-\d{2}-\d{2}/.test(v) && !Number.isNaN(Date.parse(v)), { message: 'Expected an ISO date-time' })
      .optional(),
  })
  .refine((q) => q.from === undefined || q.to === undefined || q.from <= q.to, {
    message: 'The start date must be on or before the end date',
    path: ['to'],
  })
  .refine(
    (q) =>
      q.from === undefined || q.to === undefined || Date.parse(`${q.to}T00:00:00Z`) - Date.parse(`${q.from}T00:00:00Z`) <= 5 * 366 * DAY_MS,
    { message: 'Choose a range of at most five years', path: ['from'] },
  );
export type AnalyticsQuery = z.infer<typeof AnalyticsQuerySchema>;

/** the range asked for; a missing day: the 90 days up to `to`, or up to today (UTC) */
export function analyticsRange(query: Pick<AnalyticsQuery, 'from' | 'to'>, now = Date.now()): { from: string; to: string } {
  const to = query.to ?? new Date(now).toISOString().slice(0, 10);
  const from = query.from ?? new Date(Date.parse(`${to}T00:00:00Z`) - 89 * DAY_MS).toISOString().slice(0, 10);
  return { from, to };
}

/** the figures are always stated for an explicit range: both days are required */
const AnalyticsFigureQuerySchema = AnalyticsQuerySchema.superRefine((q, ctx) => {
  for (const key of ['from', 'to'] as const) {
    if (q[key] === undefined) ctx.addIssue({ code: 'custom', path: [key], message: 'Expected a date as yyyy-mm-dd' });
  }
});

/** The stages of the progression a funnel follows, in order (rejected is the drop-off, not a step). */
export const FUNNEL_STAGES = ['applied', 'phone_screen', 'interview', 'final_interview', 'offer', 'placed'] as const;
const FunnelStageSchema = z.enum(FUNNEL_STAGES);

export const FunnelSchema = z.object({
  /** applications created in the range (and still attached as of asOf) */
  cohort: z.number().int().nonnegative(),
  stages: z.array(
    z.object({
      stage: FunnelStageSchema,
      /** applications of the cohort that entered this stage or a later one */
      reached: z.number().int().nonnegative(),
      /** reached / reached at the previous stage, percent with one decimal; null for the first stage or when the previous is 0 */
      passThrough: z.number().nullable(),
      /** applications rejected while this was their furthest stage */
      rejectedHere: z.number().int().nonnegative(),
    }),
  ),
  rejected: z.number().int().nonnegative(),
  asOf: z.string(),
});
export type Funnel = z.infer<typeof FunnelSchema>;

const DurationStatsSchema = z.object({
  count: z.number().int().nonnegative(),
  medianDays: z.number().nullable(),
  p75Days: z.number().nullable(),
});
export type DurationStats = z.infer<typeof DurationStatsSchema>;

export const TimeInStageSchema = z.object({
  stages: z.array(
    z.object({
      stage: z.enum(['applied', 'phone_screen', 'interview', 'final_interview', 'offer']),
      /** stays that ended in the range */
      completed: DurationStatsSchema,
      /** stays still open at the end of the range (or asOf), measured up to then */
      current: DurationStatsSchema,
    }),
  ),
  asOf: z.string(),
});
export type TimeInStage = z.infer<typeof TimeInStageSchema>;

export const TimeToFillSchema = z.object({
  /** job opened → its first placement, for jobs whose first placement fell in the range */
  timeToFill: DurationStatsSchema,
  /** application created → placed, for placements in the range */
  timeToPlace: DurationStatsSchema,
  distribution: z.array(z.object({ bucket: z.string(), fills: z.number().int(), placements: z.number().int() })),
  byClient: z.array(
    z.object({
      clientId: z.number().nullable(),
      clientName: z.string(),
      fills: z.number().int(),
      medianFillDays: z.number().nullable(),
      placements: z.number().int(),
      medianPlaceDays: z.number().nullable(),
    }),
  ),
  asOf: z.string(),
});
export type TimeToFill = z.infer<typeof TimeToFillSchema>;

const PlacementTotalsSchema = z.object({ placements: z.number().int().nonnegative(), fees: z.number().nonnegative() });

export const PlacementsReportSchema = z.object({
  /** fees in dollars, from the placement records */
  totals: PlacementTotalsSchema,
  months: z.array(
    z.object({
      month: z.string(),
      placements: z.number().int(),
      fees: z.number(),
      lastYearPlacements: z.number().int(),
      lastYearFees: z.number(),
    }),
  ),
  byClient: z.array(PlacementTotalsSchema.extend({ clientId: z.number().nullable(), clientName: z.string() })),
  /** by the user who moved the card to Placed */
  byRecruiter: z.array(PlacementTotalsSchema.extend({ userId: z.string().nullable(), name: z.string() })),
  asOf: z.string(),
});
export type PlacementsReport = z.infer<typeof PlacementsReportSchema>;

/** One dashboard card's figure now and in the comparison period, with the period named for the tooltip. */
export const MetricChangeSchema = z.object({
  current: z.number(),
  previous: z.number(),
  /** percent change with one decimal; null when the previous figure is 0 */
  changePct: z.number().nullable(),
  /** e.g. 'vs last month', 'vs last year' */
  label: z.string(),
  /** the periods compared, e.g. '1–24 Nov 2026 vs 1–24 Oct 2026' */
  comparison: z.string(),
});
export type MetricChange = z.infer<typeof MetricChangeSchema>;

export const DashboardChangesSchema = z.object({
  activeCandidates: MetricChangeSchema.nullable(),
  openPositions: MetricChangeSchema,
  placementsThisMonth: MetricChangeSchema,
  revenueYTD: MetricChangeSchema,
});
export type DashboardChanges = z.infer<typeof DashboardChangesSchema>;

const figure = <R extends z.ZodType>(name: string, path: string, response: R, summary: string) =>
  defineContract({ name, method: 'GET', path, query: AnalyticsFigureQuerySchema, response, status: 200, roles: ALL_ROLES, summary });

export const analyticsContracts = {
  analyticsFunnel: figure(
    'analyticsFunnel',
    '/api/analytics/funnel',
    FunnelSchema,
    'Funnel of the applications created in the range: reached per stage, pass-through %, drop-off to Rejected',
  ),
  analyticsTimeInStage: figure(
    'analyticsTimeInStage',
    '/api/analytics/time-in-stage',
    TimeInStageSchema,
    'Median and p75 days per stage: stays completed in the range, and current stays apart',
  ),
  analyticsTimeToFill: figure(
    'analyticsTimeToFill',
    '/api/analytics/time-to-fill',
    TimeToFillSchema,
    'Time to fill (job opened → first placement) and time to place (application created → placed): medians, distribution, per client',
  ),
  analyticsPlacements: figure(
    'analyticsPlacements',
    '/api/analytics/placements',
    PlacementsReportSchema,
    'Placements and fees by month (with the same months last year), by client, by recruiter (who moved it to Placed)',
  ),
  analyticsDashboardChanges: defineContract({
    name: 'analyticsDashboardChanges',
    method: 'GET',
    path: '/api/analytics/dashboard-changes',
    query: z.object({ tz: TimeZoneSchema.optional() }),
    response: DashboardChangesSchema,
    status: 200,
    roles: ALL_ROLES,
    summary: "The dashboard cards' change labels: this month vs the same days of last month, year to date vs the same days last year",
  }),
};
