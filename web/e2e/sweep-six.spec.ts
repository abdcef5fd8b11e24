import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { Standalone } from '@ats/standalone';
import { browserSkipReason, launchBrowser, newContext, signIn } from './support/browser';
import { addUser, startServer } from './support/server';

/** Defects found by the sixth attacker / new-user sweep (2026-12-07) that a user meets in a form. */
describe.skipIf(browserSkipReason !== null)('sweep six', () => {
  let app: Standalone;
  let browser: Browser;
  let user: Awaited<ReturnType<typeof addUser>>;

  beforeAll(async () => {
    app = await startServer();
    browser = await launchBrowser();
    user = await addUser(app, 'recruiter', 'Riley', 'Quinn');
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('a 5,000-character company name is told its limit, and a name of zero-width marks only that it is required', async () => {
    const context = await newContext(browser, app.url);
    const page = await context.newPage();
    await signIn(page, user.email, user.password);
    await page.goto('/clients');
    await page.getByRole('button', { name: 'Add Client' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add New Client' });
    const name = dialog.getByLabel('Company Name');
    // before: "Company name is required" under a field holding 5,000 letters
    await name.fill('A'.repeat(5000));
    await dialog.getByRole('button', { name: 'Add Client' }).click();
    await dialog.getByText('Must be at most 200 characters').waitFor();
    expect(await dialog.getByText('Company name is required').count()).toBe(0);
    // before: created a client with no visible name
    await name.fill('\u200B\u200F');
    await dialog.getByRole('button', { name: 'Add Client' }).click();
    await dialog.getByText('Company name is required').waitFor();
    expect(await dialog.isVisible()).toBe(true);
    await context.close();
  });
});
