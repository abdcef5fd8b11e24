import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, startTestApp, type Client } from './support/test-app';
import type { Standalone } from '../src/server';

// Defects found by the second attacker / new-user sweep (2026-11-24), one case each.

let app: Standalone;
let admin: Client;
beforeAll(async () => {
  app = await startTestApp();
  admin = await signedIn(app, 'admin', 'Root');
});
afterAll(async () => {
  await app?.close();
});

describe('sweep two: users', () => {
  it('creates one account when the same new user is posted 20 times at once', async () => {
    const email = `twin-${Date.now()}@agency.example`;
    const body = { email, firstName: 'Twin', lastName: 'User', role: 'recruiter', password: 'Sweep-pass-9931-x' };
    const replies = await Promise.all(Array.from({ length: 20 }, () => admin.post('/api/users', body)));
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const r of replies.filter((r) => r.status === 409)) {
      expect(r.headers.get('content-type')).toContain('application/problem+json');
      expect(r.json).toMatchObject({ code: 'email_taken', errors: [{ path: 'email' }] });
    }
    const list = (await admin.get('/api/users')).json as { email: string }[];
    expect(list.filter((u) => u.email === email)).toHaveLength(1);
    // the same address in other letter case is the same address
    expect((await admin.post('/api/users', { ...body, email: email.toUpperCase() })).status).toBe(409);
  });
});
