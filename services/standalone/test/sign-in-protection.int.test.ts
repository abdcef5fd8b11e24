import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProblemSchema } from '@ats/contracts';
import { LOGIN_LIMITS } from '@ats/http-kit';
import { createUser, startTestApp } from './support/test-app';
import type { Standalone } from '../src/server';

let app: Standalone;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

/** A sign-in from a given loopback address (Linux routes all of 127/8 to lo), as another machine would. */
function signIn(from: string, email: string, password: string) {
  const url = new URL('/api/auth/login', app.url);
  const body = JSON.stringify({ email, password });
  const started = Date.now();
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; json: any; ms: number }>(
    (resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: url.port,
          path: url.pathname,
          method: 'POST',
          localAddress: from,
          headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
        },
        (res) => {
          let text = '';
          res.on('data', (d) => (text += d));
          res.on('end', () =>
            resolve({ status: res.statusCode!, headers: res.headers, json: text ? JSON.parse(text) : null, ms: Date.now() - started }),
          );
        },
      );
      req.on('error', reject);
      req.end(body);
    },
  );
}

describe('sign-in protection', () => {
  it('checks at most the allowed number of 40 parallel wrong passwords; the rest get 429 with Retry-After', async () => {
    const { email } = await createUser(app, 'recruiter');
    const replies = await Promise.all(Array.from({ length: 40 }, () => signIn('127.0.0.2', email, 'wrong-password')));
    const checked = replies.filter((r) => r.status === 401);
    const refused = replies.filter((r) => r.status === 429);
    expect(checked).toHaveLength(LOGIN_LIMITS.accountClient.points);
    expect(refused).toHaveLength(40 - LOGIN_LIMITS.accountClient.points);
    for (const r of refused) {
      expect(r.headers['content-type']).toContain('application/problem+json');
      expect(ProblemSchema.parse(r.json)).toMatchObject({ status: 429, code: 'too_many_attempts' });
      const retryAfter = Number(r.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    }
    // that client stays refused for this account, even with the right password
    expect((await signIn('127.0.0.2', email, 'correct-horse-battery')).status).toBe(429);
  });

  it("a stranger's failures do not stop the owner signing in from their own address", async () => {
    const { email, password } = await createUser(app, 'admin');
    const stranger = await Promise.all(Array.from({ length: 12 }, () => signIn('127.0.0.3', email, 'guess-guess')));
    expect(stranger.every((r) => r.status === 401 || r.status === 429)).toBe(true);
    const owner = await signIn('127.0.0.4', email, password);
    expect(owner.status).toBe(204);
  });

  it('slows every further guess from a client after three failures', async () => {
    const { email } = await createUser(app, 'recruiter');
    // lower bounds only: a loaded machine may be slow anyway, but never faster than the delay
    for (let i = 0; i < 3; i++) expect((await signIn('127.0.0.5', email, 'nope-nope')).status).toBe(401);
    const fourth = await signIn('127.0.0.5', email, 'nope-nope');
    expect(fourth.status).toBe(401);
    expect(fourth.ms).toBeGreaterThanOrEqual(240);
    const fifth = await signIn('127.0.0.5', email, 'nope-nope');
    expect(fifth.ms).toBeGreaterThanOrEqual(490);
  });

  it('refuses a client spraying many accounts once it has used its budget', async () => {
    const accounts = await Promise.all(Array.from({ length: 6 }, () => createUser(app, 'recruiter')));
    const replies: number[] = [];
    // 6 accounts × 9 guesses = 54 attempts from one address: over the per-client budget of 50
    for (const { email } of accounts) {
      const batch = await Promise.all(Array.from({ length: 9 }, () => signIn('127.0.0.6', email, 'spray-spray')));
      replies.push(...batch.map((r) => r.status));
    }
    expect(replies.filter((s) => s === 401)).toHaveLength(LOGIN_LIMITS.client.points);
    expect(replies.filter((s) => s === 429).length).toBe(54 - LOGIN_LIMITS.client.points);
    // another address is not affected
    expect((await signIn('127.0.0.7', accounts[0]!.email, 'correct-horse-battery')).status).toBe(204);
  }, 120_000);
});
