/**
 * Shared plumbing for the fault drills: free ports, child processes, a private throwaway
 * PostgreSQL cluster, a TCP proxy that can be cut, and read-model checksums. Loopback only.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export const ROOT = join(import.meta.dirname, '..', '..');
export const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');
export const DATABASE_URL = process.env.DATABASE_URL;
export const REDIS_URL = process.env.REDIS_URL;

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** Polls `check` until it returns true (or a value), at most `timeoutMs`. */
export async function until<T>(
  check: () => Promise<T | false | null | undefined> | T | false | null | undefined,
  timeoutMs: number,
  what: string,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown = null;
  while (Date.now() < deadline) {
    try {
      const value = await check();
      if (value) return value as T;
    } catch (error) {
      lastError = error;
    }
    await sleep(50);
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${lastError ? `: ${String(lastError)}` : ''}`);
}

export interface Child {
  proc: ChildProcess;
  output(): string;
  /** SIGKILL and wait for the exit */
  kill9(): Promise<void>;
  /** SIGTERM, then SIGKILL after 3 s */
  stop(): Promise<void>;
}

/**
 * Runs a TypeScript entry point as one node process (`node --import tsx`). Not through the `tsx`
 * CLI: that is a parent process relaying signals to the real one, and a SIGKILL, which cannot be
 * relayed, would kill only the parent and leave the script running as an orphan.
 */
export function spawnTsx(script: string, env: Record<string, string>, args: string[] = []): Child {
  let out = '';
  const proc = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout!.on('data', (d) => (out = (out + d).slice(-20_000)));
  proc.stderr!.on('data', (d) => (out = (out + d).slice(-20_000)));
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  return {
    proc,
    output: () => out,
    async kill9() {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      proc.kill('SIGTERM');
      const timer = setTimeout(() => proc.kill('SIGKILL'), 3000);
      await exited;
      clearTimeout(timer);
    },
  };
}

// ── a private PostgreSQL cluster (never touches the shared server on :5432) ──────────────

function postgresBin(): string | null {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  for (const version of readdirSync(base).sort().reverse()) {
    const bin = join(base, version, 'bin');
    if (existsSync(join(bin, 'initdb')) && existsSync(join(bin, 'pg_ctl'))) return bin;
  }
  return null;
}

function postgresUid(): { uid: number; gid: number } | null {
  const res = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  if (res.status !== 0 || gid.status !== 0) return null;
  return { uid: Number(res.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/** Why a private cluster cannot be made here, or null when it can. */
export function privateClusterUnavailable(): string | null {
  if (!postgresBin()) return 'no PostgreSQL server binaries under /usr/lib/postgresql/*/bin';
  if (process.getuid?.() === 0 && !postgresUid()) return 'running as root and there is no postgres user to run initdb as';
  return null;
}

export interface PrivateCluster {
  url: string;
  port: number;
  start(): void;
  /** immediate shutdown: connections are cut, like a crash */
  stop(): void;
  destroy(): void;
}

export async function createPrivateCluster(): Promise<PrivateCluster> {
  const bin = postgresBin()!;
  const dir = mkdtempSync(join(tmpdir(), 'ats-drill-pg-'));
  const data = join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  const owner = asRoot ? postgresUid()! : null;
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const run = (cmd: string, args: string[]) => {
    const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, cmd), ...args]] : [join(bin, cmd), args];
    const res = spawnSync(file, argv as string[], { encoding: 'utf8', timeout: 30_000 });
    if (res.status !== 0) throw new Error(`${cmd} failed (${res.status}): ${res.stderr || res.stdout}`);
  };
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const port = await freePort();
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c max_connections=50`;
  const cluster: PrivateCluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start: () => run('pg_ctl', ['-D', data, '-o', opts, '-w', '-t', '20', '-l', join(dir, 'log'), 'start']),
    stop: () => run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', '-t', '20', 'stop']),
    destroy: () => {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', '-t', '20', 'stop']);
      } catch {
        /* already stopped */
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  cluster.start();
  return cluster;
}

// ── a TCP proxy that can be cut and restored ─────────────────────────────────

export interface CuttableProxy {
  port: number;
  /** destroy every open connection and refuse new ones until restore() */
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function createProxy(targetPort: number): Promise<CuttableProxy> {
  const open = new Set<Socket>();
  let isCut = false;
  const server: Server = createServer((client) => {
    if (isCut) return client.destroy();
    const upstream = connect(targetPort, '127.0.0.1');
    open.add(client);
    open.add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    cut() {
      isCut = true;
      for (const s of open) s.destroy();
      open.clear();
    },
    restore() {
      isCut = false;
    },
    close() {
      isCut = true;
      for (const s of open) s.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

// ── read-model checksums ───────────────────────────────────────────────────

/** Canonical JSON (sorted keys) so equal documents hash equally whatever the storage order. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value as object)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

export function checksum(docs: readonly unknown[]): string {
  const lines = docs.map(canonical).sort();
  return createHash('sha256').update(lines.join('\n')).digest('hex');
}

/** Direct SQL access to a PostgreSQL url (drill assertions only). */
export async function withPg<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => {});
  }
}
