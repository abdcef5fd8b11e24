import { existsSync, createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { basename, join } from 'node:path';
import { GENESIS_HASH, chainHash } from '@ats/storage';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, MANIFEST, sha256File, type BackupManifest, type Progress } from './backup-format';

/** A backup that must not be restored, and why. */
export class BackupRefusedError extends Error {
  override readonly name = 'BackupRefusedError';
}

const refuse = (reason: string): never => {
  throw new BackupRefusedError(reason);
};

/** Reads one NDJSON file line by line. */
export async function* ndjson<T>(path: string): AsyncGenerator<T> {
  const lines = createInterface({ input: createReadStream(path, 'utf8'), crlfDelay: Infinity });
  let n = 0;
  for await (const line of lines) {
    n += 1;
    if (line.trim() === '') continue;
    let value: T;
    try {
      value = JSON.parse(line) as T;
    } catch {
      return refuse(`Line ${n} of ${basename(path)} is not JSON: the backup is damaged.`);
    }
    yield value;
  }
}

export interface BackupEvent {
  position: number;
  id: string;
  stream: string;
  revision: number;
  type: string;
  data: unknown;
  metadata: unknown;
  hash: string;
  prevHash: string;
}

/**
 * Everything a restore checks before it writes a byte: the manifest, every file's presence and
 * sha256, the key store's presence, each table's row count, and the event log's hash chain from
 * the genesis hash to the head the manifest names.
 */
export async function verifyBackup(dir: string, progress: Progress = () => {}): Promise<BackupManifest> {
  const manifestPath = join(dir, MANIFEST);
  if (!existsSync(manifestPath)) refuse(`${dir} holds no ${MANIFEST}: not a backup, or one that was cut short.`);
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as BackupManifest;
  } catch {
    return refuse(`${MANIFEST} is not valid JSON: the backup is damaged.`);
  }
  if (manifest.format !== BACKUP_FORMAT) refuse(`${MANIFEST} is not a TalentFlow backup manifest.`);
  if (manifest.formatVersion > BACKUP_FORMAT_VERSION)
    refuse(
      `The backup has format ${manifest.formatVersion}; this version reads up to ${BACKUP_FORMAT_VERSION}. Restore with a newer version.`,
    );

  // the key store travels with the log: without it every person is unreadable
  const tableNames = new Set(manifest.tables.map((t) => t.name));
  for (const table of manifest.keyStore ?? []) {
    if (!tableNames.has(table))
      refuse(`The key store (table ${table}) is missing from the backup: the personal data in the log could not be read.`);
  }
  const required = [manifest.events.file, ...manifest.tables.map((t) => t.file)];
  for (const file of required) if (!manifest.files[file]) refuse(`${file} is not listed in the manifest: the backup is partial.`);

  const files = Object.entries(manifest.files);
  let checked = 0;
  for (const [file, expected] of files) {
    const path = join(dir, file);
    if (!existsSync(path)) {
      const what = file.startsWith('blobs/') ? 'a resume file' : isKeyStoreFile(manifest, file) ? 'the key store' : 'a file';
      refuse(`${file} is missing (${what}): the backup is partial.`);
    }
    const actual = await sha256File(path);
    if (actual.sha256 !== expected.sha256 || actual.bytes !== expected.bytes)
      refuse(`${file} does not match its checksum in the manifest: the backup is damaged.`);
    checked += 1;
    if (checked % 200 === 0 || checked === files.length) progress(`checksums: ${checked} of ${files.length} files`);
  }

  for (const table of manifest.tables) {
    let rows = 0;
    for await (const row of ndjson<unknown>(join(dir, table.file))) if (row !== undefined) rows += 1;
    if (rows !== table.rows) refuse(`${table.file} holds ${rows} rows, the manifest counts ${table.rows}.`);
  }

  // the hash chain: every event hashes to what it says, and links to the one before it
  let prev = GENESIS_HASH;
  let last = 0;
  let count = 0;
  for await (const event of ndjson<BackupEvent>(join(dir, manifest.events.file))) {
    if (event.position <= last) refuse(`The event log goes backwards at position ${event.position}.`);
    if (event.prevHash !== prev)
      refuse(`The event log's hash chain is broken at position ${event.position} (an event is missing or moved).`);
    if (chainHash(prev, event) !== event.hash)
      refuse(`The event at position ${event.position} does not match its hash: the log was changed.`);
    prev = event.hash;
    last = event.position;
    count += 1;
    if (count % 10_000 === 0) progress(`hash chain: ${count} of ${manifest.events.count} events`);
  }
  if (count !== manifest.events.count) refuse(`The event log holds ${count} events, the manifest counts ${manifest.events.count}.`);
  if (last !== manifest.events.headPosition || (count > 0 && prev !== manifest.events.headHash))
    refuse(`The event log ends at position ${last}, not at the head the manifest names (${manifest.events.headPosition}).`);
  progress(
    `verified: ${count} events (head ${last}, hash ${prev.slice(0, 12)}…), ${manifest.tables.length} tables, ${manifest.blobs.count} blobs`,
  );
  return manifest;
}

function isKeyStoreFile(manifest: BackupManifest, file: string): boolean {
  return (manifest.keyStore ?? []).some((table) => manifest.tables.find((t) => t.name === table)?.file === file);
}
