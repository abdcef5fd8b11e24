import { infiniteQueryOptions, type QueryKey } from '@tanstack/react-query';
import { contracts, type HistoryEntry, type RecordKind } from '@ats/contracts';
import { callContract } from './api-client';
import { queryKeys } from './query-keys';
import { moment, searchSchema } from './search-params';

const HISTORY_CONTRACTS = {
  candidate: contracts.candidateHistory,
  client: contracts.clientHistory,
  job: contracts.jobHistory,
  application: contracts.applicationHistory,
} as const;

/**
 * A record's History has its own key: the `record_events` notice about any event concerning the
 * record (its own changes, notes, e-mails, AI analyses, uploads, interviews, accesses) refreshes it.
 */
export function historyKey(kind: RecordKind, id: number): QueryKey {
  return queryKeys.history.record(kind, id);
}

export const HISTORY_PAGE = 50;

/**
 * GET /api/{kind}s/:id/history, page by page (newest first; `next` is the following page's
 * `before`). With `asOf` (a record viewed as of a past moment) only what had happened by then.
 * Its key starts with `historyKey`, so the record's notices refresh it too.
 */
export const recordHistoryQueryOptions = (kind: RecordKind, id: number, asOf?: string) =>
  infiniteQueryOptions({
    queryKey: asOf === undefined ? historyKey(kind, id) : [...historyKey(kind, id), { asOf }],
    queryFn: ({ pageParam, signal }) =>
      callContract(HISTORY_CONTRACTS[kind], {
        params: { id },
        query: { limit: HISTORY_PAGE, ...(pageParam !== undefined ? { before: pageParam } : {}), ...(asOf !== undefined ? { asOf } : {}) },
        signal,
      }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
  });

/** "2026-11-12": the local calendar day of an instant. */
function localDay(iso: string): string {
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A row of the timeline: one event, or the accesses of one person on one day gathered into one line. */
export type TimelineRow =
  | { kind: 'event'; entry: HistoryEntry }
  | { kind: 'viewed'; key: string; userName: string; day: string; times: number; last: string; verbs: string[] };

/**
 * Access lines ("Viewed by Dana Reyes") gathered per day and person, so a record read fifty
 * times a day shows one line, not fifty; other events stay as they are, newest first.
 */
export function timelineRows(entries: readonly HistoryEntry[]): TimelineRow[] {
  const rows: TimelineRow[] = [];
  const viewed = new Map<string, Extract<TimelineRow, { kind: 'viewed' }>>();
  for (const entry of entries) {
    if (entry.kind !== 'access') {
      rows.push({ kind: 'event', entry });
      continue;
    }
    for (const access of entry.accesses) {
      // The reader's own calendar day: a UTC slice put an evening's views on the next day and
      // showed a morning's as "yesterday" west of Greenwich.
      const day = localDay(access.at);
      const key = `${day}|${access.userId}`;
      const verb = access.kind === 'read' ? 'Viewed' : access.kind === 'download' ? 'Downloaded' : 'Exported';
      const row = viewed.get(key);
      if (row) {
        row.times += 1;
        if (!row.verbs.includes(verb)) row.verbs.push(verb);
        if (access.at > row.last) row.last = access.at;
        continue;
      }
      const created = { kind: 'viewed' as const, key, userName: access.userName, day, times: 1, last: access.at, verbs: [verb] };
      viewed.set(key, created);
      rows.push(created);
    }
  }
  return rows;
}

/** A past moment to view a record at (issue 14); anything unparseable is dropped. */
export const AsOfSearchSchema = searchSchema({ asOf: moment() });
