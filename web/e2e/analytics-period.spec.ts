import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { Standalone } from '@ats/standalone';
import { browserSkipReason, launchBrowser, newContext, signIn } from './support/browser';
import { addUser, startServer } from './support/server';

/** Manager, Monday step 2: "Opens Analytics for last quarter" is one pick, not two typed dates. */
describe.skipIf(browserSkipReason !== null)('analytics: a named period', () => {
  let app: Standalone;
  let browser: Browser;
  let ben: Awaited<ReturnType<typeof addUser>>;

  beforeAll(async () => {
    app = await startServer();
    browser = await launchBrowser();
    ben = await addUser(app, 'manager', 'Ben', 'Stone');
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('picks Last quarter from Period: From and To become its first and last day, and a typed day makes it a custom range', async () => {
    const context = await newContext(browser, app.url);
    const page = await context.newPage();
    await signIn(page, ben.email, ben.password);
    await page.goto('/analytics');
    const period = page.getByRole('combobox', { name: 'Period' });
    await expect.poll(() => period.innerText()).toBe('Last 12 months');
    await period.click();
    await page.getByRole('option', { name: 'Last quarter' }).click();
    const now = new Date();
    const q = Math.floor(now.getMonth() / 3) * 3;
    const day = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    const from = day(new Date(now.getFullYear(), q - 3, 1));
    const to = day(new Date(now.getFullYear(), q, 0));
    await expect.poll(() => page.getByLabel('From', { exact: true }).inputValue()).toBe(from);
    expect(await page.getByLabel('To', { exact: true }).inputValue()).toBe(to);
    expect(new URL(page.url()).searchParams.get('from')).toBe(from);
    expect(new URL(page.url()).searchParams.get('to')).toBe(to);
    await page.getByLabel('From', { exact: true }).fill(day(new Date(now.getFullYear(), q - 3, 2)));
    await expect.poll(() => period.innerText()).toBe('Custom range');
    await context.close();
  });
});
