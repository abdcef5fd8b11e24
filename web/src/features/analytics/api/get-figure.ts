import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { contracts, type Funnel, type PlacementsReport, type TimeInStage, type TimeToFill } from '@ats/contracts';
import { callContract } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { AnalyticsFilters } from '../filters';

type Figures = {
  analyticsFunnel: Funnel;
  analyticsTimeInStage: TimeInStage;
  analyticsTimeToFill: TimeToFill;
  analyticsPlacements: PlacementsReport;
};

/** GET /api/analytics/<figure>?from&to&client&job&recruiter (also prefetched by the route's loader, with the chunk) */
export const figureQuery = <N extends keyof Figures>(name: N, filters: AnalyticsFilters) =>
  queryOptions<Figures[N]>({
    queryKey: queryKeys.analytics.figure(name, filters),
    queryFn: ({ signal }) =>
      // the four share one query schema (typed by the funnel's); the response is the figure's own
      callContract(contracts[name] as typeof contracts.analyticsFunnel, {
        query: {
          from: filters.from,
          to: filters.to,
          ...(filters.client ? { client: Number(filters.client) } : {}),
          ...(filters.job ? { job: Number(filters.job) } : {}),
          ...(filters.recruiter ? { recruiter: filters.recruiter } : {}),
        },
        signal,
      }) as Promise<Figures[N]>,
  });

export const FIGURES = ['analyticsFunnel', 'analyticsTimeInStage', 'analyticsTimeToFill', 'analyticsPlacements'] as const;

/** One figure, refreshed live when the analytics read models move. */
export function useAnalyticsFigure<N extends keyof Figures>(name: N, filters: AnalyticsFilters) {
  return useQuery<Figures[N]>({ ...figureQuery(name, filters), placeholderData: keepPreviousData });
}
