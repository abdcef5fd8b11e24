import { eventRegistry, isEventType, type DomainEvent, type EventType } from './registry';
import { upcasters, type Upcaster } from './upcasters';

/** Personal data is sealed per person here too (crypto-shredding): see `subject-crypto.ts`. */
export {
  sealData,
  openData,
  subjectKeyIdOf,
  sealedKeyIdOf,
  SubjectKeyMissingError,
  ERASED,
  PII_FIELD,
  PII_RULES,
  candidateKeyId,
  contactKeyId,
  type SubjectCipher,
  type SealedPii,
} from './subject-crypto';

/** The recorded shape the codec reads (matches the storage port's RecordedEvent). */
export interface StoredEventLike {
  id: string;
  type: string;
  data: unknown;
  metadata: { schemaVersion: number };
  stream: string;
  revision: number;
  position: number;
}

export type DecodedEvent<M = StoredEventLike['metadata']> = DomainEvent & {
  id: string;
  metadata: M;
  stream: string;
  revision: number;
  position: number;
};

export class UnknownEventTypeError extends Error {
  override readonly name = 'UnknownEventTypeError';
}

/**
 * The single place events are serialised. Validates the data against the current schema so a
 * bad event can never be written, and returns the schema version to store in metadata.
 */
export function encodeEvent(event: DomainEvent): { type: EventType; data: unknown; schemaVersion: number } {
  const entry = eventRegistry[event.type];
  const data = entry.schema.parse(event.data);
  return { type: event.type, data, schemaVersion: entry.version };
}

/** Reads a recorded event: upcasts older versions, then validates against the current schema. */
export function decodeEvent<E extends StoredEventLike>(
  stored: E,
  extraUpcasters: Record<string, Upcaster> = upcasters,
): DecodedEvent<E['metadata']> {
  if (!isEventType(stored.type)) throw new UnknownEventTypeError(`Unknown event type ${stored.type}`);
  const entry = eventRegistry[stored.type];
  let data = stored.data;
  for (let v = stored.metadata.schemaVersion ?? 1; v < entry.version; v++) {
    const up = extraUpcasters[`${stored.type}@${v}`];
    if (!up) throw new Error(`No upcaster for ${stored.type} v${v}`);
    data = up(data);
  }
  return {
    id: stored.id,
    type: stored.type,
    data: entry.schema.parse(data),
    metadata: stored.metadata,
    stream: stored.stream,
    revision: stored.revision,
    position: stored.position,
  } as DecodedEvent<E['metadata']>;
}
