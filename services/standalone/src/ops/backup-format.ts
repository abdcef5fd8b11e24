import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { CHECKPOINT_COLLECTION, DEAD_LETTER_COLLECTION, REBUILD_SUFFIX, allProjections } from '@ats/projector';

/**
 * The backup directory:
 *
 *   manifest.json          counts, head position and hash, sha256 of every other file
 *   events.ndjson          the event log in position order, with each event's hash and prev_hash
 *   tables/<table>.ndjson  every other table of the store except the read models (accounts,
 *                          sessions, the key store, signed chain checkpoints, …), one row a line
 *   blobs/<xx>/<id>        resume files
 *   files/<name>           the data dir's secrets (session secret, signing key, demo password)
 */
export const BACKUP_FORMAT = 'talentflow-backup';
export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST = 'manifest.json';
export const EVENTS_FILE = 'events.ndjson';

/** Files of the data dir that belong in a backup (the secrets the installation generated). */
export const DATA_DIR_FILES = ['session-secret', 'signing-key.pem', 'demo-admin-password', 'demo-recruiter-password'] as const;

/**
 * Tables that must be backed up with the log, or the log is useless: restoring the log without
 * the key store makes every person unreadable (or, restoring an older key store, brings erased
 * people back). A backup whose source had one of them must carry it; restore refuses otherwise.
 * Add a table here with one line.
 */
export const KEY_STORE_TABLES = ['subject_keys'];

export interface TableColumn {
  name: string;
  /** format_type(): e.g. `text`, `jsonb`, `bigint`, `bytea` */
  type: string;
  notNull: boolean;
  /** the column's default expression (not one drawing from a sequence) */
  default?: string;
}

export interface TableEntry {
  name: string;
  columns: TableColumn[];
  primaryKey: string[];
  rows: number;
  file: string;
}

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  createdAt: string;
  /** how it was taken: through the running server or by opening the data dir */
  mode: 'online' | 'offline';
  source: 'pglite' | 'postgres';
  events: { count: number; headPosition: number; headHash: string; file: string };
  tables: TableEntry[];
  /** key-store tables the source had (each must be in `tables`) */
  keyStore: string[];
  blobs: { count: number; bytes: number };
  /** every file but the manifest: path relative to the backup dir → sha256 and size */
  files: Record<string, { sha256: string; bytes: number }>;
}

export type Progress = (message: string) => void;

/** Collections (document-store tables `doc_<name>`) the projector rebuilds from the log. */
export function readModelCollections(): Set<string> {
  const names = new Set<string>([CHECKPOINT_COLLECTION, DEAD_LETTER_COLLECTION]);
  for (const p of allProjections) names.add(p.collection.name);
  return names;
}

/** True for a table a restore rebuilds instead of copying: read models and their rebuild copies. */
export function isReadModelTable(table: string, readModels: Set<string> = readModelCollections()): boolean {
  if (table.includes(REBUILD_SUFFIX)) return true;
  const match = /^doc_(.+)$/.exec(table);
  return match !== null && readModels.has(match[1]!);
}

export async function sha256File(path: string): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(path)) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).byteLength;
  }
  return { sha256: hash.digest('hex'), bytes };
}
