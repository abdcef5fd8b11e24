import { ALL_ROLES, defineContract } from '../contract';
import { AiStatsSchema } from '../models';

/** The AI calls themselves belong to the AI issue; the stats are a projection of recorded analyses. */
export const aiContracts = {
  aiStats: defineContract({
    name: 'aiStats',
    method: 'GET',
    path: '/api/ai/stats',
    response: AiStatsSchema,
    status: 200,
    roles: ALL_ROLES,
    summary: 'Counts of recorded AI analyses: candidate analyses, salary reports, messages generated, predictions',
  }),
};
