import { z } from 'zod';
import { ALL_ROLES, defineContract } from '../contract';
import { ActivitySchema } from '../models';

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
};
