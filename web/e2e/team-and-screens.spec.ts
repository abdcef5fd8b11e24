import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { Standalone } from '@ats/standalone';
import { DESKTOP, PHONE, browserSkipReason, launchBrowser, newContext, screenshot, signIn } from './support/browser';
import { PASSWORD, addUser, loadDemo, startServer } from './support/server';

describe.skipIf(browserSkipReason !== null)('team management and every screen at both sizes', () => {
  let app: Standalone;
  let browser: Browser;
  let admin: Awaited<ReturnType<typeof addUser>>;
  let recruiter: Awaited<ReturnType<typeof addUser>>;

  beforeAll(async () => {
    app = await startServer();
    browser = await launchBrowser();
    admin = await addUser(app, 'admin', 'Alex', 'Admin');
    recruiter = await addUser(app, 'recruiter', 'Riley', 'Quinn');
    await loadDemo(app, admin);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('lets an admin add a user, change a role and deactivate; others see no Team entry', async () => {
    const context = await newContext(browser, app.url);
    const page = await context.newPage();
    await signIn(page, recruiter.email, recruiter.password);
    expect(await page.getByRole('navigation').first().getByRole('link', { name: 'Team' }).count()).toBe(0);
    await page.goto('/team');
    await page.getByRole('heading', { name: 'Administrators only' }).waitFor();
    await context.close();

    const adminContext = await newContext(browser, app.url);
    const adminPage = await adminContext.newPage();
    await signIn(adminPage, admin.email, admin.password);
    await adminPage.getByRole('navigation').first().getByRole('link', { name: 'Team' }).click();
    await adminPage.getByRole('heading', { name: 'Team', level: 1 }).waitFor();
    await adminPage.getByTestId('team-row').filter({ hasText: recruiter.email }).waitFor();

    await adminPage.getByRole('button', { name: 'Add User' }).click();
    const dialog = adminPage.getByRole('dialog', { name: 'Add Team Member' });
    await dialog.getByRole('button', { name: 'Add User' }).click();
    await dialog.getByText('First name is required').waitFor();
    await dialog.getByText('Password must be at least 12 characters').waitFor();
    await dialog.getByLabel('First Name').fill('Sam');
    await dialog.getByLabel('Last Name').fill('Rivera');
    await dialog.getByLabel('Email').fill('sam.rivera@agency.example');
    await dialog.getByRole('combobox', { name: /Role/ }).click();
    await adminPage.getByRole('option', { name: 'Hiring Manager' }).click();
    await dialog.getByLabel('Initial Password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Add User' }).click();
    await adminPage.getByText('User added').waitFor();
    const row = adminPage.getByTestId('team-row').filter({ hasText: 'sam.rivera@agency.example' });
    await row.waitFor();
    await screenshot(adminPage, 'team-desktop');

    await row.getByRole('combobox', { name: 'Role of Sam Rivera' }).click();
    await adminPage.getByRole('option', { name: 'Auditor (read-only)' }).click();
    await adminPage.getByText('Role updated').waitFor();
    await row.getByRole('button', { name: 'Deactivate Sam Rivera' }).click();
    // it signs them out everywhere: asked first, Cancel leaves them active
    const confirm = adminPage.getByRole('alertdialog', { name: 'Deactivate Sam Rivera?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await row.getByText('Active', { exact: true }).waitFor();
    await row.getByRole('button', { name: 'Deactivate Sam Rivera' }).click();
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    await adminPage.getByText('User deactivated').waitFor();
    await row.getByText('Inactive').waitFor();
    const users = await app.queryApi.queries.listUsers();
    expect(users.find((u: { email: string }) => u.email === 'sam.rivera@agency.example')).toMatchObject({ role: 'auditor', active: false });
    // the deactivated user can no longer sign in
    const samContext = await newContext(browser, app.url);
    const samPage = await samContext.newPage();
    await samPage.goto('/api/login');
    await samPage.getByLabel('Email').fill('sam.rivera@agency.example');
    await samPage.getByLabel('Password').fill(PASSWORD);
    await samPage.getByRole('button', { name: 'Sign in' }).click();
    await samPage.waitForTimeout(500);
    expect(new URL(samPage.url()).pathname).not.toBe('/');
    await samContext.close();
    await adminContext.close();
  });

  const screens: [string, string, string][] = [
    ['/', 'dashboard', 'Recent Activities'],
    ['/candidates', 'candidates', 'Candidates'],
    ['/clients', 'clients', 'Clients'],
    ['/jobs', 'jobs', 'Job Orders'],
    ['/jobs/pipeline', 'pipeline', 'Recruitment Pipeline'],
    ['/calendar', 'calendar', 'Calendar'],
    ['/communications', 'communications', 'Communications'],
    ['/analytics', 'analytics', 'Analytics'],
    ['/team', 'team', 'Team'],
  ];

  for (const [viewport, size] of [
    [DESKTOP, 'desktop'],
    [PHONE, 'phone'],
  ] as const) {
    it(`renders every screen on a ${size}, in light and dark`, async () => {
      const context = await newContext(browser, app.url, viewport);
      const page = await context.newPage();
      await signIn(page, admin.email, admin.password);
      for (const [path, name, heading] of screens) {
        await page.goto(path);
        await page.getByRole('heading', { name: heading }).first().waitFor();
        await page.waitForLoadState('networkidle');
        await screenshot(page, `screen-${name}-${size}`);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
      }
      await page.emulateMedia({ colorScheme: 'dark' });
      for (const [path, name, heading] of screens.slice(0, 5)) {
        await page.goto(path);
        await page.getByRole('heading', { name: heading }).first().waitFor();
        await page.waitForLoadState('networkidle');
        await screenshot(page, `screen-${name}-${size}-dark`);
      }
      const [candidate] = await app.queryApi.queries.listCandidates();
      await page.goto(`/candidates/${candidate!.id}`);
      await page.getByText('Personal Information').waitFor();
      await screenshot(page, `screen-candidate-detail-${size}-dark`);
      await context.close();
    });
  }
});
