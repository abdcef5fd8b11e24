import { z } from 'zod';
import { ALL_ROLES, defineContract } from '../contract';
import { TimeZoneSchema } from '../fields';
import { ActivitySchema, DashboardInterviewSchema, DashboardMetricsSchema, TaskSchema } from '../models';

export const dashboardContracts = {
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
    query: z.object({ tz: TimeZoneSchema.optional() }),
    response: z.array(DashboardInterviewSchema),
    status: 200,
    roles: ALL_ROLES,
    summary: "Interviews scheduled today in the user's time zone (default UTC), earliest first, cancelled ones left out",
  }),
  priorityTasks: defineContract({
    name: 'priorityTasks',
    method: 'GET',
    path: '/api/dashboard/priority-tasks',
    query: z.object({ limit: z.coerce.number().int().min(1).max(100).optional() }),
    response: z.array(TaskSchema),
    status: 200,
    roles: ALL_ROLES,
    summary: 'Tasks: pending first, then priority (high, medium, low), then due date (none last)',
  }),
};
