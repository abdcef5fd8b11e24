import { describe, expect, it } from 'vitest';
import { LOGIN_SCRIPT_PATH, renderLoginPage, renderLogoutConfirmPage, safeNextPath } from './login-page';

describe('safeNextPath', () => {
  const origin = 'https://ats.example';

  it('keeps same-origin relative paths with their query and hash', () => {
    expect(safeNextPath('/candidates/3', origin)).toBe('/candidates/3');
    expect(safeNextPath('/pipeline?job=4#top', origin)).toBe('/pipeline?job=4#top');
  });

  it('refuses anything that leaves the origin or is not a plain path', () => {
    for (const bad of [
      '//evil.invalid/phish',
      '/\\evil.invalid/phish',
      '/\\/evil.invalid',
      '\\\\evil.invalid',
      'https://evil.invalid/',
      'javascript:alert(1)',
      'candidates',
      '/\tevil',
      '/\nevil',
      '/%0a',
      '',
      undefined,
      ['/a', '/b'],
    ])
      expect(safeNextPath(bad, origin), String(bad)).toBe(bad === '/%0a' ? '/%0a' : '/');
  });

  it('refuses a path that dot segments resolve to another host (sweep eight)', () => {
    // new URL('/..//evil.invalid', origin).pathname is '//evil.invalid': a redirect there leaves the origin
    for (const bad of ['/..//evil.invalid', '/.//evil.invalid/phish', '/%2e%2e//evil.invalid', '/a/..//evil.invalid?x=1'])
      expect(safeNextPath(bad, origin), bad).toBe('/');
    expect(safeNextPath('/jobs/../candidates/3', origin)).toBe('/candidates/3');
  });
});

describe('renderLoginPage', () => {
  const payload = '/</script><script>alert(1)</script>';

  it('has no inline script: its behaviour is a same-origin script file', () => {
    const html = renderLoginPage({ next: payload });
    const scripts = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/gi)];
    expect(scripts).toHaveLength(1);
    expect(scripts[0]![0]).toContain(`src="${LOGIN_SCRIPT_PATH}"`);
    expect(scripts[0]![1]).toBe('');
    expect(renderLogoutConfirmPage()).not.toMatch(/<script/i);
  });

  it('passes next in a data attribute, escaped', () => {
    const html = renderLoginPage({ next: payload });
    expect(html).not.toContain('<script>alert(1)');
    const next = /data-next="([^"]*)"/.exec(html)![1]!;
    expect(next).not.toMatch(/[<>]/);
    expect(decodeURIComponent(next)).toBe(payload);
    const quoted = renderLoginPage({ next: '/" onmouseover="x' });
    expect(quoted).not.toContain('" onmouseover');
    expect(decodeURIComponent(/data-next="([^"]*)"/.exec(quoted)![1]!)).toBe('/" onmouseover="x');
  });

  it('labels each field with its own error slot', () => {
    const html = renderLoginPage();
    expect(html).toMatch(/id="email"[^>]*aria-describedby="email-error"/);
    expect(html).toMatch(/id="password"[^>]*aria-describedby="password-error"/);
    expect(html).toContain('data-next="/"');
  });
});
