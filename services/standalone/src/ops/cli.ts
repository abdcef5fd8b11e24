/**
 * npm run backup  -- <dir> [--data-dir ./data] | [--from postgres://… --blob-dir ./data/blobs]
 * npm run restore -- <dir> [--data-dir ./data] [--to postgres://… (or DATABASE_URL)] [--files-dir ./data]
 *
 * Backup: through the running server when one owns the data dir (an online, consistent backup
 * while it serves), else by opening the data dir directly. Restore: verifies the backup whole,
 * then writes into an empty data dir, or into a PostgreSQL database with no events (the blobs and
 * secrets then go to --files-dir), and rebuilds the read models. Exit 0 done, 1 refused or
 * failed, 2 usage.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { openStorage } from '@ats/storage';
import { takeBackup } from './backup';
import { runningServer } from './online-backup';
import { clearDir, restoreBackup } from './restore';
import { BackupRefusedError } from './verify-backup';

const say = (line: string) => process.stdout.write(`${line}\n`);

function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
}

function positional(args: string[]): string | undefined {
  return args.find((arg, i) => !arg.startsWith('--') && (i === 0 || !args[i - 1]!.startsWith('--')));
}

async function backup(dir: string, dataDir: string, args: string[]): Promise<number> {
  const url = option(args, '--from');
  if (url) {
    // a PostgreSQL database (distributed mode): its own transactions make it consistent while it serves
    const blobDir = resolve(option(args, '--blob-dir') ?? process.env.BLOB_DIR ?? './data/blobs');
    say(`backing up PostgreSQL and the blobs in ${blobDir}`);
    const storage = await openStorage({ kind: 'postgres', url });
    try {
      await takeBackup({ sql: storage.sql!, dataDir: undefined, blobDir, target: dir, mode: 'online', progress: say });
    } finally {
      await storage.close();
    }
    return 0;
  }
  const server = runningServer(dataDir);
  if (server) {
    say(`asking the running server (${server.url}) for an online backup`);
    const response = await fetch(`${server.url}/api/admin/backup`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ dir }),
    });
    if (!response.ok || !response.body) {
      say(`backup refused: ${response.status} ${await response.text()}`);
      return 1;
    }
    let ok = false;
    const lines = createInterface({ input: Readable.fromWeb(response.body as import('node:stream/web').ReadableStream) });
    for await (const line of lines) {
      if (line.startsWith('{')) {
        const result = JSON.parse(line) as { ok: boolean; error?: string };
        ok = result.ok;
        if (!ok) say(`backup failed: ${result.error}`);
      } else say(line);
    }
    return ok ? 0 : 1;
  }
  const pglite = join(dataDir, 'pglite');
  if (!existsSync(pglite)) {
    say(`No installation in ${dataDir} (no pglite directory), and no server running on it.`);
    return 1;
  }
  say(`no server running on ${dataDir}: opening it directly (offline backup)`);
  const storage = await openStorage({ kind: 'embedded', dataDir: pglite });
  try {
    await takeBackup({ sql: storage.sql!, dataDir, blobDir: join(dataDir, 'blobs'), target: dir, mode: 'offline', progress: say });
  } finally {
    await storage.close();
  }
  return 0;
}

async function restore(dir: string, args: string[], dataDir: string): Promise<number> {
  const url = option(args, '--to') ?? process.env.DATABASE_URL;
  if (url) {
    const filesDir = resolve(option(args, '--files-dir') ?? dataDir);
    say(`restoring ${dir} into PostgreSQL; blobs and secrets into ${filesDir}`);
    await restoreBackup({ from: dir, to: { kind: 'postgres', url, filesDir }, progress: say });
    return 0;
  }
  if (runningServer(dataDir)) {
    say(`A server is running on ${dataDir}: stop it, and restore into an empty data directory.`);
    return 1;
  }
  say(`restoring ${dir} into ${dataDir}`);
  try {
    await restoreBackup({ from: dir, to: { kind: 'embedded', dataDir }, progress: say });
  } catch (error) {
    // leave the data dir as empty as it was (a refusal for a non-empty dir wrote nothing)
    if (!(error instanceof BackupRefusedError && /is not empty/.test(error.message))) await clearDir(dataDir);
    throw error;
  }
  return 0;
}

async function main(): Promise<number> {
  const [command, ...args] = process.argv.slice(2);
  const dir = positional(args);
  if ((command !== 'backup' && command !== 'restore') || !dir) {
    process.stderr.write('usage: npm run backup -- <dir> | npm run restore -- <dir> [--to postgres://…] [--files-dir <dir>]\n');
    return 2;
  }
  const dataDir = resolve(option(args, '--data-dir') ?? process.env.ATS_DATA_DIR ?? './data');
  return command === 'backup' ? backup(resolve(dir), dataDir, args) : restore(resolve(dir), args, dataDir);
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const refused = error instanceof BackupRefusedError;
    say(`${refused ? 'refused' : 'failed'}: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
