import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestSchema, openStorage, type TestSchema } from '@ats/storage';

// Each service's main.ts on PostgreSQL + Redis: SIGTERM closes it cleanly (exit 0, "shut down"),
// and the command-api purges expired sessions when it starts.
const DATABASE_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL;
const reason = !DATABASE_URL ? 'DATABASE_URL is not set' : !REDIS_URL ? 'REDIS_URL is not set' : null;
if (reason) console.warn(`[skip] service shutdown (main.ts as child processes on PostgreSQL + Redis): ${reason}`);

const ROOT = join(import.meta.dirname, '..', '..', '..');
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function waitHealthy(url: string, proc: ChildProcess, output: () => string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null) throw new Error(`process exited (${proc.exitCode}):\n${output()}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${url} not healthy in time:\n${output()}`);
}

describe.skipIf(reason !== null)('service main.ts: shutdown and session purge', () => {
  let schema: TestSchema;
  beforeAll(async () => {
    schema = await createTestSchema(DATABASE_URL!);
  });
  afterAll(async () => {
    await schema?.drop();
  });

  async function runUntilSigterm(service: string, before?: () => Promise<void>) {
    const port = await freePort();
    let out = '';
    const proc = spawn(TSX, [join(ROOT, 'services', service, 'src', 'main.ts')], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_URL: schema.url,
        REDIS_URL: REDIS_URL!,
        CHANGES_CHANNEL: `ats:test:${schema.schema}`,
        SESSION_SECRET: 'shutdown-test-session-secret',
        PORT: String(port),
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    proc.stdout!.on('data', (d) => (out += d));
    proc.stderr!.on('data', (d) => (out += d));
    const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
    await waitHealthy(`http://127.0.0.1:${port}`, proc, () => out);
    await before?.();
    const signalled = Date.now();
    proc.kill('SIGTERM');
    const code = await Promise.race([exited, new Promise<'hung'>((r) => setTimeout(() => r('hung'), 15_000))]);
    if (code === 'hung') proc.kill('SIGKILL');
    return { code, out, ms: Date.now() - signalled };
  }

  it('command-api: purges expired sessions at start, then exits 0 on SIGTERM after closing', async () => {
    // an expired session left behind by an earlier run
    const storage = await openStorage({ kind: 'postgres', url: schema.url });
    try {
      await storage.documentStore.ensureCollection({ name: 'sessions', indexes: ['userId', 'expire'] });
      await storage.documentStore
        .collection('sessions')
        .upsert({ id: 'stale', sess: {}, expire: new Date(Date.now() - 60_000).toISOString(), userId: null });
      const { code, out } = await runUntilSigterm('command-api', async () => {
        await expect.poll(() => storage.documentStore.collection('sessions').get('stale'), { timeout: 10_000 }).toBeNull();
      });
      expect(code, out).toBe(0);
      expect(out).toContain('shut down');
    } finally {
      await storage.close();
    }
  });

  it('projector and query-api: exit 0 on SIGTERM after closing', async () => {
    for (const service of ['projector', 'query-api']) {
      const { code, out } = await runUntilSigterm(service);
      expect(code, `${service}:\n${out}`).toBe(0);
      expect(out).toContain('shut down');
    }
  });
});
