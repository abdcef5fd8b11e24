import { z } from 'zod';
import { ALL_ROLES, defineContract } from '../contract';
import { TimeZoneSchema } from '../fields';
import { ActivitySchema, DashboardInterviewSchema, DashboardMetricsSchema, JobSchema, TaskSchema } from '../models';
import { DashboardChangesSchema } from './analytics';

/** The AI Analytics card's totals over every candidate (the card words its insight from them). */
export const AiAnalyticsTotalsSchema = z.object({
  total: z.number().int().nonnegative(),
  /** candidates with aiLastAnalyzed */
  analyzed: z.number().int().nonnegative(),
  /** of those, the ones with a score: how many, their sum, and how many scored ≥ highScore */
  scored: z.number().int().nonnegative(),
  scoreSum: z.number().nonnegative(),
  highScore: z.number(),
  highScorers: z.number().int().nonnegative(),
  /** the latest analysed, newest first (at most 3) */
  recentlyAnalyzed: z.array(
    z.object({
      id: z.number(),
      firstName: z.string(),
      lastName: z.string(),
      currentTitle: z.string().nullable(),
      aiMatchScore: z.number().nullable(),
      aiLastAnalyzed: z.string().nullable(),
    }),
  ),
});
export type AiAnalyticsTotals = z.infer<typeof AiAnalyticsTotalsSchema>;

/**
 * Everything the dashboard shows on its first screen, in one reply (B8 first screens): each part
 * is exactly what its own read answers (`dashboardMetrics`, `listJobs`, `recentActivities`,
 * `todaysInterviews`, `priorityTasks`, `analyticsDashboardChanges`, `aiAnalytics`), so the app
 * files each part under that read's cache entry.
 */
export const DashboardFirstScreenSchema = z.object({
  metrics: DashboardMetricsSchema,
  jobs: z.array(JobSchema),
  recentActivities: z.array(ActivitySchema),
  todaysInterviews: z.array(DashboardInterviewSchema),
  priorityTasks: z.array(TaskSchema),
  changes: DashboardChangesSchema,
  aiAnalytics: AiAnalyticsTotalsSchema,
});
export type DashboardFirstScreen = z.infer<typeof DashboardFirstScreenSchema>;

export const dashboardContracts = {
  aiAnalytics: defineContract({
    name: 'aiAnalytics',
    method: 'GET',
    path: '/api/dashboard/ai-analytics',
    response: AiAnalyticsTotalsSchema,
    status: 200,
    roles: ALL_ROLES,
    summary: 'AI Analytics totals: candidates analysed, scores (count, sum, 80+), the 3 latest analysed',
  }),
  recentActivities: defineContract({
    name: 'recentActivities',
    method: 'GET',
    path: '/api/dashboard/recent-activities',
    query: z.object({ limit: z.coerce.number().int().min(1).max(100).optional() }),
    response: z.array(ActivitySchema),
    status: 200,
    roles: ALL_ROLES,
    summary: 'The activity feed, newest first',
  }),
  dashboardMetrics: defineContract({
    name: 'dashboardMetrics',
    method: 'GET',
    path: '/api/dashboard/metrics',
    query: z.object({ tz: TimeZoneSchema.optional() }),
    response: DashboardMetricsSchema,
    status: 200,
    roles: ALL_ROLES,
    summary: 'Active candidates, open positions, placements this month and revenue year to date (calendar month/year in tz, default UTC)',
  }),
  todaysInterviews: defineContract({
    name: 'todaysInterviews',
    method: 'GET',
    path: '/api/dashboard/todays-interviews',
    query: z.object({
      tz: TimeZoneSchema.optional(),
      /** mine (default): the signed-in user's, as an interviewer or the organiser; team: everyone's */
      scope: z.enum(['mine', 'team']).optional(),
    }),
    response: z.array(DashboardInterviewSchema),
    status: 200,
    roles: ALL_ROLES,
    summary:
      "Interviews scheduled today in the user's time zone (default UTC), earliest first, cancelled ones left out: the signed-in user's (an interviewer or the organiser), or with scope=team everyone's",
  }),
  priorityTasks: defineContract({
    name: 'priorityTasks',
    method: 'GET',
    path: '/api/dashboard/priority-tasks',
    query: z.object({ limit: z.coerce.number().int().min(1).max(100).optional() }),
    response: z.array(TaskSchema),
    status: 200,
    roles: ALL_ROLES,
    summary:
      "The signed-in user's tasks (assigned to them, or unassigned and created by them): pending first, by due date (none last), then priority (high, medium, low); then completed ones, latest first",
  }),
  dashboardFirstScreen: defineContract({
    name: 'dashboardFirstScreen',
    method: 'GET',
    path: '/api/dashboard/first-screen',
    query: z.object({
      tz: TimeZoneSchema.optional(),
      /** for the activity feed and the priority tasks, as their own reads take it */
      limit: z.coerce.number().int().min(1).max(100).optional(),
    }),
    response: DashboardFirstScreenSchema,
    status: 200,
    roles: ALL_ROLES,
    summary:
      "The dashboard in one read: metrics, jobs, recent activities, today's interviews, priority tasks, the cards' change labels and the AI totals",
  }),
};
