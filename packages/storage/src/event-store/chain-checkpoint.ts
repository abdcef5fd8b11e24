import type { SqlClient } from '../sql/sql-client';
import { canonicalJson } from '../audit/canonical-json';
import type { LogSigner } from '../audit/signing';

/** A signed checkpoint of the hash chain: the head hash at a position. */
export interface ChainCheckpoint {
  position: number;
  headHash: string;
  at: string;
  publicKey: string;
  signature: string;
}

/** The text a checkpoint's signature covers (RFC 8785 JSON of position, head hash and time). */
export function checkpointText(checkpoint: Pick<ChainCheckpoint, 'position' | 'headHash' | 'at'>): string {
  return canonicalJson({ position: checkpoint.position, headHash: checkpoint.headHash, at: checkpoint.at });
}

/** Signs the head hash at `position` now and records it in `checkpointsTable` (qualified, quoted). */
export async function insertChainCheckpoint(
  client: SqlClient,
  checkpointsTable: string,
  position: number,
  headHash: string,
  signer: LogSigner,
): Promise<ChainCheckpoint> {
  const at = new Date().toISOString();
  const checkpoint = {
    position,
    headHash,
    at,
    publicKey: signer.publicKeyPem,
    signature: signer.sign(checkpointText({ position, headHash, at })),
  };
  await client.query(
    `INSERT INTO ${checkpointsTable} (position, head_hash, at, public_key, signature) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (position) DO NOTHING`,
    [position, headHash, at, checkpoint.publicKey, checkpoint.signature],
  );
  return checkpoint;
}
