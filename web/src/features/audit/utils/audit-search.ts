import { EVENT_TYPES } from '@ats/contracts';
import { oneOf, positiveInt, searchSchema, text, type SearchOf } from '../../../lib/search-params';

const words = () => text({ min: 1, max: 300 });
/** a `datetime-local` value (local time, to the minute) */
const localTime = () => text({ trim: false, pattern: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/ });

/** The audit browser's URL search: every filter, the order and the open event, so a view can be shared. */
export const AuditSearchSchema = searchSchema({
  /** event types, comma-separated */
  type: text({ trim: false, max: 2000 }),
  /** `candidate-17` (one stream) or `application-*` (every stream starting so) */
  stream: words(),
  /** one job order and every event naming it */
  job: positiveInt(),
  actor: words(),
  from: localTime(),
  to: localTime(),
  correlationId: words(),
  q: text({ min: 1, max: 200 }),
  order: oneOf(['asc', 'desc']),
  /** the position of the event whose detail is open */
  event: positiveInt(),
});
export type AuditSearch = SearchOf<typeof AuditSearchSchema>;

/** The server's filters (GET /api/events and the export) for the screen's search. */
export interface AuditFilters {
  type?: string;
  stream?: string;
  streamPrefix?: string;
  job?: number;
  actor?: string;
  from?: string;
  to?: string;
  correlationId?: string;
  q?: string;
  order: 'asc' | 'desc';
}

const toIso = (local: string | undefined) => {
  if (!local) return undefined;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
};

export function selectedTypes(search: Pick<AuditSearch, 'type'>): string[] {
  const known = new Set<string>(EVENT_TYPES);
  return (search.type ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter((t) => known.has(t));
}

/** `application-*` asks for a prefix; anything else is one stream. Times are local, sent as ISO instants. */
export function toAuditFilters(search: AuditSearch): AuditFilters {
  const types = selectedTypes(search);
  const stream = search.stream?.trim();
  const prefix = stream?.endsWith('*') ? stream.slice(0, -1) : undefined;
  let from = toIso(search.from);
  let to = toIso(search.to);
  if (from && to && from > to) [from, to] = [to, from];
  return {
    type: types.length > 0 ? types.join(',') : undefined,
    stream: prefix === undefined ? stream || undefined : undefined,
    streamPrefix: prefix || undefined,
    job: search.job,
    actor: search.actor,
    from,
    to,
    correlationId: search.correlationId,
    q: search.q,
    order: search.order ?? 'desc',
  };
}

/** The query string of the filters (without empty ones), for the events call and the export link. */
export function filterParams(filters: Partial<AuditFilters>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value !== undefined && value !== '') params.set(key, String(value));
  return params;
}

/** Whether any filter narrows the log (the order does not). */
export function hasFilters(search: AuditSearch): boolean {
  return Boolean(
    search.type || search.stream || search.job || search.actor || search.from || search.to || search.correlationId || search.q,
  );
}
