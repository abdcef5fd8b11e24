import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Standalone } from '@ats/standalone';
import { apiCall } from './support/api';
import { browserSkipReason, newContext, screenshot, signIn } from './support/browser';
import { addUser, closeWorld, startAdminDemo } from './support/server';

/**
 * JOURNEYS "A manager, Monday morning", on the demo agency as `npm start` loads it (with its
 * months of history), by a manager whom an admin added on the Team screen.
 */
describe.skipIf(browserSkipReason !== null)('a manager, Monday morning', () => {
  let app: Standalone;
  let browser: Browser;
  let admin: Awaited<ReturnType<typeof addUser>>;
  const mark = { email: 'mark.monday@agency.example', password: 'mark-monday-password' };

  beforeAll(async () => {
    ({ app, browser, admin } = await startAdminDemo({ history: true }));
  }, 120_000);
  afterAll(() => closeWorld({ app, browser }));

  /** the calendar quarter before this one, as the Period picker's Last quarter gives it */
  const lastQuarter = () => {
    const now = new Date();
    const q = Math.floor(now.getMonth() / 3) * 3;
    const day = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    return { from: day(new Date(now.getFullYear(), q - 3, 1)), to: day(new Date(now.getFullYear(), q, 0)) };
  };

  it('the admin adds him; his dashboard, last quarter in Analytics for one client with its CSV, a stale job whose task he reassigns, and the live feed', async () => {
    // the admin adds the manager on the Team screen
    const adminContext = await newContext(browser, app.url);
    const adminPage = await adminContext.newPage();
    await signIn(adminPage, admin.email, admin.password);
    await adminPage.goto('/team');
    await adminPage.getByRole('button', { name: 'Add User' }).click();
    const dialog = adminPage.getByRole('dialog', { name: 'Add Team Member' });
    await dialog.getByLabel('First Name').fill('Mark');
    await dialog.getByLabel('Last Name').fill('Monday');
    await dialog.getByLabel('Email').fill(mark.email);
    await dialog.getByRole('combobox', { name: /Role/ }).click();
    await adminPage.getByRole('option', { name: 'Hiring Manager' }).click();
    await dialog.getByLabel('Initial Password').fill(mark.password);
    await dialog.getByRole('button', { name: 'Add User' }).click();
    await adminPage.getByText('User added').waitFor();
    // the demo's recruiters are on the team too: their months of work are the history
    for (const name of ['Priya Shah', 'Marcus Webb', 'Elena Rossi'])
      await adminPage.getByTestId('team-row').filter({ hasText: name }).waitFor();
    await adminContext.close();

    // 1. the dashboard: four figures, each with its change against last month (or last year) from the API
    const context = await newContext(browser, app.url, undefined);
    const page: Page = await context.newPage();
    await signIn(page, mark.email, mark.password);
    await page.getByText('Welcome back, Mark.', { exact: false }).waitFor();
    const changes = await apiCall<Record<string, { current: number; changePct: number | null; label: string }>>(
      page,
      'GET',
      `/api/analytics/dashboard-changes?tz=${encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone)}`,
    );
    expect(changes.revenueYTD!.current).toBeGreaterThan(0);
    await expect
      .poll(() => page.locator('[data-metric="Placements This Month"]').textContent())
      .toBe(String(changes.placementsThisMonth!.current));
    await expect.poll(() => page.locator('[data-metric="Open Positions"]').textContent()).toBe(String(changes.openPositions!.current));
    expect(await page.getByText(/vs last month/).count()).toBeGreaterThanOrEqual(2);

    // 2. Analytics for last quarter: every chart has figures from the demo's events
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Analytics' }).click();
    await page.getByRole('combobox', { name: 'Period' }).click();
    await page.getByRole('option', { name: 'Last quarter' }).click();
    const { from, to } = lastQuarter();
    await expect.poll(() => new URL(page.url()).searchParams.get('from')).toBe(from);
    const funnel = await app.queryApi.queries.analyticsFunnel({ from, to });
    expect(funnel.cohort).toBeGreaterThanOrEqual(10);
    await page.getByTestId('analytics-funnel').getByText(`Applications created in the range (${funnel.cohort})`).waitFor();
    const placements = page.getByTestId('analytics-placements');
    const report = await app.queryApi.queries.analyticsPlacements({ from, to });
    expect(report.byRecruiter.length).toBeGreaterThanOrEqual(2);
    await expect.poll(() => placements.locator('[data-figure="Placements"]').textContent()).toBe(String(report.totals.placements));
    for (const r of report.byRecruiter)
      await placements.getByRole('table', { name: 'Recruiter' }).getByRole('row').filter({ hasText: r.name }).waitFor();
    await page.getByText('No placements in this range', { exact: false }).waitFor({ state: 'detached' });
    await screenshot(page, 'manager-last-quarter', { fullPage: true });

    // filters to one client, and downloads the table behind the placements chart
    const client = report.byClient[0]!;
    await page.getByRole('combobox', { name: 'Client' }).click();
    await page.getByRole('option', { name: client.clientName, exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('client')).toBe(String(client.clientId));
    await expect.poll(() => placements.locator('[data-figure="Placements"]').textContent()).toBe(String(client.placements));
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      placements.getByRole('button', { name: 'Download Placements and fees as CSV' }).click(),
    ]);
    const lines = (await readFile((await download.path())!, 'utf8')).trim().split('\r\n');
    expect(lines[0]).toBe('Month,Placements,Fees ($),Placements last year,Fees last year ($)');
    expect(lines.slice(1).reduce((n, line) => n + Number(line.split(',')[1]), 0)).toBe(client.placements);

    // 3. a job stale for over 30 days with few candidates: he opens it and reassigns its task
    await page.getByRole('combobox', { name: 'Client' }).click();
    await page.getByRole('option', { name: 'All' }).first().click();
    const stale = page.getByTestId('analytics-job-health').getByRole('row').filter({ hasText: 'VP of Investor Relations' });
    await stale.getByText('Stale').first().waitFor();
    await stale.getByRole('link', { name: 'VP of Investor Relations' }).click();
    await page.getByRole('heading', { name: 'VP of Investor Relations', level: 1 }).waitFor();
    const task = 'Agree a new sourcing plan with the client';
    await page.getByRole('button', { name: `Reassign ${task}` }).click();
    const reassign = page.getByRole('dialog', { name: 'Reassign Task' });
    await reassign.getByRole('combobox').click();
    await page.getByRole('option', { name: 'Marcus Webb' }).click();
    await reassign.getByRole('button', { name: 'Reassign' }).click();
    await page.getByText('Assigned to Marcus Webb').first().waitFor();

    // 4. the feed names who did what within a second, as a recruiter works a board elsewhere
    await page.goto('/');
    await page.getByTestId('activity-item').first().waitFor();
    const rita = await addUser(app, 'recruiter', 'Rita', 'Remote');
    const ritaContext = await newContext(browser, app.url);
    const ritaPage = await ritaContext.newPage();
    await signIn(ritaPage, rita.email, rita.password);
    const onBoard = (await app.queryApi.queries.listApplications({})).find((a) => a.stage === 'phone_screen')!;
    await apiCall(ritaPage, 'PATCH', `/api/applications/${onBoard.id}/stage`, { stage: 'interview' });
    const started = Date.now();
    await page.getByTestId('activity-item').filter({ hasText: 'Rita Remote' }).first().waitFor({ timeout: 2000 });
    expect(Date.now() - started).toBeLessThan(1500);
    await ritaContext.close();
    await context.close();
  }, 180_000);
});
