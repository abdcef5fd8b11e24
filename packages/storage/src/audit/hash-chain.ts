import { createHash } from 'node:crypto';
import { canonicalJson } from './canonical-json';

/** The hash the first event chains from. */
export const GENESIS_HASH = '0'.repeat(64);

/** What an event's hash covers: its place in the log and its content as stored. */
export interface ChainEnvelope {
  position: number;
  stream: string;
  revision: number;
  type: string;
  data: unknown;
  metadata: unknown;
}

/** The canonical bytes of an event's envelope (RFC 8785). */
export function canonicalEnvelope(event: ChainEnvelope): string {
  return canonicalJson({
    position: event.position,
    stream: event.stream,
    revision: event.revision,
    type: event.type,
    data: event.data ?? null,
    metadata: event.metadata,
  });
}

/** hash = hex SHA-256(previous hash (hex text) ‖ canonical JSON of the envelope) */
export function chainHash(prevHash: string, event: ChainEnvelope): string {
  return createHash('sha256').update(prevHash).update(canonicalEnvelope(event)).digest('hex');
}
