import { existsSync } from 'node:fs';
import { readFile, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { BackupEntry, BackupRun, BackupsOverview } from '@ats/contracts';
import { ConflictError, type Logger } from '@ats/http-kit';
import type { SqlClient } from '@ats/storage';
import { takeBackup } from './backup';
import { MANIFEST, type BackupManifest } from './backup-format';

/** One backup at a time per server, whether asked for by the Backups screen or by `npm run backup`. */
export interface BackupLock {
  running: boolean;
}

/** The folders the Backups screen writes: `talentflow-<UTC time>`, and `….partial` while (or when cut short) being written. */
const BACKUP_NAME = /^talentflow-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d(?:-\d+)?Z$/;
const KEEP_LINES = 20;

/** `talentflow-2026-12-07T20-01-02Z`: sorts by time, no characters a shell or a file system minds. */
export function backupName(now: Date): string {
  return `talentflow-${now.toISOString().slice(0, 19).replace(/:/g, '-')}Z`;
}

async function dirBytes(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => [])) {
    if (entry.isFile()) total += (await stat(join(entry.parentPath, entry.name)).catch(() => ({ size: 0 }))).size;
  }
  return total;
}

const shellQuote = (s: string) => (/^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);

/**
 * The Backups screen's side: "Back up now" runs the same online backup as `npm run backup` into
 * a new folder of the server's backup directory (never a path from the browser), in the
 * background (the backup reads the log in chunks, so other requests are served between them);
 * the list reads the folders there.
 */
export function createBackupAdmin(options: {
  sql: SqlClient;
  /** the data dir whose secrets go into a backup (undefined: in-memory store, none) */
  dataDir: string | undefined;
  blobDir: string | undefined;
  backupDir: string;
  lock: BackupLock;
  log: Logger;
}) {
  let run: BackupRun | null = null;
  let current: Promise<void> | null = null;

  async function entries(): Promise<BackupEntry[]> {
    if (!existsSync(options.backupDir)) return [];
    const names = await readdir(options.backupDir);
    const out: BackupEntry[] = [];
    for (const file of names) {
      const partial = file.endsWith('.partial');
      const name = partial ? file.slice(0, -'.partial'.length) : file;
      if (!BACKUP_NAME.test(name)) continue;
      const path = join(options.backupDir, file);
      const info = await stat(path).catch(() => null);
      if (!info?.isDirectory()) continue;
      let manifest: BackupManifest | null = null;
      if (!partial)
        manifest = (JSON.parse(await readFile(join(path, MANIFEST), 'utf8').catch(() => 'null')) as BackupManifest | null) ?? null;
      const status: BackupEntry['status'] =
        manifest !== null ? 'complete' : run?.status === 'running' && run.name === name ? 'running' : 'partial';
      out.push({
        name,
        createdAt: manifest?.createdAt ?? info.mtime.toISOString(),
        bytes: manifest
          ? Object.values(manifest.files).reduce((sum, f) => sum + f.bytes, 0) + (await stat(join(path, MANIFEST))).size
          : await dirBytes(path),
        status,
        events: manifest?.events.count ?? null,
        restoreCommand: manifest ? `npm run restore -- ${shellQuote(path)} --data-dir ./data` : null,
      });
    }
    return out.sort((a, b) => b.name.localeCompare(a.name));
  }

  return {
    backupDir: options.backupDir,
    async overview(): Promise<BackupsOverview> {
      return { dir: options.backupDir, run, backups: await entries() };
    },
    start(): BackupRun {
      if (options.lock.running) throw new ConflictError('backup_running', 'A backup is already running: wait for it to finish.');
      options.lock.running = true;
      let name = backupName(new Date());
      // two in the same second (one just finished): a suffix keeps both
      for (let n = 2; existsSync(join(options.backupDir, name)); n++) name = `${backupName(new Date()).slice(0, -1)}-${n}Z`;
      const started: BackupRun = {
        name,
        status: 'running',
        progress: [],
        startedAt: new Date().toISOString(),
        finishedAt: null,
        error: null,
      };
      run = started;
      const say = (line: string) => {
        started.progress.push(line);
        if (started.progress.length > KEEP_LINES) started.progress.splice(0, started.progress.length - KEEP_LINES);
      };
      current = takeBackup({
        sql: options.sql,
        dataDir: options.dataDir,
        blobDir: options.blobDir,
        target: join(options.backupDir, name),
        mode: 'online',
        progress: say,
      })
        .then((manifest) => {
          started.status = 'done';
          options.log.info('backup taken', { name, events: manifest.events.count, head: manifest.events.headPosition });
        })
        .catch((error: unknown) => {
          started.status = 'failed';
          started.error = error instanceof Error ? error.message : String(error);
          options.log.error('backup failed', { err: error, name });
        })
        .finally(() => {
          started.finishedAt = new Date().toISOString();
          options.lock.running = false;
          current = null;
        });
      return { ...started, progress: [...started.progress] };
    },
    /** waits for a backup under way (a close must not cut it short) */
    async settle(): Promise<void> {
      await current;
    },
  };
}
export type BackupAdmin = ReturnType<typeof createBackupAdmin>;
