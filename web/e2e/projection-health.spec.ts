import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { Standalone } from '@ats/standalone';
import { browserSkipReason, launchBrowser, newContext, signIn } from './support/browser';
import { addUser, loadDemo, startServer } from './support/server';

/**
 * Issue 14 (projection health): an admin opens the Audit workspace, sees every read model live
 * in the Projections table, skips a dead-lettered event (after confirming), starts a rebuild
 * (after confirming) and watches its progress until it is done.
 */
describe.skipIf(browserSkipReason !== null)('projection health', () => {
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

  it('shows the read models, skips a dead letter and runs a rebuild to the end', async () => {
    // a dead letter as the projector writes it when a projection throws on an event
    const [event] = (await app.eventStore.readAll({ after: 0, limit: 500 })).filter((e) => e.type === 'CandidateRegistered');
    // the projector's dead-letter collection
    await app.documents.collection('dead_letters').upsert({
      id: `${event!.id}:candidates`,
      eventId: event!.id,
      position: event!.position,
      eventType: event!.type,
      stream: event!.stream,
      projection: 'candidates',
      error: 'Error: poison: cannot digest this candidate',
      attempts: 3,
      failedAt: new Date().toISOString(),
    });

    const context = await newContext(browser, app.url);
    const page = await context.newPage();
    await signIn(page, admin.email, admin.password);
    await page.goto('/audit');
    const table = page.getByRole('table', { name: 'Projections' });
    const candidates = table.getByTestId('projection-candidates');
    await expect.poll(() => candidates.getByText('Live').isVisible(), { timeout: 30_000 }).toBe(true);

    // the dead letter: expand, skip (confirmed), gone
    await candidates.getByRole('button', { name: '1 dead letter' }).click();
    await page.getByText('poison: cannot digest this candidate').waitFor();
    await page.getByRole('button', { name: `Skip event ${event!.position}` }).click();
    const confirmSkip = page.getByTestId('confirm-skip');
    await confirmSkip.getByRole('button', { name: 'Skip' }).click();
    await candidates.getByText('None').waitFor();

    // the rebuild: confirmed, progress, done
    await page.getByRole('button', { name: 'Rebuild' }).click();
    await page.getByTestId('confirm-rebuild').getByRole('button', { name: 'Rebuild' }).click();
    await page.getByRole('progressbar', { name: 'Rebuild progress' }).waitFor();
    await expect.poll(() => page.getByTestId('rebuild-status').textContent(), { timeout: 60_000 }).toContain('Rebuild done');
    expect(await page.getByRole('progressbar', { name: 'Rebuild progress' }).getAttribute('aria-valuenow')).toBe('100');
    await expect.poll(() => candidates.getByText('Live').isVisible(), { timeout: 30_000 }).toBe(true);
    await context.close();
  });
});
