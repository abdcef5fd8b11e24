import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { Standalone } from '@ats/standalone';
import { PHONE, browserSkipReason, launchBrowser, newContext, screenshot, signIn } from './support/browser';
import { addUser, loadDemo, startServer } from './support/server';

describe.skipIf(browserSkipReason !== null)('candidates list', () => {
  let app: Standalone;
  let browser: Browser;
  let user: Awaited<ReturnType<typeof addUser>>;

  beforeAll(async () => {
    app = await startServer();
    browser = await launchBrowser();
    user = await addUser(app, 'recruiter', 'Riley', 'Quinn');
    await loadDemo(app, user);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('searches on the server, validates and adds a candidate, and deletes one', async () => {
    const context = await newContext(browser, app.url);
    const page = await context.newPage();
    await signIn(page, user.email, user.password);
    await page.goto('/candidates');
    await page.getByRole('heading', { name: 'Candidates' }).waitFor();
    await page.locator('[data-testid^="candidate-card-"]:not([data-testid="candidate-card-skeleton"])').first().waitFor();
    // the first page holds 30 of the 40 demo candidates; the rest load as the end of the grid nears
    // (its first cards render first, the rest right after that paint: B8)
    await expect.poll(() => page.locator('[data-testid^="candidate-card-"]').count()).toBe(30);
    await screenshot(page, 'candidates-desktop');
    const nextPage = page.waitForRequest((req) => req.url().includes('/api/candidates?') && req.url().includes('offset=30'));
    await page.mouse.wheel(0, 20_000);
    await nextPage;
    await page.waitForFunction(() => document.querySelectorAll('[data-testid^="candidate-card-"]').length === 40);
    // nothing more to load: no button, no further request
    await page.getByRole('button', { name: 'Load more' }).waitFor({ state: 'detached' });

    const search = page.getByRole('searchbox', { name: 'Search candidates' });
    await search.fill('zzz-nobody');
    await page.getByText('No candidates found').waitFor();
    await page.getByText('Try adjusting your search terms').waitFor();
    await search.fill('Ada Lovelace');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid^="candidate-card-"]').length === 1);
    await search.fill('');

    // the filter panel is applied by the server: 5 of the 40 demo candidates live in London
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    const filtered = page.waitForRequest((req) => req.url().includes('/api/candidates?') && req.url().includes('location=London'));
    await page.getByRole('region', { name: 'Filters' }).getByLabel('Location').fill('London');
    await filtered;
    await page.getByText('5 candidates found').waitFor();
    expect(await page.getByRole('region', { name: 'Filters' }).getByRole('status').textContent()).toBe('5 candidates found');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid^="candidate-card-"]').length === 5);
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid^="candidate-card-"]').length === 40);

    await page.getByRole('button', { name: 'Add Candidate' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByRole('button', { name: /add candidate|save|create/i })
      .last()
      .click();
    for (const message of ['First name is required', 'Last name is required', 'Job title is required', 'Valid email is required']) {
      await dialog.getByText(message).waitFor();
    }
    await dialog.getByLabel('First Name').fill('Octavia');
    await dialog.getByLabel('Last Name').fill('Butler');
    await dialog.getByLabel('Email').fill('octavia.butler@example.com');
    await dialog.getByLabel('Current Job Title').fill('Chief Strategy Officer');
    await dialog.getByLabel('Skills').fill('Strategy, M&A, , Board Relations');
    await dialog
      .getByRole('button', { name: /add candidate|save|create/i })
      .last()
      .click();
    await page.getByText('Candidate added successfully').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const card = page.locator('[data-testid^="candidate-card-"]', { hasText: 'Octavia Butler' });
    await card.waitFor();
    await card.getByText('Board Relations').waitFor();

    // the same e-mail again is refused by the server, and the dialog says why
    await page.getByRole('button', { name: 'Add Candidate' }).first().click();
    await dialog.getByLabel('First Name').fill('Octavia');
    await dialog.getByLabel('Last Name').fill('Butler');
    await dialog.getByLabel('Email').fill('OCTAVIA.BUTLER@example.com');
    await dialog.getByLabel('Current Job Title').fill('CSO');
    await dialog
      .getByRole('button', { name: /add candidate|save|create/i })
      .last()
      .click();
    await page.getByText('A candidate with this email already exists').first().waitFor();
    await page.keyboard.press('Escape');

    await card.getByRole('button', { name: 'Delete Octavia Butler' }).click();
    await page.getByRole('alertdialog', { name: 'Delete Octavia Butler?' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Candidate deleted').waitFor();
    await card.waitFor({ state: 'detached' });
    await context.close();
  });

  it('is usable on a phone', async () => {
    const context = await newContext(browser, app.url, PHONE);
    const page = await context.newPage();
    await signIn(page, user.email, user.password);
    await page.goto('/candidates');
    await page.locator('[data-testid^="candidate-card-"]').first().waitFor();
    await screenshot(page, 'candidates-phone');
    const box = await page.locator('[data-testid^="candidate-card-"]').first().boundingBox();
    expect(box!.width).toBeLessThanOrEqual(PHONE.width);
    await context.close();
  });

  it('falls back to a Load more button where the browser cannot watch the scroll', async () => {
    const context = await newContext(browser, app.url, PHONE);
    // a browser without IntersectionObserver: no infinite scroll, the button does it
    await context.addInitScript(() => {
      delete (window as { IntersectionObserver?: unknown }).IntersectionObserver;
    });
    const page = await context.newPage();
    await signIn(page, user.email, user.password);
    await page.goto('/candidates');
    const cards = page.locator('[data-testid^="candidate-card-"]:not([data-testid="candidate-card-skeleton"])');
    await cards.first().waitFor();
    // the first page: its first cards render first, the rest right after that paint (B8)
    await expect.poll(() => cards.count()).toBe(30);
    await page.mouse.wheel(0, 50_000);
    await page.waitForTimeout(300);
    expect(await cards.count()).toBe(30);
    await page.getByRole('button', { name: 'Load more' }).click();
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid^="candidate-card-"]:not([data-testid="candidate-card-skeleton"])').length === 40,
    );
    await page.getByRole('button', { name: 'Load more' }).waitFor({ state: 'detached' });
    await context.close();
  });
});
