import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { contracts, type Candidate, type CandidateFilter } from '@ats/contracts';
import { callContract } from '@/lib/api-client';
import { structuralSharingById } from '@/lib/share-items-by-id';
import { queryKeys, type CandidateListParams } from '@/lib/query-keys';

/** Cards the list fetches at a time; the next page loads as the end of the grid comes near. */
export const CANDIDATES_PAGE_SIZE = 30;

export interface CandidatePage {
  items: Candidate[];
  hasMore: boolean;
}

/** The search term and the filter panel as the server's query (both applied by the server). */
export function toCandidateFilterQuery(params: CandidateListParams): CandidateFilter {
  return {
    search: params.search || undefined,
    status: (params.status as CandidateFilter['status']) || undefined,
    location: params.location || undefined,
    skills: params.skills || undefined,
    hasResume: params.hasResume,
  };
}

/** GET /api/candidates?…&limit=&offset= — the list, newest first, page by page. */
export const candidatesQueryOptions = (params: CandidateListParams = {}) =>
  infiniteQueryOptions({
    queryKey: queryKeys.candidates.list(params),
    queryFn: async ({ pageParam, signal }): Promise<CandidatePage> => {
      const items = await callContract(contracts.listCandidates, {
        query: { ...toCandidateFilterQuery(params), limit: CANDIDATES_PAGE_SIZE, offset: pageParam },
        signal,
      });
      return { items, hasMore: items.length >= CANDIDATES_PAGE_SIZE };
    },
    initialPageParam: 0,
    // by id, so a card moved or deleted above does not hand every card below a new object
    structuralSharing: structuralSharingById,
    // after every card held now, so one deleted meanwhile does not make the next page skip one
    getNextPageParam: (last, pages) => (last.hasMore ? pages.reduce((sum, page) => sum + page.items.length, 0) : undefined),
  });

export function useCandidates(params: CandidateListParams) {
  return useInfiniteQuery({ ...candidatesQueryOptions(params), placeholderData: keepPreviousData });
}
