import { existsSync, readFileSync } from 'node:fs';
import { chmod, cp, mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { allProjections, createProjector } from '@ats/projector';
import {
  createLogSigner,
  createMemoryChangeBus,
  openStorage,
  type CollectionDefinition,
  type SqlClient,
  type StorageConfig,
} from '@ats/storage';
import { quote } from './backup';
import type { BackupManifest, Progress, TableEntry } from './backup-format';
import { BackupRefusedError, ndjson, verifyBackup, type BackupEvent } from './verify-backup';

export interface RestoreOptions {
  /** the backup directory */
  from: string;
  /** an empty (or missing) data dir, or a PostgreSQL database with no events */
  to: { kind: 'embedded'; dataDir: string } | { kind: 'postgres'; url: string; filesDir: string };
  progress?: Progress;
}

export interface RestoreResult {
  manifest: BackupManifest;
  events: number;
  readModels: string[];
  durationMs: number;
}

const CHUNK = 1000;

async function isEmptyDir(dir: string): Promise<boolean> {
  return !existsSync(dir) || (await readdir(dir)).length === 0;
}

/**
 * Verifies the backup whole (checksums, key store, hash chain), then writes the events with
 * their positions and hashes, the state tables, the blobs and the secrets, and rebuilds every
 * read model from the restored log. Nothing is written before the backup has been verified.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const say = options.progress ?? (() => {});
  const started = Date.now();
  const target = options.to;
  const filesDir = target.kind === 'embedded' ? target.dataDir : target.filesDir;
  if (target.kind === 'embedded' && !(await isEmptyDir(target.dataDir)))
    throw new BackupRefusedError(`${target.dataDir} is not empty: restore only into an empty data directory.`);
  if (target.kind === 'postgres' && !(await isEmptyDir(join(filesDir, 'blobs'))))
    throw new BackupRefusedError(`${join(filesDir, 'blobs')} is not empty: restore the files into an empty directory.`);

  say(`verifying ${options.from}`);
  const manifest = await verifyBackup(options.from, say);

  const signingKeyFile = join(options.from, 'files', 'signing-key.pem');
  const signer = existsSync(signingKeyFile) ? createLogSigner(readFileSync(signingKeyFile, 'utf8').trim()) : undefined;
  const config: StorageConfig = target.kind === 'embedded' ? { kind: 'embedded', dataDir: join(target.dataDir, 'pglite') } : target;
  const storage = await openStorage(config, signer ? { signer } : {});
  const sql = storage.sql!;
  try {
    const { rows } = await sql.query<{ n: number | string }>('SELECT count(*) AS n FROM events');
    if (Number(rows[0]?.n) > 0) throw new BackupRefusedError('The target database already holds events: restore only into an empty one.');

    say('writing the event log');
    let written = 0;
    let batch: BackupEvent[] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      await sql.query(
        `INSERT INTO events (position, id, stream, revision, type, data, metadata, hash, prev_hash)
         SELECT position, id, stream, revision, type, data, metadata, hash, "prevHash"
           FROM jsonb_to_recordset($1::text::jsonb) AS x(position bigint, id uuid, stream text, revision integer, type text,
                data jsonb, metadata jsonb, hash text, "prevHash" text)`,
        [JSON.stringify(batch)],
      );
      written += batch.length;
      batch = [];
      say(`events: ${written} of ${manifest.events.count}`);
    };
    for await (const event of ndjson<BackupEvent>(join(options.from, manifest.events.file))) {
      batch.push(event);
      if (batch.length >= CHUNK) await flush();
    }
    await flush();
    if (manifest.events.headPosition > 0)
      await sql.query(`SELECT setval(pg_get_serial_sequence('events', 'position'), $1)`, [manifest.events.headPosition]);

    for (const table of manifest.tables) await restoreTable(sql, options.from, table, say);
    // the restored collections get their declared indexes (the registry holds their definitions)
    const { rows: collections } = await sql.query<{ definition: CollectionDefinition }>('SELECT definition FROM collections');
    for (const { definition } of collections) await storage.documentStore.ensureCollection(definition);

    if (existsSync(join(options.from, 'blobs'))) {
      say(`blobs: ${manifest.blobs.count} files`);
      await mkdir(filesDir, { recursive: true });
      await cp(join(options.from, 'blobs'), join(filesDir, 'blobs'), { recursive: true });
    }
    if (existsSync(join(options.from, 'files'))) {
      await mkdir(filesDir, { recursive: true });
      for (const name of await readdir(join(options.from, 'files'))) {
        await cp(join(options.from, 'files', name), join(filesDir, name));
        await chmod(join(filesDir, name), 0o600);
      }
    }

    say('rebuilding the read models');
    const projector = createProjector({
      eventStore: storage.eventStore,
      documentStore: storage.documentStore,
      changeBus: createMemoryChangeBus(),
      projections: allProjections,
    });
    let lastSaid = 0;
    const rebuilt = await projector.rebuild({
      onProgress: (p) => {
        if (p.phase !== 'replaying' || Date.now() - lastSaid > 500 || p.position === p.head) {
          lastSaid = Date.now();
          say(`read models: ${p.phase} ${p.position} of ${p.head}`);
        }
      },
    });
    say(
      `restored: ${written} events (head ${manifest.events.headPosition}), ${rebuilt.readModels.length} read models rebuilt in ${Date.now() - started} ms`,
    );
    return { manifest, events: written, readModels: rebuilt.readModels, durationMs: Date.now() - started };
  } finally {
    await storage.close();
  }
}

/** Creates a state table when the app has not (yet) and copies its rows in. */
async function restoreTable(sql: SqlClient, from: string, table: TableEntry, say: Progress): Promise<void> {
  const columns = table.columns.map(
    (c) => `${quote(c.name)} ${c.type}${c.default ? ` DEFAULT ${c.default}` : ''}${c.notNull ? ' NOT NULL' : ''}`,
  );
  if (table.primaryKey.length > 0) columns.push(`PRIMARY KEY (${table.primaryKey.map(quote).join(', ')})`);
  await sql.query(`CREATE TABLE IF NOT EXISTS ${quote(table.name)} (${columns.join(', ')})`);
  const names = table.columns.map((c) => quote(c.name)).join(', ');
  let rows: unknown[] = [];
  const flush = async () => {
    if (rows.length === 0) return;
    // ON CONFLICT: rows the app's own start-up wrote already (e.g. the registry entry of a collection)
    await sql.query(
      `INSERT INTO ${quote(table.name)} (${names}) SELECT ${names} FROM jsonb_populate_recordset(NULL::${quote(table.name)}, $1::text::jsonb)
       ON CONFLICT DO NOTHING`,
      [JSON.stringify(rows)],
    );
    rows = [];
  };
  for await (const row of ndjson<unknown>(join(from, table.file))) {
    rows.push(row);
    if (rows.length >= CHUNK) await flush();
  }
  await flush();
  say(`table ${table.name}: ${table.rows} rows`);
}

/** Removes what a failed restore wrote into a data dir that was empty before. */
export async function clearDir(dir: string): Promise<void> {
  if (!existsSync(dir)) return;
  for (const name of await readdir(dir)) await rm(join(dir, name), { recursive: true, force: true });
}
