import { randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isAbsolute, join } from 'node:path';
import type { Logger } from '@ats/http-kit';
import type { SqlClient } from '@ats/storage';
import { takeBackup } from './backup';
import type { BackupLock } from './backup-admin';

export const BACKUP_PATH = '/api/admin/backup';
/** In the data dir: the token the backup CLI presents (mode 600) and where the server listens. */
export const ADMIN_TOKEN_FILE = 'admin-token';
export const SERVER_FILE = 'server.json';

export interface ServerFile {
  url: string;
  pid: number;
}

/**
 * Lets `npm run backup` reach the running server. PGlite is one process's: a second process may
 * not open the data dir while the server has it. So the server writes a fresh random token into
 * the data dir (mode 600: whoever can read it can read the data dir anyway) and its address, and
 * the CLI asks it for a backup with that token. Removed again when the server stops.
 */
export function writeAdminToken(dataDir: string): string {
  const token = randomBytes(32).toString('base64url');
  rmSync(join(dataDir, ADMIN_TOKEN_FILE), { force: true });
  writeFileSync(join(dataDir, ADMIN_TOKEN_FILE), token + '\n', { mode: 0o600 });
  return token;
}

/** Records where the server listens; the returned function removes it and the token again. */
export function writeServerFile(dataDir: string, url: string): () => void {
  const server: ServerFile = { url, pid: process.pid };
  writeFileSync(join(dataDir, SERVER_FILE), JSON.stringify(server) + '\n', { mode: 0o600 });
  return () => {
    rmSync(join(dataDir, SERVER_FILE), { force: true });
    rmSync(join(dataDir, ADMIN_TOKEN_FILE), { force: true });
  };
}

/** The running server of a data dir, if one is: its address and token. */
export function runningServer(dataDir: string): (ServerFile & { token: string }) | null {
  const serverFile = join(dataDir, SERVER_FILE);
  const tokenFile = join(dataDir, ADMIN_TOKEN_FILE);
  if (!existsSync(serverFile) || !existsSync(tokenFile)) return null;
  try {
    const server = JSON.parse(readFileSync(serverFile, 'utf8')) as ServerFile;
    process.kill(server.pid, 0); // throws when no such process (a server that died without cleaning up)
    return { ...server, token: readFileSync(tokenFile, 'utf8').trim() };
  } catch {
    return null;
  }
}

/** The methods the backup path takes (a 405 names them, as every other path's does). */
const BACKUP_ALLOW = 'POST, OPTIONS';

function problem(res: ServerResponse, status: number, code: string, detail: string, field?: string) {
  res.writeHead(status, {
    'Content-Type': 'application/problem+json',
    'Cache-Control': 'no-store',
    ...(status === 405 ? { Allow: BACKUP_ALLOW } : {}),
  });
  res.end(
    JSON.stringify({
      type: `https://ats.example/problems/${code.replace(/_/g, '-')}`,
      title: detail,
      status,
      detail,
      code,
      ...(field ? { errors: [{ path: field, message: detail }] } : {}),
    }),
  );
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  let body = '';
  for await (const chunk of req) {
    body += String(chunk);
    if (body.length > 10_000) throw new Error('too large');
  }
  return JSON.parse(body);
}

/**
 * POST /api/admin/backup `{dir}` with `Authorization: Bearer <admin-token>`: takes a backup into
 * `dir` on this machine and streams its progress, one line each, ending with `{"ok":…}`.
 */
export function createBackupEndpoint(options: {
  sql: SqlClient;
  token: string;
  dataDir: string;
  blobDir: string;
  log: Logger;
  /** shared with the Backups screen: one backup at a time */
  lock?: BackupLock;
}) {
  const lock = options.lock ?? { running: false };
  const expected = Buffer.from(options.token);
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { Allow: BACKUP_ALLOW, 'Cache-Control': 'no-store' });
      return void res.end();
    }
    if (req.method !== 'POST')
      return problem(res, 405, 'method_not_allowed', `${req.method} is not allowed here; allowed: ${BACKUP_ALLOW}.`);
    const given = Buffer.from(/^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      return problem(res, 401, 'unauthorized', 'The admin token is missing or wrong.');
    let dir: unknown;
    try {
      dir = ((await readJson(req)) as { dir?: unknown } | null)?.dir;
    } catch {
      return problem(res, 400, 'bad_request', 'The body must be JSON: {"dir": "/absolute/path"}.', 'body');
    }
    if (typeof dir !== 'string' || !isAbsolute(dir)) return problem(res, 400, 'validation', 'dir must be an absolute path.', 'dir');
    if (lock.running) return problem(res, 409, 'conflict', 'A backup is already running.');
    lock.running = true;
    res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
    try {
      const manifest = await takeBackup({
        sql: options.sql,
        dataDir: options.dataDir,
        blobDir: options.blobDir,
        target: dir,
        mode: 'online',
        progress: (line) => res.write(line + '\n'),
      });
      options.log.info('backup taken', { dir, events: manifest.events.count, head: manifest.events.headPosition });
      res.end(JSON.stringify({ ok: true, events: manifest.events.count, headPosition: manifest.events.headPosition }) + '\n');
    } catch (error) {
      options.log.error('backup failed', { err: error, dir });
      res.end(JSON.stringify({ ok: false, error: error instanceof Error ? error.message : String(error) }) + '\n');
    } finally {
      lock.running = false;
    }
  };
}
