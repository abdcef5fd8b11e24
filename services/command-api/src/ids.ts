import { randomUUID } from 'node:crypto';
import { encodeEvent, toIdsStreamId, type IdKind } from '@ats/events';
import { ConcurrencyError, type EventStore, type NewEvent, type StreamAppend } from '@ats/storage';

/** What this process last knew of an `ids-<kind>` stream: its last revision and the last id it reserved. */
interface Known {
  revision: number;
  lastId: number;
}

/** A block of ids planned on the stream as this process knows it, to append with other streams. */
export interface IdBlock {
  first: number;
  /** the `ids-<kind>` stream's part of an `appendMany` (expected at the known revision); null: already reserved */
  append: StreamAppend | null;
  /** after the `appendMany` committed: the block is this process's known head */
  committed(nextExpectedRevision: number): void;
  /** after the `appendMany` refused the ids stream (another process reserved meanwhile): learn the stream again */
  refused(error: ConcurrencyError): Promise<void>;
}

/**
 * Numeric ids from the event store itself, on stream `ids-<kind>` appended with the expected
 * revision, so concurrent creates (even across processes and on EventStoreDB) never share an
 * id. One id is one `IdReserved` (id n is then revision n - 1, as it always was); a block of ids
 * (a bulk import's batch) is one `IdsReserved { first, count }`, after which the next id is
 * `first + count`. The last revision and id are cached; a stale cache costs one read of the
 * stream's last event and a retry. `clock`: the time a reservation is recorded at (the demo's
 * backdated commands pass theirs, so an id is reserved when its record is created).
 */
export function createIdAllocator(eventStore: EventStore, clock: () => number = Date.now) {
  const known = new Map<IdKind, Known>();
  const metadata = (schemaVersion: number) => ({
    actor: { id: 'system', name: 'System' },
    correlationId: randomUUID(),
    causationId: null,
    occurredAt: new Date(clock()).toISOString(),
    schemaVersion,
  });
  const reservation = (kind: IdKind, first: number, count: number): NewEvent => {
    const { type, data, schemaVersion } =
      count === 1
        ? encodeEvent({ type: 'IdReserved', data: { kind, id: first } })
        : encodeEvent({ type: 'IdsReserved', data: { kind, first, count } });
    return { id: randomUUID(), type, data, metadata: metadata(schemaVersion) };
  };
  /** the stream as it is: its last event's revision and the last id it reserved */
  async function learn(kind: IdKind, revision: number): Promise<Known> {
    if (revision === -1) return { revision: -1, lastId: 0 };
    const [last] = await eventStore.readStream(toIdsStreamId(kind), { fromRevision: revision });
    const data = (last?.data ?? {}) as { id?: number; first?: number; count?: number };
    // an IdReserved names its id; an IdsReserved its block; the stream moved on since: its revision says
    const lastId = last?.type === 'IdsReserved' ? data.first! + data.count! - 1 : last?.type === 'IdReserved' ? data.id! : revision + 1;
    return { revision: last?.revision ?? revision, lastId };
  }
  const current = (kind: IdKind): Known => known.get(kind) ?? { revision: -1, lastId: 0 };

  /** the first of `count` consecutive new ids (one append of one event) */
  async function allocateId(kind: IdKind, count = 1): Promise<number> {
    for (let attempt = 0; attempt < 100; attempt++) {
      const { revision, lastId } = current(kind);
      const first = lastId + 1;
      try {
        const result = await eventStore.append(toIdsStreamId(kind), [reservation(kind, first, count)], {
          expectedRevision: revision === -1 ? 'no_stream' : revision,
        });
        known.set(kind, { revision: result.nextExpectedRevision, lastId: first + count - 1 });
        return first;
      } catch (error) {
        if (!(error instanceof ConcurrencyError)) throw error;
        known.set(kind, await learn(kind, error.actual));
      }
    }
    throw new Error(`Could not allocate a ${kind} id`);
  }

  /**
   * A block of `count` ids planned on the stream as this process knows it, for the caller to
   * append together with the records it creates (one transaction). The first block of a kind in
   * this process (nothing known of the stream yet) is reserved right away by its own append,
   * which learns the stream: `append` is null then.
   */
  async function block(kind: IdKind, count: number): Promise<IdBlock> {
    if (!known.has(kind)) {
      const first = await allocateId(kind, count);
      return { first, append: null, committed: () => {}, refused: async () => {} };
    }
    const { revision, lastId } = current(kind);
    const first = lastId + 1;
    return {
      first,
      append: {
        stream: toIdsStreamId(kind),
        events: [reservation(kind, first, count)],
        expectedRevision: revision === -1 ? 'no_stream' : revision,
      },
      committed: (nextExpectedRevision) => known.set(kind, { revision: nextExpectedRevision, lastId: first + count - 1 }),
      refused: async (error) => void known.set(kind, await learn(kind, error.actual)),
    };
  }

  return Object.assign(allocateId, { block });
}
export type AllocateId = ReturnType<typeof createIdAllocator>;
