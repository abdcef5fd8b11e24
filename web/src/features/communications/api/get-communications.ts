import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { contracts, type CommunicationsPage, type QueryOf } from '@ats/contracts';
import { callContract } from '@/lib/api-client';
import { queryKeys, type CommunicationListParams } from '@/lib/query-keys';

type HubQuery = QueryOf<typeof contracts.listCommunications>;

/** Messages the hub loads at a time. */
export const HUB_PAGE_SIZE = 25;

/** GET /api/communications: newest first, each next page older than the last message held (a cursor). */
export const communicationsQueryOptions = (filters: CommunicationListParams) =>
  infiniteQueryOptions({
    queryKey: queryKeys.communications.list(filters),
    queryFn: ({ pageParam, signal }): Promise<CommunicationsPage> =>
      callContract(contracts.listCommunications, {
        query: {
          q: filters.q,
          template: filters.template as HubQuery['template'],
          sender: filters.sender,
          recipientKind: filters.recipientKind as HubQuery['recipientKind'],
          recipient: filters.recipient,
          client: filters.client,
          from: filters.from,
          to: filters.to,
          delivered: filters.delivered === undefined ? undefined : filters.delivered === 'true',
          limit: HUB_PAGE_SIZE,
          cursor: pageParam,
        },
        signal,
      }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useCommunications(filters: CommunicationListParams) {
  return useInfiniteQuery({ ...communicationsQueryOptions(filters), placeholderData: keepPreviousData });
}

/** GET /api/communications/:id: one message, whole. */
export function useCommunication(id: number | undefined) {
  return useQuery({
    queryKey: queryKeys.communications.detail(id ?? 0),
    queryFn: ({ signal }) => callContract(contracts.getCommunication, { params: { id: id! }, signal }),
    enabled: id !== undefined,
  });
}

/** GET /api/communications/senders: who has sent e-mails, for the sender filter. */
export function useCommunicationSenders() {
  return useQuery({
    queryKey: queryKeys.communications.senders(),
    queryFn: ({ signal }) => callContract(contracts.communicationSenders, { signal }),
  });
}
