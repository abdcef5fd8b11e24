import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, startTestApp, type Client } from './support/test-app';
import type { Standalone } from '../src/server';

// Defects found by the sixth attacker / new-user sweep (2026-12-07), one case each.

let app: Standalone;
let admin: Client;
beforeAll(async () => {
  app = await startTestApp();
  admin = await signedIn(app, 'admin', 'Root');
});
afterAll(async () => {
  await app?.close();
});

describe('sweep six: a repeated query parameter is a 400 naming it, not one of its values taken silently', () => {
  it('refuses search, limit and minPosition given twice (on lists and an export); a single value still works', async () => {
    for (const [path, field] of [
      ['/api/jobs?search=a&search=b', 'query.search'],
      ['/api/candidates?limit=5&limit=500', 'query.limit'],
      ['/api/candidates?search=a&search=b', 'query.search'],
      ['/api/candidates?minPosition=1&minPosition=2', 'query.minPosition'],
      ['/api/exports/candidates?search=a&search=b', 'query.search'],
    ] as const) {
      const res = await admin.get(path);
      expect(res.status, path).toBe(400);
      expect(res.headers.get('content-type'), path).toContain('application/problem+json');
      expect(res.json.code, path).toBe('validation_failed');
      expect(res.json.errors, path).toEqual([{ path: field, message: 'Give this parameter only once' }]);
    }
    expect((await admin.get('/api/candidates?limit=5')).status).toBe(200);
    expect((await admin.get('/api/candidates?minPosition=1')).status).toBe(200);
  });
});
