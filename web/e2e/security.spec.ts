/**
 * The browser-side attacks of issue 10: a sign-in link whose `next` carries a script or leads
 * off-site; another site that logs the user out with a navigation or an <img>, or frames the app.
 * The "other site" is a tiny HTTP server on another port (another origin).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import type { Standalone } from '@ats/standalone';
import { browserSkipReason, launchBrowser, newContext, signIn } from './support/browser';
import { addUser, startServer } from './support/server';

describe.skipIf(browserSkipReason !== null)('security in the browser', () => {
  let app: Standalone;
  let browser: Browser;
  let user: Awaited<ReturnType<typeof addUser>>;
  let evil: Server;
  let evilUrl: string;
  /** the page the other site serves at each path */
  const evilPages = new Map<string, string>();

  beforeAll(async () => {
    app = await startServer();
    browser = await launchBrowser();
    user = await addUser(app, 'recruiter', 'Sam', 'Carter');
    evil = createServer((req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(evilPages.get((req.url ?? '/').split('?')[0]!) ?? '<p>nothing</p>');
    });
    await new Promise<void>((resolve) => evil.listen(0, '127.0.0.1', () => resolve()));
    evilUrl = `http://127.0.0.1:${(evil.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await new Promise((resolve) => evil?.close(resolve));
  });

  async function signedInPage(): Promise<Page> {
    const context = await newContext(browser, app.url);
    const page = await context.newPage();
    await signIn(page, user.email, user.password);
    return page;
  }
  const isSignedIn = async (page: Page) => (await page.request.get(`${app.url}/api/auth/user`)).status() === 200;

  it('a sign-in link with a script in next runs no script, and after sign-in stays on the origin', async () => {
    for (const next of ['/</script><script>window.__pwned=1;alert(1)</script>', '/\\evil.invalid/phish', '//evil.invalid/phish']) {
      const context = await newContext(browser, app.url);
      const page = await context.newPage();
      const dialogs: string[] = [];
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      await page.goto(`/api/login?next=${encodeURIComponent(next)}`);
      await page.getByLabel('Email').fill(user.email);
      await page.getByLabel('Password').fill(user.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL((url) => url.pathname !== '/api/login');
      expect(new URL(page.url()).origin, next).toBe(new URL(app.url).origin);
      expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned), next).toBeUndefined();
      expect(dialogs, next).toEqual([]);
      await context.close();
    }
  });

  it('the app runs under its Content-Security-Policy without a single violation', async () => {
    const context = await newContext(browser, app.url);
    const page = await context.newPage();
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to (load|execute|apply|connect)/i.test(message.text())) violations.push(message.text());
    });
    await page.goto('/');
    await page.getByRole('button', { name: 'Get Started' }).first().waitFor();
    await signIn(page, user.email, user.password);
    await page.getByText(/Welcome back, Sam/).waitFor();
    await page.goto('/jobs/pipeline');
    await page.getByText('Recruitment Pipeline').waitFor();
    await page.waitForLoadState('networkidle');
    expect(violations).toEqual([]);
    await context.close();
  });

  it('a deep link survives signing in', async () => {
    const context = await newContext(browser, app.url);
    const page = await context.newPage();
    await page.goto('/candidates/3');
    await page.getByRole('button', { name: 'Login' }).first().click();
    await page.waitForURL((url) => url.pathname === '/api/login');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/candidates/3');
    await context.close();
  });

  it('the sign-in page shows one message under each empty field and focuses the first', async () => {
    const context = await newContext(browser, app.url);
    const page = await context.newPage();
    await page.goto('/api/login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const email = page.getByLabel('Email');
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('#email-error').textContent()).toBe('Enter your email address.');
    expect(await page.locator('#password-error').textContent()).toBe('Enter your password.');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('email');
    await context.close();
  });

  it('another site cannot sign the user out with a navigation or an <img>', async () => {
    const page = await signedInPage();
    evilPages.set('/img', `<img src="${app.url}/api/logout"><p>cat pictures</p>`);
    await page.goto(`${evilUrl}/img`);
    await page.waitForLoadState('networkidle');
    expect(await isSignedIn(page)).toBe(true);

    evilPages.set('/link', `<a id="go" href="${app.url}/api/logout">win a prize</a>`);
    await page.goto(`${evilUrl}/link`);
    await page.click('#go');
    await page.waitForURL((url) => url.pathname === '/api/logout');
    await page.getByRole('heading', { name: 'Sign out?' }).waitFor();
    expect(await isSignedIn(page)).toBe(true);

    evilPages.set(
      '/form',
      `<form id="f" method="post" action="${app.url}/api/logout"></form><button id="b" onclick="f.submit()">go</button>`,
    );
    await page.goto(`${evilUrl}/form`);
    await page.click('#b');
    await page.waitForLoadState('networkidle');
    expect(await isSignedIn(page)).toBe(true);

    // the user's own confirmation (a same-origin POST) does sign out
    await page.goto(`${app.url}/api/logout`, { referer: `${evilUrl}/` });
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await isSignedIn(page)).toBe(false);
    await page.context().close();
  });

  it('another site cannot frame the app', async () => {
    const page = await signedInPage();
    evilPages.set('/frame', `<iframe id="app" src="${app.url}/" width="800" height="600"></iframe>`);
    const blocked: string[] = [];
    page.on('console', (message) => {
      if (/frame-ancestors|X-Frame-Options|Refused to display/i.test(message.text())) blocked.push(message.text());
    });
    await page.goto(`${evilUrl}/frame`);
    await page.waitForLoadState('networkidle');
    const frame = page.frames().find((f) => f !== page.mainFrame());
    // a blocked frame stays empty: no app content ever renders in it
    const rendered = frame ? await frame.evaluate(() => document.body?.innerText ?? '').catch(() => '') : '';
    expect(rendered).not.toContain('Dashboard');
    expect(rendered).not.toContain('TalentFlow');
    await page.context().close();
  });
});
