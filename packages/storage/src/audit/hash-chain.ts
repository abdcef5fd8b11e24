import * as crypto from 'node:crypto';
import { serialize } from './canonical-json';

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

/**
 * The canonical bytes of an event's envelope (RFC 8785): the six members written in their sorted
 * order directly (data, metadata, position, revision, stream, type), which is what canonicalJson
 * of the envelope object gives, without building and sorting that object for every event.
 */
export function canonicalEnvelope(event: ChainEnvelope): string {
  const metadata = serialize(event.metadata);
  return (
    '{"data":' +
    (serialize(event.data ?? null) ?? 'null') +
    (metadata === undefined ? '' : ',"metadata":' + metadata) +
    ',"position":' +
    serialize(event.position) +
    ',"revision":' +
    serialize(event.revision) +
    ',"stream":' +
    JSON.stringify(event.stream) +
    ',"type":' +
    JSON.stringify(event.type) +
    '}'
  );
}

/** Node ≥ 20.12 hashes a string in one call (crypto.hash); older ones build a Hash object. */
const oneShot = (crypto as { hash?: (algorithm: string, data: string, encoding: 'hex') => string }).hash;
const sha256Hex: (text: string) => string = oneShot
  ? (text) => oneShot('sha256', text, 'hex')
  : (text) => crypto.createHash('sha256').update(text).digest('hex');

/** hash = hex SHA-256(previous hash (hex text) ‖ canonical JSON of the envelope) */
export function chainHash(prevHash: string, event: ChainEnvelope): string {
  return sha256Hex(prevHash + canonicalEnvelope(event));
}
