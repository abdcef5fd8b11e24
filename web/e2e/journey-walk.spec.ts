import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { Standalone } from '@ats/standalone';
import { apiCall } from './support/api';
import { PHONE, browserSkipReason, launchBrowser, newContext, screenshot, signIn } from './support/browser';
import { inColumn } from './support/pipeline';
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
    await adminPage.getByRole('alertdialog', { name: 'Deactivate Leo Leaver?' }).getByRole('button', { name: 'Deactivate' }).click();
    await adminPage.getByText('User deactivated').waitFor();

    await leo.getByText('You are logged out. Logging in again...').waitFor({ timeout: 3_000 });
    await leo.waitForURL((url) => url.pathname === '/api/login', { timeout: 3_000 });
    await screenshot(leo, 'journey-walk-deactivated-tab');
    await leoContext.close();
    await adminContext.close();
  });

  it("a client's page lists its job orders and adds one for that client, with the fee % agreed on the call (recruiter, step 3)", async () => {
    const context = await newContext(browser, app.url);
    const page = await context.newPage();
    await signIn(page, admin.email, admin.password);
    await page.goto('/clients');
    await page
      .getByRole('link', { name: /Northwind Capital/ })
      .first()
      .click();
    await page.getByRole('heading', { name: 'Northwind Capital', level: 1 }).waitFor();
    const jobOrders = page.getByRole('region', { name: /Job Orders/ });
    await jobOrders.getByRole('link', { name: 'Director of Data Science' }).waitFor();

    await jobOrders.getByRole('button', { name: 'Add Job Order' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Job Order' });
    await dialog.getByLabel('Job Title').fill('Chief Risk Officer');
    await expect.poll(() => dialog.getByRole('combobox', { name: /Client/ }).textContent()).toContain('Northwind Capital');
    await dialog.getByLabel('Salary Min ($k)').fill('300');
    await dialog.getByLabel('Salary Max ($k)').fill('380');
    await dialog.getByLabel('Fee %').fill('25');
    await screenshot(page, 'journey-walk-client-add-job');
    await dialog.getByRole('button', { name: 'Create Job Order' }).click();
    await page.getByText('The new job order has been successfully created.').waitFor();

    await jobOrders.getByRole('link', { name: 'Chief Risk Officer' }).click();
    await page.getByRole('heading', { name: 'Chief Risk Officer', level: 1 }).waitFor();
    const job = (await app.queryApi.queries.listJobs()).find((j: { title: string }) => j.title === 'Chief Risk Officer');
    expect(job).toMatchObject({ salaryMin: 300, salaryMax: 380, feePercentage: 25, client: { companyName: 'Northwind Capital' } });
    await context.close();
  });

  it("an auditor reads a candidate's History in the words of the profile: the source is 'Professional network', not 'professional_network'", async () => {
    const auditor = await addUser(app, 'auditor', 'Aude', 'Auditor');
    const context = await newContext(browser, app.url);
    const page = await context.newPage();
    await signIn(page, auditor.email, auditor.password);
    const candidate = (await app.queryApi.queries.listCandidates()).find(
      (c: { source?: string | null }) => c.source === 'professional_network',
    );
    await page.goto(`/candidates/${candidate!.id}`);
    await page.getByRole('tab', { name: 'History' }).click();
    const created = page.getByTestId('history-entry').filter({ hasText: 'Created the candidate' });
    await created.getByText('Professional network').waitFor();
    expect(await created.getByTestId('history-change').allTextContents()).not.toContainEqual(expect.stringMatching(/\b[a-z]+_[a-z]+\b/));
    await context.close();
  });

  it("a manager opens a stale job from Analytics' Job health (manager, step 3)", async () => {
    const manager = await addUser(app, 'manager', 'Mona', 'Manager');
    const context = await newContext(browser, app.url);
    const page = await context.newPage();
    await signIn(page, manager.email, manager.password);
    await page.goto('/analytics');
    const health = page.getByTestId('analytics-job-health');
    const staleRow = health.getByRole('row').filter({ hasText: 'Stale' }).first();
    const title = await staleRow.getByRole('cell').first().innerText();
    await staleRow.getByRole('link', { name: title }).click();
    await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/jobs\/\d+$/);
    await page.getByRole('region', { name: /Tasks/ }).waitFor();
    await context.close();
  });

  it("on a phone a recruiter moves a card from its menu (a drag there scrolls the board); a colleague's board follows, and Undo puts it back", async () => {
    const recruiter = await addUser(app, 'recruiter', 'Rita', 'Phone');
    const colleague = await addUser(app, 'recruiter', 'Colin', 'Desk');
    const deskContext = await newContext(browser, app.url);
    const desk = await deskContext.newPage();
    await signIn(desk, colleague.email, colleague.password);
    const applications = await apiCall<Array<{ id: number; stage: string; candidate: { firstName: string; lastName: string } }>>(
      desk,
      'GET',
      '/api/applications',
    );
    const card = applications.find((a) => a.stage === 'applied')!;
    const name = `${card.candidate.firstName} ${card.candidate.lastName}`;
    await desk.goto('/jobs/pipeline');
    await inColumn(desk, 'applied', card.id).waitFor();

    const phoneContext = await newContext(browser, app.url, PHONE);
    const phone = await phoneContext.newPage();
    await signIn(phone, recruiter.email, recruiter.password);
    await phone.goto('/jobs/pipeline');
    await inColumn(phone, 'applied', card.id)
      .getByRole('button', { name: `Actions for ${name}` })
      .click();
    await phone.getByRole('menuitem', { name: 'Move to Phone Screen' }).click();
    await inColumn(phone, 'phone_screen', card.id).waitFor();
    await phone.getByText(`${name} moved to Phone Screen.`).waitFor();
    await screenshot(phone, 'journey-walk-phone-move-from-menu');
    await inColumn(desk, 'phone_screen', card.id).waitFor({ timeout: 2_000 });

    await phone.getByRole('button', { name: 'Undo' }).click();
    await inColumn(phone, 'applied', card.id).waitFor();
    await inColumn(desk, 'applied', card.id).waitFor({ timeout: 2_000 });

    // Placed from the menu asks for the agreed salary first, as a drop does
    await inColumn(phone, 'applied', card.id)
      .getByRole('button', { name: `Actions for ${name}` })
      .click();
    await phone.getByRole('menuitem', { name: 'Move to Placed' }).click();
    await phone.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await inColumn(phone, 'applied', card.id).waitFor();
    await phoneContext.close();
    await deskContext.close();
  });
});
