import {
  ANY,
  BACKWARDS,
  DeadlineExceededError,
  END,
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  START,
  StreamDeletedError,
  StreamNotFoundError,
  UnavailableError,
  WrongExpectedVersionError,
  eventTypeFilter,
  excludeSystemEvents,
  jsonEvent,
  type AllStreamResolvedEvent,
  type AppendExpectedRevision,
  type JSONType,
  type Position,
  type ReadPosition,
  type ResolvedEvent,
} from '@eventstore/db-client';
import {
  ConcurrencyError,
  StoreUnavailableError,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type ReadAllOptions,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
} from './port';
import { startSubscription } from './subscription-loop';
import { assertAppendArguments, assertDistinctStreams, assertReadAllOptions } from './validation';

export interface EsdbEventStoreOptions {
  /** records per catch-up read (default 500) */
  batchSize?: number;
}

/**
 * The event-store port on EventStoreDB. Positions are $all commit positions (numbers; exact up
 * to 2^53 bytes of log), revisions are stream revisions. System events ($-prefixed streams or
 * types) never leave this adapter.
 */
export function createEsdbEventStore(connectionString: string, options: EsdbEventStoreOptions = {}): EventStore {
  const client = EventStoreDBClient.connectionString(connectionString);
  const batchSize = options.batchSize ?? 500;
  const subscriptions = new Set<Subscription>();
  let closed = false;

  async function readWholeStream(stream: string, fromRevision = 0): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    try {
      for await (const resolved of client.readStream(stream, { fromRevision: BigInt(fromRevision), direction: FORWARDS })) {
        const event = toRecorded(resolved);
        if (event) events.push(event);
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError || error instanceof StreamDeletedError) return [];
      throw mapEsdbError(error);
    }
    return events;
  }

  /** position of one event, for append results that come back without one (idempotent writes) */
  async function positionAt(stream: string, revision: number): Promise<number> {
    if (revision < 0) return 0;
    try {
      for await (const resolved of client.readStream(stream, { fromRevision: BigInt(revision), direction: FORWARDS, maxCount: 1 })) {
        return toRecorded(resolved)?.position ?? 0;
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return 0;
      throw mapEsdbError(error);
    }
    return 0;
  }

  /** A retried append whose events are all in the stream already: the original result. */
  async function existingResult(stream: string, ids: readonly string[]): Promise<AppendResult | null> {
    if (ids.length === 0) return null;
    const wanted = new Set(ids.map((id) => id.toLowerCase()));
    const found = (await readWholeStream(stream)).filter((event) => wanted.has(event.id.toLowerCase()));
    const last = found.at(-1);
    return last && found.length === wanted.size ? { nextExpectedRevision: last.revision, position: last.position } : null;
  }

  async function headPosition(): Promise<number> {
    try {
      for await (const resolved of client.readAll({ fromPosition: END, direction: BACKWARDS })) {
        const event = toRecorded(resolved);
        if (event) return event.position;
      }
    } catch (error) {
      throw mapEsdbError(error);
    }
    return 0;
  }

  return {
    async append(stream, events, { expectedRevision }): Promise<AppendResult> {
      assertAppendArguments(stream, events, expectedRevision);
      const data = events.map((event) =>
        jsonEvent({ id: event.id, type: event.type, data: (event.data ?? null) as JSONType, metadata: event.metadata }),
      );
      try {
        // ESDB itself treats re-appended event ids as an idempotent write.
        const result = await client.appendToStream(stream, data, { expectedRevision: toEsdbRevision(expectedRevision) });
        const nextExpectedRevision = Number(result.nextExpectedRevision);
        const reported = result.position ? Number(result.position.commit) : 0;
        // The reported position is not guaranteed to be the last event's for a multi-event write,
        // and is missing for idempotent writes: look that event up then.
        const position = events.length === 1 && reported > 0 ? reported : (await positionAt(stream, nextExpectedRevision)) || reported;
        return { nextExpectedRevision, position };
      } catch (error) {
        if (error instanceof WrongExpectedVersionError) {
          // Same rule as the SQL adapter: a retry whose ids are all recorded succeeds whatever
          // has been appended since.
          const existing = await existingResult(
            stream,
            events.map((event) => event.id),
          );
          if (existing) return existing;
          const actual = error.actualVersion === NO_STREAM ? -1 : Number(error.actualVersion);
          throw new ConcurrencyError(stream, expectedRevision, actual);
        }
        throw mapEsdbError(error);
      }
    },

    /** EventStoreDB has no multi-stream transaction: one append per stream, in order (see the port) */
    async appendMany(appends) {
      assertDistinctStreams(appends);
      const results: AppendResult[] = [];
      for (const { stream, events, expectedRevision } of appends) results.push(await this.append(stream, events, { expectedRevision }));
      return results;
    },

    readStream: (stream, { fromRevision = 0 } = {}) => readWholeStream(stream, fromRevision),

    async readAll(readOptions: ReadAllOptions = {}) {
      assertReadAllOptions(readOptions);
      const after = readOptions.after ?? 0;
      const types = readOptions.types ? new Set(readOptions.types) : undefined;
      if (types?.size === 0) return [];
      const events: RecordedEvent[] = [];
      const read = client.readAll({ fromPosition: after > 0 ? toPosition(after) : START, direction: FORWARDS });
      try {
        for await (const resolved of read) {
          const event = toRecorded(resolved);
          if (!event || event.position <= after || (types && !types.has(event.type))) continue;
          events.push(event);
          if (readOptions.limit !== undefined && events.length >= readOptions.limit) break;
        }
      } catch (error) {
        throw mapEsdbError(error);
      }
      return events;
    },

    subscribe(subscribeOptions: SubscribeOptions): Subscription {
      if (closed) throw new Error('The event store is closed');
      const types = subscribeOptions.types ? new Set(subscribeOptions.types) : undefined;
      const filter = types ? eventTypeFilter({ regex: `^(?:${[...types].map(escapeRegex).join('|')})$` }) : excludeSystemEvents();

      const subscription = startSubscription(subscribeOptions, async (control) => {
        let cursor = subscribeOptions.after ?? 0;
        // where to resume reading: the last record seen, system and filtered records included
        let from: ReadPosition = cursor > 0 ? toPosition(cursor) : START;
        const wanted = (resolved: AllStreamResolvedEvent) => {
          const event = toRecorded(resolved);
          return event && event.position > cursor && (!types || types.has(event.type)) ? event : null;
        };

        // Catch-up by pages; a short page means everything that existed has been delivered.
        while (!control.stopped) {
          let page: AllStreamResolvedEvent[];
          try {
            page = await collect(client.readAll({ fromPosition: from, direction: FORWARDS, maxCount: batchSize }));
          } catch (error) {
            await control.failed(mapEsdbError(error));
            continue;
          }
          for (const resolved of page) {
            if (resolved.event) from = resolved.event.position;
            const event = wanted(resolved);
            if (!event) continue;
            if (!(await control.deliver(event))) return;
            cursor = event.position;
          }
          if (page.length < batchSize) break;
        }
        control.caughtUp();

        // Live: a server-side subscription from the last record seen; resubscribe after errors.
        while (!control.stopped) {
          const live = client.subscribeToAll({ fromPosition: from, filter });
          const dispose = control.onStopRequested(() => void live.unsubscribe().catch(() => {}));
          try {
            for await (const resolved of live) {
              if (resolved.event) from = resolved.event.position;
              const event = wanted(resolved);
              if (!event) continue;
              if (!(await control.deliver(event))) return;
              cursor = event.position;
            }
          } catch (error) {
            if (!control.stopped) await control.failed(mapEsdbError(error));
          } finally {
            dispose();
            await live.unsubscribe().catch(() => {});
          }
        }
      });
      subscriptions.add(subscription);
      return {
        caughtUp: subscription.caughtUp,
        async stop() {
          subscriptions.delete(subscription);
          await subscription.stop();
        },
      };
    },

    headPosition,

    async close() {
      if (closed) return;
      closed = true;
      const active = [...subscriptions];
      subscriptions.clear();
      await Promise.all(active.map((subscription) => subscription.stop()));
      await client.dispose();
    },
  };
}

function toEsdbRevision(expected: ExpectedRevision): AppendExpectedRevision {
  if (expected === 'any') return ANY;
  if (expected === 'no_stream') return NO_STREAM;
  return BigInt(expected);
}

/** With implicit transactions (every write since v20) an event's commit and prepare positions are equal. */
function toPosition(position: number): Position {
  return { commit: BigInt(position), prepare: BigInt(position) };
}

function toRecorded(resolved: ResolvedEvent | AllStreamResolvedEvent): RecordedEvent | null {
  const event = resolved.event;
  if (!event || !event.isJson || event.type.startsWith('$') || event.streamId.startsWith('$')) return null;
  const commit = event.position?.commit ?? resolved.commitPosition;
  return {
    id: event.id,
    type: event.type,
    data: event.data,
    metadata: event.metadata as unknown as EventMetadata,
    stream: event.streamId,
    revision: Number(event.revision),
    position: commit === undefined ? 0 : Number(commit),
  };
}

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of iterable) items.push(item);
  return items;
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function mapEsdbError(error: unknown): unknown {
  if (error instanceof UnavailableError || error instanceof DeadlineExceededError) {
    return new StoreUnavailableError(`EventStoreDB unavailable: ${error.message}`, error);
  }
  return error;
}
