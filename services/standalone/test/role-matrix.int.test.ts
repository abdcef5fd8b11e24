import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, buildPath, contracts, type Contract, type Role } from '@ats/contracts';
import type { Standalone } from '../src/server';
import { Client, signedIn, startTestApp } from './support/test-app';

/**
 * Every contract × every role (and signed out): 401 without a session, 403 for a role the
 * contract does not list, and for a listed role neither of those nor a 500 — with an unknown id
 * and an empty body, so nothing can succeed by accident. Refusals append nothing.
 */
let app: Standalone;
const clients = {} as Record<Role, Client>;

beforeAll(async () => {
  app = await startTestApp();
  for (const role of ROLES) clients[role] = await signedIn(app, role);
});
afterAll(async () => {
  await app?.close();
});

const guarded = Object.values(contracts as Record<string, Contract>).filter((c) => c.roles.length > 0);
const pathOf = (c: Contract) => buildPath(c.path, { id: c.path.startsWith('/api/users') ? 'no-such-user' : 999_999, list: 'candidates' });
const send = (client: Client, c: Contract) =>
  client.request(c.method, pathOf(c), c.method === 'GET' || c.method === 'DELETE' ? undefined : {});

describe('role matrix', () => {
  it('covers every guarded contract', () => {
    // all but sign-in and sign-out (anyone may end the session they have, or none) and the
    // calendar feed (its secret token is the credential; calendar apps have no session)
    expect(guarded.length).toBe(Object.keys(contracts).length - 3);
    expect(
      Object.values(contracts as Record<string, Contract>)
        .filter((c) => c.roles.length === 0)
        .map((c) => c.name),
    ).toEqual(['login', 'logout', 'calendarFeedIcs']);
  });

  describe.each(guarded.map((c) => [`${c.method} ${c.path}`, c] as const))('%s', (_label, contract) => {
    it('is 401 signed out, appending nothing', async () => {
      const before = await app.eventStore.headPosition();
      const res = await send(new Client(app.url), contract);
      expect(res.status).toBe(401);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      expect(await app.eventStore.headPosition()).toBe(before);
    });

    it.each(ROLES.map((r) => [r]))('as %s', async (role) => {
      const before = await app.eventStore.headPosition();
      const res = await send(clients[role], contract);
      if (contract.roles.includes(role)) {
        expect([401, 403]).not.toContain(res.status);
        expect(res.status).toBeLessThan(500);
      } else {
        expect(res.status).toBe(403);
        expect(res.json.code).toBe('forbidden');
        expect(await app.eventStore.headPosition()).toBe(before);
      }
    });
  });
});
