import type { ReadModelName } from '@ats/contracts';
import type { DecodedEvent, EventType } from '@ats/events';
import type { CollectionDefinition, Doc, EventMetadata } from './ports';

/** An event as projections see it: decoded, upcast, validated, with the store's metadata. */
export type ProjectedEvent = DecodedEvent<EventMetadata>;
/** The projected events of the given types. */
export type ProjectedEventOf<T extends EventType> = Extract<ProjectedEvent, { type: T }>;
export type DocId = string | number;
export type Refs = Record<string, DocId[]>;

/**
 * Read-only access to documents another projection keeps (e.g. a name lookup). The runner loads
 * what `reads(event)` asks for before calling `evolve`, from the batch's own pending writes first,
 * so `evolve` stays a pure function of its inputs.
 */
export interface ProjectionContext {
  lookup<T extends Doc = Doc>(collection: string, id: DocId): T | null;
}

/**
 * One read model: which events it handles, which document each event touches, and how that
 * document evolves. Pure: no I/O, no clock; the runner owns checkpoints, batching, retries and
 * idempotency. `T` is the union of the handled event types: the runner hands a projection only
 * those, so its functions receive the narrowed events and need not check `event.type` again.
 */
export interface Projection<D extends Doc = Doc, T extends EventType = EventType> {
  /** the read-model name put in change notices (usually the collection name) */
  name: ReadModelName;
  collection: CollectionDefinition;
  handles: readonly T[];
  /** the document this event affects; null = ignore the event */
  documentId(event: ProjectedEventOf<T>): DocId | null;
  /** the new document; null deletes it; returning `doc` unchanged (same reference) means no change */
  evolve(doc: D | null, event: ProjectedEventOf<T>, context: ProjectionContext): D | null;
  /** routing hints for change notices, e.g. `{ candidateId: [3] }`; `doc` is the evolved document (a per-user read model routes by it) */
  refs?(event: ProjectedEventOf<T>, doc?: D | null): Refs;
  /** documents (of other projections' collections) `evolve` needs for this event */
  reads?(event: ProjectedEventOf<T>): Array<{ collection: string; id: DocId }>;
  /** false for internal helper read models nobody subscribes to (no change notices) */
  notify?: boolean;
  /**
   * true when `documentId` is unique to the event (e.g. the event id): no document can exist
   * before the event is applied, so the runner does not load one (`evolve` gets null).
   */
  documentPerEvent?: boolean;
  /**
   * Bump when `evolve` changes what existing documents hold: the runner then rebuilds this read
   * model from the log at its next start (default 1).
   */
  version?: number;
}

/** How the checkpoint names a projection at its version: 'candidates', 'candidates@2'. */
export function readModelKey(projection: Pick<Projection, 'name' | 'version'>): string {
  return (projection.version ?? 1) > 1 ? `${projection.name}@${projection.version}` : projection.name;
}

/**
 * Defines a projection with its document type and handled events checked, erased to `Projection`
 * for lists. Sound because the runner (and `project` in tests) only passes events in `handles`.
 */
export function defineProjection<D extends Doc, T extends EventType>(projection: Projection<D, T>): Projection {
  return projection as unknown as Projection;
}

/**
 * The common shape of a read model of records that are created once by one event (a note, an
 * interview, a message, a post): the document is built from that event alone.
 */
export function defineRecordProjection<D extends Doc, K extends EventType>(record: {
  name: ReadModelName;
  collection: CollectionDefinition;
  event: K;
  /** the document's id, from the event */
  id: (event: ProjectedEventOf<K>) => DocId;
  toDoc: (event: ProjectedEventOf<K>) => D;
  refs?: (event: ProjectedEventOf<K>) => Refs;
}): Projection {
  return defineProjection<D, K>({
    name: record.name,
    collection: record.collection,
    handles: [record.event],
    documentId: record.id,
    evolve: (_doc, event) => record.toDoc(event),
    ...(record.refs ? { refs: record.refs } : {}),
  });
}
