import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { contracts, type ApplicationStage } from '@ats/contracts';
import { callContract } from '@/lib/api-client';
import { structuralSharingById } from '@/lib/share-items-by-id';
import { queryKeys, type ApplicationListParams } from '@/lib/query-keys';
import { nextPageOffset, type ApplicationPage } from '../utils/move-application';

/** Cards a column fetches at a time; the next page loads as its list is scrolled near the end. */
export const COLUMN_PAGE_SIZE = 30;

/** GET /api/applications?search=&job=&stage=&limit=&offset= — one column of the board, page by page. */
export const stageApplicationsQueryOptions = (params: ApplicationListParams, stage: ApplicationStage) =>
  infiniteQueryOptions({
    queryKey: queryKeys.applications.list(params, stage),
    queryFn: async ({ pageParam, signal }): Promise<ApplicationPage> => {
      const items = await callContract(contracts.listApplications, {
        query: {
          search: params.search || undefined,
          job: params.job ? String(params.job) : undefined,
          stage,
          limit: COLUMN_PAGE_SIZE,
          offset: pageParam,
        },
        signal,
      });
      return { items, hasMore: items.length >= COLUMN_PAGE_SIZE };
    },
    initialPageParam: 0,
    // by id, so a card moved or deleted above does not hand every card below a new object
    structuralSharing: structuralSharingById,
    getNextPageParam: (_last, pages) => nextPageOffset(pages),
  });

export function useStageApplications(params: ApplicationListParams, stage: ApplicationStage) {
  return useInfiniteQuery({ ...stageApplicationsQueryOptions(params, stage), placeholderData: keepPreviousData });
}
