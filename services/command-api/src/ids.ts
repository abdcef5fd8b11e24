import { randomUUID } from 'node:crypto';
import { encodeEvent, toIdsStreamId, type IdKind } from '@ats/events';
import { ConcurrencyError, type EventStore } from '@ats/storage';

/**
 * Numeric ids from the event store itself: id n is the n-th `IdReserved` on `ids-<kind>`,
 * appended with the expected revision, so concurrent creates (even across processes and on
 * EventStoreDB) never share an id. The last revision is cached; a stale cache costs one retry.
 */
export function createIdAllocator(eventStore: EventStore) {
  const lastRevision = new Map<IdKind, number>();
  const reserved = (kind: IdKind, id: number) => {
    const { type, data, schemaVersion } = encodeEvent({ type: 'IdReserved', data: { kind, id } });
    const metadata = {
      actor: { id: 'system', name: 'System' },
      correlationId: randomUUID(),
      causationId: null,
      occurredAt: new Date().toISOString(),
      schemaVersion,
    };
    return { id: randomUUID(), type, data, metadata };
  };
  /** the first of `count` consecutive new ids (one append; a bulk import takes a block at once) */
  return async function allocateId(kind: IdKind, count = 1): Promise<number> {
    for (let attempt = 0; attempt < 100; attempt++) {
      const known = lastRevision.get(kind) ?? -1;
      const first = known + 2; // revision r holds id r + 1
      try {
        const events = Array.from({ length: count }, (_, i) => reserved(kind, first + i));
        const result = await eventStore.append(toIdsStreamId(kind), events, { expectedRevision: known === -1 ? 'no_stream' : known });
        lastRevision.set(kind, result.nextExpectedRevision);
        return result.nextExpectedRevision + 2 - count;
      } catch (error) {
        if (!(error instanceof ConcurrencyError)) throw error;
        lastRevision.set(kind, error.actual);
      }
    }
    throw new Error(`Could not allocate a ${kind} id`);
  };
}
export type AllocateId = ReturnType<typeof createIdAllocator>;
