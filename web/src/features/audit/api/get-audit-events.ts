import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { contracts, type ChainedAuditEvent, type ResponseOf } from '@ats/contracts';
import { apiFetch, callContract } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { filterParams, type AuditFilters } from '../utils/audit-search';

type EventsPage = ResponseOf<typeof contracts.listEvents>;

/** Events the browser loads at a time. */
export const AUDIT_PAGE_SIZE = 100;

/** GET /api/events?… one page; `cursor` is the `after` (oldest first) or `before` (newest first) position. */
export function fetchAuditEvents(filters: AuditFilters, cursor: number | undefined, signal?: AbortSignal, limit = AUDIT_PAGE_SIZE) {
  const params = filterParams(filters);
  params.set('limit', String(limit));
  if (cursor !== undefined) params.set(filters.order === 'desc' ? 'before' : 'after', String(cursor));
  return apiFetch<EventsPage>(`${contracts.listEvents.path}?${params.toString()}`, { signal });
}

/** The browser's pages, paging by position (new events never shift a page). */
export const auditEventsQueryOptions = (filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: queryKeys.audit.events(filters),
    queryFn: ({ pageParam, signal }) => fetchAuditEvents(filters, pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
    // the log only grows: a page once read stays right
    staleTime: Infinity,
  });

export function useAuditEvents(filters: AuditFilters) {
  return useInfiniteQuery({ ...auditEventsQueryOptions(filters), placeholderData: keepPreviousData });
}

/** Every event of one request (its correlation id), oldest first. */
export function useCorrelatedEvents(correlationId: string | null | undefined) {
  return useQuery({
    queryKey: queryKeys.audit.correlation(correlationId ?? ''),
    queryFn: ({ signal }) => fetchAuditEvents({ correlationId: correlationId!, order: 'asc' }, undefined, signal, 500),
    enabled: Boolean(correlationId),
    staleTime: 30_000,
  });
}

/** One event by position (a shared link to an event the loaded pages do not hold). */
export function useAuditEventAt(position: number | undefined, loaded: ChainedAuditEvent | undefined) {
  return useQuery({
    queryKey: [...queryKeys.audit.events({}), 'at', position ?? 0],
    queryFn: async ({ signal }) =>
      (await fetchAuditEvents({ order: 'asc' }, position! - 1, signal, 1)).events.find((e) => e.position === position) ?? null,
    enabled: position !== undefined && !loaded,
    staleTime: Infinity,
  });
}

/** Users who appear in the log, for the actor filter. */
export function useAuditActors() {
  return useQuery({
    queryKey: queryKeys.audit.actors(),
    queryFn: ({ signal }) => callContract(contracts.activityActors, { signal }),
    staleTime: 60_000,
  });
}

/** The export's download address for the current filters. */
export function exportHref(filters: AuditFilters, format: 'ndjson' | 'csv'): string {
  const { order: _order, ...rest } = filters;
  const params = filterParams(rest);
  params.set('format', format);
  return `${contracts.exportAuditLog.path}?${params.toString()}`;
}
