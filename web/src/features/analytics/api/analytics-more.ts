import { queryOptions } from '@tanstack/react-query';
import { contracts } from '@ats/contracts';
import { callContract } from '@/lib/api-client';
import { analyticsRequest } from '@/lib/job-health';
import { queryKeys } from '@/lib/query-keys';
import type { AnalyticsFilters } from '../filters';

/** GET /api/analytics/sources */
export const sourcesQuery = (filters: AnalyticsFilters) =>
  queryOptions({
    queryKey: queryKeys.analyticsMore.sources(analyticsRequest(filters)),
    queryFn: ({ signal }) => callContract(contracts.sourceEffectiveness, { query: analyticsRequest(filters), signal }),
  });

/** GET /api/analytics/recruiter-activity */
export const recruiterActivityQuery = (filters: AnalyticsFilters) =>
  queryOptions({
    queryKey: queryKeys.analyticsMore.activity(analyticsRequest(filters)),
    queryFn: ({ signal }) => callContract(contracts.recruiterActivity, { query: analyticsRequest(filters), signal }),
  });
