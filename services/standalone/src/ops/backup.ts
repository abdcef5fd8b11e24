import { createWriteStream, existsSync } from 'node:fs';
import { chmod, copyFile, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { once } from 'node:events';
import { join, relative } from 'node:path';
import type { SqlClient } from '@ats/storage';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  DATA_DIR_FILES,
  EVENTS_FILE,
  KEY_STORE_TABLES,
  MANIFEST,
  isReadModelTable,
  readModelCollections,
  sha256File,
  type BackupManifest,
  type Progress,
  type TableColumn,
  type TableEntry,
} from './backup-format';

export interface BackupOptions {
  sql: SqlClient;
  /** the data dir: its secret files are copied (undefined: none, e.g. PostgreSQL) */
  dataDir: string | undefined;
  blobDir: string | undefined;
  /** where the backup goes; must be missing or empty */
  target: string;
  mode: BackupManifest['mode'];
  progress?: Progress;
  /** events per read (default 2,000): the store serves other requests between chunks */
  chunk?: number;
}

export const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Tables of the store's current schema, with columns and primary key, except events and read models. */
export async function stateTables(sql: SqlClient): Promise<Omit<TableEntry, 'rows' | 'file'>[]> {
  const { rows } = await sql.query<{ table: string; column: string; type: string; not_null: boolean; pk: boolean; default: string | null }>(
    `SELECT c.relname AS table, a.attname AS column, format_type(a.atttypid, a.atttypmod) AS type, a.attnotnull AS not_null,
            (SELECT pg_get_expr(d.adbin, d.adrelid) FROM pg_attrdef d WHERE d.adrelid = c.oid AND d.adnum = a.attnum) AS default,
            EXISTS (SELECT 1 FROM pg_index i WHERE i.indrelid = c.oid AND i.indisprimary AND a.attnum = ANY(i.indkey)) AS pk
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
      WHERE c.relkind = 'r' AND n.nspname = current_schema()
      ORDER BY c.relname, a.attnum`,
  );
  const readModels = readModelCollections();
  const tables = new Map<string, { name: string; columns: TableColumn[]; primaryKey: string[] }>();
  for (const row of rows) {
    if (row.table === 'events' || isReadModelTable(row.table, readModels)) continue;
    let table = tables.get(row.table);
    if (!table) tables.set(row.table, (table = { name: row.table, columns: [], primaryKey: [] }));
    // a default that draws from a sequence is left to the app's own migration (the sequence is not copied)
    const dflt = row.default && !row.default.includes('nextval(') ? row.default : null;
    table.columns.push({ name: row.column, type: row.type, notNull: row.not_null, ...(dflt ? { default: dflt } : {}) });
    if (row.pk) table.primaryKey.push(row.column);
  }
  return [...tables.values()];
}

async function writeLines(path: string, lines: Iterable<string>): Promise<void> {
  const out = createWriteStream(path);
  for (const line of lines) if (!out.write(line + '\n')) await once(out, 'drain');
  out.end();
  await once(out, 'finish');
}

async function listFiles(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile() && !e.name.endsWith('.tmp')).map((e) => join(e.parentPath, e.name));
}

/**
 * A consistent backup while the installation serves. One short transaction reads the log's head
 * and every state table (accounts, sessions, the key store: small), so they belong together;
 * then the events up to that head are read in chunks (the log is append-only, so what lies below
 * the head never changes, and other requests run between chunks); then the blobs (written before
 * the events that name them). Written into `<target>.partial` and renamed when complete, so a
 * half-written backup never looks like one.
 */
export async function takeBackup(options: BackupOptions): Promise<BackupManifest> {
  const say = options.progress ?? (() => {});
  const chunk = options.chunk ?? 2000;
  const target = options.target;
  if (existsSync(target) && (await readdir(target)).length > 0) throw new Error(`The backup directory ${target} is not empty.`);
  const work = `${target}.partial`;
  await rm(work, { recursive: true, force: true });
  // the secrets and personal data inside: readable by this user only
  await mkdir(join(work, 'tables'), { recursive: true, mode: 0o700 });
  await chmod(work, 0o700);

  const tableDefs = await stateTables(options.sql);
  const collectionTables = new Set(tableDefs.map((t) => t.name));
  const snapshot = await options.sql.transaction(async (tx) => {
    if (tx.dialect === 'postgres') await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ');
    const { rows } = await tx.query<{ position: number | string; hash: string | null }>(
      'SELECT position, hash FROM events ORDER BY position DESC LIMIT 1',
    );
    const tables: { def: (typeof tableDefs)[number]; rows: string[] }[] = [];
    for (const def of tableDefs) {
      const order = def.primaryKey.length > 0 ? ` ORDER BY ${def.primaryKey.map(quote).join(', ')}` : '';
      const { rows: data } = await tx.query<{ row: string }>(`SELECT to_jsonb(t)::text AS row FROM ${quote(def.name)} t${order}`);
      let lines = data.map((r) => r.row);
      // the collection registry: only the collections backed up (read models are rebuilt)
      if (def.name === 'collections')
        lines = lines.filter((line) => collectionTables.has(`doc_${(JSON.parse(line) as { name: string }).name}`));
      tables.push({ def, rows: lines });
    }
    const head = rows[0];
    return { headPosition: head ? Number(head.position) : 0, headHash: head?.hash ?? '0'.repeat(64), tables };
  });
  if (snapshot.headPosition > 0 && snapshot.headHash === null) throw new Error('The event log is not chained yet; try again in a minute.');

  const entries: TableEntry[] = [];
  for (const { def, rows } of snapshot.tables) {
    const file = `tables/${def.name}.ndjson`;
    await writeLines(join(work, file), rows);
    entries.push({ ...def, rows: rows.length, file });
    say(`table ${def.name}: ${rows.length} rows`);
  }

  // the events up to the head, chunk by chunk
  const out = createWriteStream(join(work, EVENTS_FILE));
  let count = 0;
  for (let after = 0; after < snapshot.headPosition;) {
    const { rows } = await options.sql.query<{ position: number | string; line: string }>(
      `SELECT position, json_build_object('position', position, 'id', id, 'stream', stream, 'revision', revision, 'type', type,
              'data', data, 'metadata', metadata, 'hash', hash, 'prevHash', prev_hash)::text AS line
         FROM events WHERE position > $1 AND position <= $2 ORDER BY position LIMIT $3`,
      [after, snapshot.headPosition, chunk],
    );
    if (rows.length === 0) break;
    for (const row of rows) if (!out.write(row.line + '\n')) await once(out, 'drain');
    count += rows.length;
    after = Number(rows.at(-1)!.position);
    say(`events: ${count} (position ${after} of ${snapshot.headPosition})`);
  }
  out.end();
  await once(out, 'finish');

  // resume files, then the data dir's secrets
  let blobCount = 0;
  let blobBytes = 0;
  if (options.blobDir) {
    const blobs = await listFiles(options.blobDir);
    for (const file of blobs) {
      const to = join(work, 'blobs', relative(options.blobDir, file));
      await mkdir(join(to, '..'), { recursive: true });
      await copyFile(file, to);
      blobCount += 1;
      blobBytes += (await stat(to)).size;
      if (blobCount % 100 === 0 || blobCount === blobs.length) say(`blobs: ${blobCount} of ${blobs.length}`);
    }
  }
  if (options.dataDir) {
    for (const name of DATA_DIR_FILES) {
      const from = join(options.dataDir, name);
      if (!existsSync(from)) continue;
      await mkdir(join(work, 'files'), { recursive: true });
      await copyFile(from, join(work, 'files', name));
    }
  }

  say('checksums');
  const files: BackupManifest['files'] = {};
  for (const file of (await listFiles(work)).sort()) files[relative(work, file).split('\\').join('/')] = await sha256File(file);
  const names = new Set(entries.map((t) => t.name));
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    formatVersion: BACKUP_FORMAT_VERSION,
    createdAt: new Date().toISOString(),
    mode: options.mode,
    source: options.sql.dialect,
    events: { count, headPosition: snapshot.headPosition, headHash: snapshot.headHash, file: EVENTS_FILE },
    tables: entries,
    keyStore: KEY_STORE_TABLES.filter((name) => names.has(name)),
    blobs: { count: blobCount, bytes: blobBytes },
    files,
  };
  await writeFile(join(work, MANIFEST), JSON.stringify(manifest, null, 2) + '\n', { mode: 0o600 });
  await rm(target, { recursive: true, force: true });
  await rename(work, target);
  say(`backup complete: ${count} events (head ${snapshot.headPosition}), ${entries.length} tables, ${blobCount} blobs → ${target}`);
  return manifest;
}
