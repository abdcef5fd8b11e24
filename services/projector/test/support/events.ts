import { randomUUID } from 'node:crypto';
import { decodeEvent, encodeEvent, type DomainEvent, type StoredEventLike } from '@ats/events';
import type { DocId, ProjectedEvent, Projection } from '../../src/projection';
import type { Doc, EventMetadata, NewEvent, RecordedEvent } from '../../src/ports';

export const testActor = { id: 'u1', name: 'Test User' };

export interface EventOptions {
  id?: string;
  actor?: EventMetadata['actor'];
  occurredAt?: string;
  correlationId?: string;
}

/** A valid new event, serialised by the codec, ready to append. */
export function newEvent(event: DomainEvent, options: EventOptions = {}): NewEvent {
  const encoded = encodeEvent(event);
  return {
    id: options.id ?? randomUUID(),
    type: encoded.type,
    data: encoded.data,
    metadata: {
      actor: options.actor ?? testActor,
      correlationId: options.correlationId ?? randomUUID(),
      causationId: null,
      occurredAt: options.occurredAt ?? '2025-03-01T10:00:00.000Z',
      schemaVersion: encoded.schemaVersion,
    },
  };
}

/** Builds decoded events at increasing positions, as the runner hands them to projections. */
export function eventLog() {
  let position = 0;
  return (event: DomainEvent, options: EventOptions & { stream?: string; revision?: number } = {}): ProjectedEvent => {
    position += 1;
    const recorded: RecordedEvent = {
      ...newEvent(event, options),
      stream: options.stream ?? 'test-1',
      revision: options.revision ?? 0,
      position,
    };
    return decodeEvent(recorded as unknown as StoredEventLike) as unknown as ProjectedEvent;
  };
}

/**
 * Folds events through projections in memory the way the runner does (same order, lookups
 * served from what earlier events produced): events in, documents out.
 */
export function project(projections: readonly Projection[], events: readonly ProjectedEvent[]) {
  const collections = new Map<string, Map<DocId, Doc>>();
  const of = (name: string) => {
    let c = collections.get(name);
    if (!c) collections.set(name, (c = new Map()));
    return c;
  };
  for (const event of events) {
    for (const p of projections) {
      if (!p.handles.includes(event.type)) continue;
      const id = p.documentId(event);
      if (id === null) continue;
      const docs = of(p.collection.name);
      const declared = new Set((p.reads?.(event) ?? []).map((r) => `${r.collection}/${r.id}`));
      const next = p.evolve(docs.get(id) ?? null, event, {
        lookup: <T extends Doc>(collection: string, key: DocId) => {
          if (!declared.has(`${collection}/${key}`)) throw new Error(`undeclared read ${collection}/${key}`);
          return (of(collection).get(key) ?? null) as T | null;
        },
      });
      if (next === null) docs.delete(id);
      else docs.set(id, next);
    }
  }
  return {
    docs: (name: string) => [...of(name).values()],
    get: (name: string, id: DocId) => of(name).get(id) ?? null,
  };
}
