import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestSchema, openStorage, type TestSchema } from '@ats/storage';
import { DATABASE_URL, REDIS_URL, ROOT, freePort, spawnTsx, until } from './support/harness';

/**
 * Each service's main.ts on PostgreSQL + Redis: SIGTERM closes it cleanly (exit 0 after "shut
 * down"), and the command-api purges expired sessions when it starts.
 */
const reason = !DATABASE_URL ? 'DATABASE_URL is not set' : !REDIS_URL ? 'REDIS_URL is not set' : null;
if (reason) console.warn(`[skip] service shutdown drill (main.ts as child processes on PostgreSQL + Redis): ${reason}`);

describe.skipIf(reason !== null)('service main.ts: shutdown and session purge', () => {
  let schema: TestSchema;
  beforeAll(async () => {
    schema = await createTestSchema(DATABASE_URL!);
  });
  afterAll(async () => {
    await schema?.drop();
  });

  async function runUntilSigterm(service: string, whileUp?: () => Promise<void>) {
    const port = await freePort();
    const child = spawnTsx(join(ROOT, 'services', service, 'src', 'main.ts'), {
      DATABASE_URL: schema.url,
      REDIS_URL: REDIS_URL!,
      CHANGES_CHANNEL: `ats:test:${schema.schema}`,
      SESSION_SECRET: 'shutdown-test-session-secret',
      PORT: String(port),
      LOG_LEVEL: 'info',
    });
    const exited = new Promise<number | null>((resolve) => child.proc.once('exit', (code) => resolve(code)));
    try {
      await until(
        async () => child.proc.exitCode === null && (await fetch(`http://127.0.0.1:${port}/healthz`)).ok,
        60_000,
        `${service} up`,
      );
      await whileUp?.();
      child.proc.kill('SIGTERM');
      const code = await Promise.race([exited, new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), 15_000))]);
      return { code, out: child.output() };
    } finally {
      await child.kill9();
    }
  }

  it('command-api: purges expired sessions at start, then exits 0 on SIGTERM after closing', async () => {
    // an expired session left behind by an earlier run
    const storage = await openStorage({ kind: 'postgres', url: schema.url });
    try {
      await storage.documentStore.ensureCollection({ name: 'sessions', indexes: ['userId', 'expire'] });
      const sessions = storage.documentStore.collection('sessions');
      await sessions.upsert({ id: 'stale', sess: {}, expire: new Date(Date.now() - 60_000).toISOString(), userId: null });
      const { code, out } = await runUntilSigterm('command-api', async () => {
        await until(async () => (await sessions.get('stale')) === null, 10_000, 'the expired session purged');
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
