import { randomUUID } from 'node:crypto';
import type { CurrentUser } from '@ats/contracts';
import { ACCESS_LOG_STREAM_ID, encodeEvent, type AccessKind, type RecordsAccessed } from '@ats/events';
import type { Logger } from '@ats/http-kit';
import type { EventStore, NewEvent } from '@ats/storage';

/** One access to record: who did what to which record (an export of the log: `entityType: 'log'`, `entityId: null`). */
export interface AccessRecord {
  entityType: RecordsAccessed['entityType'];
  entityId: number | null;
  kind: AccessKind;
  user: { id: string; name: string; role?: string | null | undefined };
  /** for an export: what was exported (its filters) */
  detail?: string | null;
}

export interface AccessLog {
  /** remembers the access; never waits, never throws (the request that made it goes on at once) */
  record(access: AccessRecord): void;
  /** appends what is buffered now (tests, shutdown) */
  flush(): Promise<void>;
  stop(): Promise<void>;
}

const ACCESS_ACTOR = { id: 'system', name: 'Access log' };

/**
 * Who saw what, recorded off the request path: accesses are buffered in memory and appended
 * every `intervalMs` (or at `maxEntries`) as `RecordsAccessed` events in ONE append (one
 * transaction): one event per record, so a record's History finds its own lines through the
 * record_events index. Events, not a side table: the access log is then covered by the hash
 * chain, exported and verified with the rest of the log, and rebuilt read models keep it.
 * A failed append is logged and its entries are dropped (a read is never refused for it).
 */
export function createAccessLog(options: {
  eventStore: Pick<EventStore, 'append'>;
  log?: Logger;
  intervalMs?: number;
  maxEntries?: number;
  now?: () => Date;
}): AccessLog {
  const intervalMs = options.intervalMs ?? 1000;
  const maxEntries = options.maxEntries ?? 100;
  const now = options.now ?? (() => new Date());
  let buffer: Array<AccessRecord & { at: string }> = [];
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> = Promise.resolve();
  let stopped = false;

  function toEvents(entries: typeof buffer): NewEvent[] {
    const byRecord = new Map<string, typeof buffer>();
    for (const e of entries) {
      const key = `${e.entityType}:${e.entityId ?? ''}`;
      byRecord.set(key, [...(byRecord.get(key) ?? []), e]);
    }
    const correlationId = randomUUID();
    const occurredAt = now().toISOString();
    return [...byRecord.values()].map((group) => {
      const first = group[0]!;
      const { type, data, schemaVersion } = encodeEvent({
        type: 'RecordsAccessed',
        data: {
          entityType: first.entityType,
          entityId: first.entityId,
          accesses: group.map((g) => ({
            userId: g.user.id,
            userName: g.user.name,
            role: g.user.role ?? null,
            kind: g.kind,
            at: g.at,
            detail: g.detail ?? null,
          })),
        },
      });
      return {
        id: randomUUID(),
        type,
        data,
        metadata: { actor: ACCESS_ACTOR, correlationId, causationId: null, occurredAt, schemaVersion },
      };
    });
  }

  function flush(): Promise<void> {
    if (timer) {
      clearTimeout(timer);
      timer = null;
    }
    if (buffer.length === 0) return writing;
    const entries = buffer;
    buffer = [];
    writing = writing.then(async () => {
      try {
        await options.eventStore.append(ACCESS_LOG_STREAM_ID, toEvents(entries), { expectedRevision: 'any' });
      } catch (error) {
        options.log?.error('access log append failed', { error: String(error), dropped: entries.length });
      }
    });
    return writing;
  }

  return {
    record(access) {
      if (stopped) return;
      buffer.push({ ...access, at: now().toISOString() });
      if (buffer.length >= maxEntries) void flush();
      else if (!timer) {
        timer = setTimeout(() => void flush(), intervalMs);
        timer.unref();
      }
    },
    flush,
    async stop() {
      await flush();
      stopped = true;
    },
  };
}

/**
 * Records an access from any route (the audit export too) without knowing how the log is kept:
 * createQueryApi puts its access log on every request's `ctx.state`; without one this is a no-op.
 */
export function recordAccess(ctx: { state: Record<string, unknown> }, access: AccessRecord): void {
  (ctx.state['accessLog'] as AccessLog | undefined)?.record(access);
}

/** The signed-in user as an access names them. */
export const accessUser = (user: CurrentUser): AccessRecord['user'] => ({
  id: user.id,
  name: `${user.firstName} ${user.lastName}`.trim() || user.email,
  role: user.role,
});
