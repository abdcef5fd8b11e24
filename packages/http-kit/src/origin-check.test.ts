import { describe, expect, it } from 'vitest';
import Koa from 'koa';
import { isSameOrigin } from './origin-check';
import { applyProxyTrust } from './web-security';

/** A Koa context for a request with these headers, as the app would see it. */
function contextOf(headers: Record<string, string>, trustProxy = 0, encrypted = false) {
  const app = new Koa();
  applyProxyTrust(app, { trustProxy });
  const req = {
    headers: { host: 'ats.example:8080', ...headers },
    method: 'POST',
    url: '/api/candidates',
    socket: { encrypted, remoteAddress: '127.0.0.1' },
  };
  const res = { getHeader() {}, setHeader() {}, removeHeader() {}, getHeaders: () => ({}) };
  return app.createContext(req as never, res as never);
}

describe('isSameOrigin', () => {
  const none = { publicOrigin: null };

  it('accepts the exact origin, scheme, host and port', () => {
    expect(isSameOrigin(contextOf({ origin: 'http://ats.example:8080' }), none)).toBe(true);
  });

  it('refuses another scheme, port or host', () => {
    expect(isSameOrigin(contextOf({ origin: 'https://ats.example:8080' }), none)).toBe(false);
    expect(isSameOrigin(contextOf({ origin: 'http://ats.example:9090' }), none)).toBe(false);
    expect(isSameOrigin(contextOf({ origin: 'http://ats.example' }), none)).toBe(false);
    expect(isSameOrigin(contextOf({ origin: 'http://evil.invalid:8080' }), none)).toBe(false);
    expect(isSameOrigin(contextOf({ origin: 'null' }), none)).toBe(false);
  });

  it('does not believe X-Forwarded-Host or -Proto unless the proxy is trusted', () => {
    const forged = { origin: 'https://evil.invalid', 'x-forwarded-host': 'evil.invalid', 'x-forwarded-proto': 'https' };
    expect(isSameOrigin(contextOf(forged), none)).toBe(false);
    expect(isSameOrigin(contextOf(forged, 1), none)).toBe(true);
  });

  it('behind a trusted TLS proxy the https origin is the own one', () => {
    const headers = { origin: 'https://ats.example', 'x-forwarded-host': 'ats.example', 'x-forwarded-proto': 'https' };
    expect(isSameOrigin(contextOf(headers, 1), none)).toBe(true);
    expect(isSameOrigin(contextOf({ ...headers, origin: 'http://ats.example' }, 1), none)).toBe(false);
  });

  it('PUBLIC_ORIGIN wins over whatever the request claims', () => {
    const pub = { publicOrigin: 'https://ats.example' };
    expect(isSameOrigin(contextOf({ origin: 'https://ats.example' }), pub)).toBe(true);
    expect(isSameOrigin(contextOf({ origin: 'http://ats.example:8080' }), pub)).toBe(false);
  });

  it('without Origin: a foreign Referer or Sec-Fetch-Site cross-site is refused, no header at all is a non-browser client', () => {
    expect(isSameOrigin(contextOf({ referer: 'http://evil.invalid/page' }), none)).toBe(false);
    expect(isSameOrigin(contextOf({ referer: 'http://ats.example:8080/candidates' }), none)).toBe(true);
    expect(isSameOrigin(contextOf({ 'sec-fetch-site': 'cross-site' }), none)).toBe(false);
    expect(isSameOrigin(contextOf({ 'sec-fetch-site': 'same-origin' }), none)).toBe(true);
    expect(isSameOrigin(contextOf({}), none)).toBe(true);
  });
});

describe('applyProxyTrust', () => {
  it('ctx.ip is the socket address unless a proxy is trusted, then the address the proxy saw', () => {
    const xff = { 'x-forwarded-for': '6.6.6.6, 10.1.2.3' };
    expect(contextOf(xff).ip).toBe('127.0.0.1');
    // one trusted hop: only the right-most entry (written by our proxy) counts; the rest is client-made
    expect(contextOf(xff, 1).ip).toBe('10.1.2.3');
    expect(contextOf(xff, 2).ip).toBe('6.6.6.6');
  });

  it('ctx.secure honours X-Forwarded-Proto only behind a trusted proxy', () => {
    expect(contextOf({ 'x-forwarded-proto': 'https' }).secure).toBe(false);
    expect(contextOf({ 'x-forwarded-proto': 'https' }, 1).secure).toBe(true);
    expect(contextOf({}, 0, true).secure).toBe(true);
  });
});
