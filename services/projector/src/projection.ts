import type { ReadModelName } from '@ats/contracts';
import type { DecodedEvent, EventType } from '@ats/events';
import type { CollectionDefinition, Doc, EventMetadata } from './ports';

/** An event as projections see it: decoded, upcast, validated, with the store's metadata. */
export type ProjectedEvent = DecodedEvent<EventMetadata>;
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
 * idempotency.
 */
export interface Projection<D extends Doc = Doc> {
  /** the read-model name put in change notices (usually the collection name) */
  name: ReadModelName;
  collection: CollectionDefinition;
  handles: readonly EventType[];
  /** the document this event affects; null = ignore the event */
  documentId(event: ProjectedEvent): DocId | null;
  /** the new document; null deletes it; returning `doc` unchanged (same reference) means no change */
  evolve(doc: D | null, event: ProjectedEvent, context: ProjectionContext): D | null;
  /** routing hints for change notices, e.g. `{ candidateId: [3] }` */
  refs?(event: ProjectedEvent): Refs;
  /** documents (of other projections' collections) `evolve` needs for this event */
  reads?(event: ProjectedEvent): Array<{ collection: string; id: DocId }>;
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

/** Defines a projection with its document type checked (and erased to `Projection` for lists). */
export function defineProjection<D extends Doc>(projection: Projection<D>): Projection {
  return projection as unknown as Projection;
}

/** Narrows a decoded event to one type (for projections handling several). */
export function isEvent<K extends EventType>(event: ProjectedEvent, type: K): event is Extract<ProjectedEvent, { type: K }> {
  return event.type === type;
}
