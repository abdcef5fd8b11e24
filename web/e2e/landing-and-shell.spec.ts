import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { Standalone } from '@ats/standalone';
import { DESKTOP, PHONE, browserSkipReason, launchBrowser, newContext, screenshot, signIn } from './support/browser';
import { addUser, startServer } from './support/server';

describe.skipIf(browserSkipReason !== null)('landing page, sign-in and the shell', () => {
  let app: Standalone;
  let browser: Browser;
  let user: Awaited<ReturnType<typeof addUser>>;

  beforeAll(async () => {
    app = await startServer();
    browser = await launchBrowser();
    user = await addUser(app, 'manager', 'Morgan', 'Blake');
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('shows the landing page to a signed-out visitor; Login leads to the sign-in page', async () => {
    const context = await newContext(browser, app.url);
    const page = await context.newPage();
    await page.goto('/');
    for (const text of ['Candidate Management', 'Client Tracking', 'Job Management', 'Analytics', 'real-time activity feeds']) {
      await page.getByText(text, { exact: false }).first().waitFor();
    }
    await screenshot(page, 'landing-desktop');
    await page.getByRole('button', { name: 'Login' }).first().click();
    await page.waitForURL('**/api/login');
    expect(await page.getByRole('heading', { name: 'Sign in' }).isVisible()).toBe(true);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Invalid email or password').waitFor();
    await context.close();
  });

  it('signs in to the shell with name and role, highlights the current entry, and signs out', async () => {
    const context = await newContext(browser, app.url);
    const page = await context.newPage();
    await signIn(page, user.email, user.password);
    await page.getByText("Welcome back, Morgan. Here's your recruiting overview.").waitFor();
    const footer = page.getByTestId('user-footer');
    await footer.getByText('Morgan Blake').waitFor();
    expect(await footer.getByText('MB').count()).toBeGreaterThan(0);
    const nav = page.getByRole('navigation').first();
    for (const entry of [
      'Dashboard',
      'Candidates',
      'Clients',
      'Job Orders',
      'Pipeline',
      'Calendar',
      'Communications',
      'Analytics',
      'Integrations',
    ]) {
      expect(await nav.getByRole('link', { name: entry, exact: true }).count(), entry).toBe(1);
    }
    await nav.getByRole('link', { name: 'Candidates', exact: true }).click();
    await page.waitForURL('**/candidates');
    expect(await nav.getByRole('link', { name: 'Candidates', exact: true }).getAttribute('aria-current')).toBe('page');
    await screenshot(page, 'shell-candidates-desktop');

    await page.goto('/no/such/page');
    await page.getByRole('heading', { level: 1, name: 'Page Not Found' }).waitFor();
    await page.goto('/candidates/abc');
    await page.getByText('Invalid Candidate ID').waitFor();

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Get Started' }).first().waitFor();
    const me = await page.request.get('/api/auth/user');
    expect(me.status()).toBe(401);
    await context.close();
  });

  it('collapses the sidebar into a drawer on a phone', async () => {
    const context = await newContext(browser, app.url, PHONE);
    const page = await context.newPage();
    await signIn(page, user.email, user.password);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('link', { name: 'Pipeline', exact: true }).last().click();
    await page.waitForURL('**/jobs/pipeline');
    await page.getByText('Recruitment Pipeline').waitFor();
    await screenshot(page, 'pipeline-phone');
    expect(page.viewportSize()).toEqual(PHONE);
    await context.close();
    expect(DESKTOP.width).toBe(1440);
  });
});
