/**
 * The HTTP-level protections on the real app: sign-in `next`, sign-out from other sites,
 * Secure cookies and proxy trust, the minPosition wait.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createUser, signedIn, startTestApp } from './support/test-app';
import { startStandalone, type Standalone } from '../src/server';
import { silentLogger } from '@ats/http-kit';
import { join } from 'node:path';
import { REPO_ROOT } from './support/test-app';

let app: Standalone;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => app?.close());

describe('sign-in page', () => {
  it('never reflects next into a script, and serves its script as a file', async () => {
    const res = await new Client(app.url).get('/api/login?next=' + encodeURIComponent('/</script><script>alert(1)</script>'));
    expect(res.status).toBe(200);
    expect(res.text).not.toContain('<script>alert(1)');
    expect(res.text).not.toMatch(/<script>(?!<\/script>)/);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    const script = await new Client(app.url).get('/api/login.js');
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/javascript/);
  });

  it('a signed-in visitor is sent on to next, but only on this origin', async () => {
    const client = await signedIn(app, 'recruiter');
    expect((await client.get('/api/login?next=/candidates/3')).headers.get('location')).toBe('/candidates/3');
    for (const bad of ['/\\evil.invalid/phish', '//evil.invalid', 'https://evil.invalid/x', '/%0d%0aSet-Cookie:x=1'])
      expect((await client.get('/api/login?next=' + encodeURIComponent(bad))).headers.get('location'), bad).toMatch(/^\/(?!\/|\\)/);
  });
});

describe('sign-out', () => {
  it('a cross-site GET /api/logout asks to confirm and keeps the session', async () => {
    const client = await signedIn(app, 'recruiter');
    const attempts: Record<string, string>[] = [
      { 'Sec-Fetch-Site': 'cross-site' },
      { Referer: 'https://evil.invalid/page' },
      { Origin: 'https://evil.invalid' },
    ];
    for (const headers of attempts) {
      const res = await client.get('/api/logout', headers);
      expect(res.status).toBe(200);
      expect(res.text).toContain('<form method="post" action="/api/logout">');
      expect(res.text).not.toMatch(/<script/i);
      expect((await client.get('/api/auth/user')).status).toBe(200);
    }
  });

  it('a same-origin GET /api/logout still signs out (SPEC: Sign out navigates there)', async () => {
    const client = await signedIn(app, 'recruiter');
    const res = await client.get('/api/logout', { 'Sec-Fetch-Site': 'same-origin', Referer: `${app.url}/dashboard` });
    expect(res.status).toBe(302);
    expect((await client.get('/api/auth/user')).status).toBe(401);
  });

  it('POST /api/logout: refused cross-origin, 204 from the app, 303 for the confirmation form', async () => {
    const client = await signedIn(app, 'recruiter');
    expect((await client.post('/api/logout', {}, { Origin: 'https://evil.invalid' })).status).toBe(403);
    expect((await client.get('/api/auth/user')).status).toBe(200);
    expect((await client.post('/api/logout', {}, { Origin: app.url.replace('localhost', '127.0.0.1') })).status).toBe(403);
    const res = await client.post('/api/logout', {}, { Origin: new URL(app.url).origin });
    expect(res.status).toBe(204);
    expect((await client.get('/api/auth/user')).status).toBe(401);

    const other = await signedIn(app, 'recruiter');
    const form = await other.request('POST', '/api/logout', '', {
      'Content-Type': 'application/x-www-form-urlencoded',
      'Sec-Fetch-Mode': 'navigate',
    });
    expect(form.status).toBe(303);
    expect(form.headers.get('location')).toBe('/');
    expect((await other.get('/api/auth/user')).status).toBe(401);
  });
});

describe('read-your-writes wait', () => {
  it('never holds a signed-out caller, nor anyone for a position beyond the head', async () => {
    for (const client of [new Client(app.url), await signedIn(app, 'recruiter')]) {
      const started = Date.now();
      const res = await client.get('/api/candidates?minPosition=9999999999');
      expect(Date.now() - started).toBeLessThan(1000);
      expect([200, 401]).toContain(res.status);
      const missing = Date.now();
      await client.get('/api/nowhere?minPosition=9999999999');
      expect(Date.now() - missing).toBeLessThan(1000);
    }
  });
});

describe('behind a proxy', () => {
  let proxied: Standalone;
  beforeAll(async () => {
    proxied = await startStandalone({
      port: 0,
      host: '127.0.0.1',
      dataDir: undefined,
      sessionSecret: 'test-secret-test-secret-test-secret',
      webDir: join(REPO_ROOT, 'web', 'dist'),
      log: silentLogger,
      http: { trustProxy: 1, publicOrigin: null },
      secureCookies: 'auto',
    });
  });
  afterAll(async () => proxied?.close());

  const cookieOf = async (target: Standalone, headers: Record<string, string>) => {
    const user = await createUser(target, 'recruiter');
    const res = await fetch(`${target.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify({ email: user.email, password: user.password }),
    });
    expect(res.status).toBe(204);
    return res.headers.getSetCookie().join('\n');
  };

  it('auto: the session cookie is Secure when the trusted proxy says https, not otherwise', async () => {
    expect(await cookieOf(proxied, { 'X-Forwarded-Proto': 'https' })).toMatch(/ats\.sid=[^\n]*; secure/i);
    expect(await cookieOf(proxied, {})).not.toMatch(/secure/i);
  });

  it('an untrusted X-Forwarded-Proto does not make a cookie Secure', async () => {
    expect(await cookieOf(app, { 'X-Forwarded-Proto': 'https' })).not.toMatch(/secure/i);
  });

  it('a write through the trusted proxy with the browser origin of the public host passes the origin check', async () => {
    const client = await signedIn(proxied, 'recruiter');
    const ok = await client.post(
      '/api/clients',
      { companyName: 'Proxy Co' },
      { Origin: 'https://ats.example', 'X-Forwarded-Host': 'ats.example', 'X-Forwarded-Proto': 'https' },
    );
    expect(ok.status).toBe(201);
    const refused = await client.post(
      '/api/clients',
      { companyName: 'Proxy Co' },
      { Origin: 'http://ats.example', 'X-Forwarded-Host': 'ats.example', 'X-Forwarded-Proto': 'https' },
    );
    expect(refused.status).toBe(403);
  });
});
