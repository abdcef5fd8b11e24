import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { Standalone } from '@ats/standalone';
import { browserSkipReason, launchBrowser, newContext, screenshot, signIn } from './support/browser';
import { addUser, loadDemo, startServer } from './support/server';

/** Defects found by walking the four journeys of JOURNEYS.md in the browser as a new user would. */
describe.skipIf(browserSkipReason !== null)('journey walk', () => {
  let app: Standalone;
  let browser: Browser;
  let admin: Awaited<ReturnType<typeof addUser>>;

  beforeAll(async () => {
    app = await startServer();
    browser = await launchBrowser();
    admin = await addUser(app, 'admin', 'Alex', 'Admin');
    await loadDemo(app, admin);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it("a deactivated user's open tab ends at once: it says so and goes to the sign-in page, not 'Reconnecting…' over the data", async () => {
    const leaver = await addUser(app, 'recruiter', 'Leo', 'Leaver');
    const leoContext = await newContext(browser, app.url);
    const leo = await leoContext.newPage();
    await signIn(leo, leaver.email, leaver.password);
    await leo.goto('/candidates');
    await leo.getByText('Live updates on').waitFor();

    const adminContext = await newContext(browser, app.url);
    const adminPage = await adminContext.newPage();
    await signIn(adminPage, admin.email, admin.password);
    await adminPage.goto('/team');
    await adminPage.getByRole('button', { name: 'Deactivate Leo Leaver' }).click();
    await adminPage.getByText('User deactivated').waitFor();

    await leo.getByText('You are logged out. Logging in again...').waitFor({ timeout: 3_000 });
    await leo.waitForURL((url) => url.pathname === '/api/login', { timeout: 3_000 });
    await screenshot(leo, 'journey-walk-deactivated-tab');
    await leoContext.close();
    await adminContext.close();
  });
});
