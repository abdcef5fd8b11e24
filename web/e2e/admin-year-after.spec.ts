import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { Standalone } from '@ats/standalone';
import { apiCall } from './support/api';
import { browserSkipReason, newContext, screenshot, signIn } from './support/browser';
import { type addUser, closeWorld, startAdminDemo } from './support/server';

/** JOURNEYS "An admin, the year after", on the demo agency with its months of history. */
describe.skipIf(browserSkipReason !== null)('an admin, the year after', () => {
  let app: Standalone;
  let browser: Browser;
  let admin: Awaited<ReturnType<typeof addUser>>;

  beforeAll(async () => {
    ({ app, browser, admin } = await startAdminDemo({ history: true }));
  }, 120_000);
  afterAll(() => closeWorld({ app, browser }));

  const year = () => {
    const to = new Date().toISOString().slice(0, 10);
    return { from: new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10), to };
  };

  it('erases a placed former candidate after a subject-access export: the log still verifies, the fee stays, the placement is anonymised', async () => {
    const context = await newContext(browser, app.url);
    const page = await context.newPage();
    await signIn(page, admin.email, admin.password);
    const placed = (await app.queryApi.queries.listApplications({})).find(
      (a) => a.stage === 'placed' && a.job.title === 'General Counsel',
    )!;
    const name = `${placed.candidate.firstName} ${placed.candidate.lastName}`;
    const before = await app.queryApi.queries.analyticsPlacements(year());
    expect(before.totals.placements).toBeGreaterThan(0);

    await page.goto(`/candidates/${placed.candidateId}`);
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    const menu = page.getByRole('button', { name: `More actions for ${name}` });
    await menu.click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'Download personal data (subject access)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`subject-access-candidate-${placed.candidateId}.zip`);
    await menu.click();
    await page.getByRole('menuitem', { name: 'Erase personal data…' }).click();
    const dialog = page.getByRole('alertdialog', { name: `Erase the personal data of ${name}?` });
    await dialog.getByLabel('Type ERASE to confirm').fill('ERASE');
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Erasure request received by e-mail');
    await dialog.getByRole('button', { name: 'Erase personal data' }).click();
    await page.getByTestId('erased-notice').waitFor();

    // the audit log still verifies to the latest event
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Audit' }).click();
    await page.getByRole('button', { name: 'Verify integrity' }).click();
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Verified' }).innerText(), { timeout: 30_000 })
      .toMatch(/the chain is intact up to the latest event/);

    // the fee on the placement remains, in Analytics as before; the placement no longer names her
    await app.projector.waitFor(await app.eventStore.headPosition(), 20_000);
    const after = await app.queryApi.queries.analyticsPlacements(year());
    expect(after.totals).toEqual(before.totals);
    await page.goto(`/analytics?from=${year().from}&to=${year().to}`);
    await expect
      .poll(() => page.getByTestId('analytics-placements').locator('[data-figure="Placements"]').textContent())
      .toBe(String(before.totals.placements));
    const hers = (await app.queryApi.queries.listApplications({})).filter((a) => a.candidateId === placed.candidateId);
    for (const card of hers) expect([card.candidate.firstName, card.candidate.lastName]).not.toContain(placed.candidate.lastName);
    await context.close();
  }, 120_000);

  it('backs up from the Backups screen while everyone works, and finds the command that restores it elsewhere', async () => {
    const context = await newContext(browser, app.url);
    const page = await context.newPage();
    await signIn(page, admin.email, admin.password);
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Backups' }).click();
    await page.getByRole('heading', { name: 'Backups', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Back up now' }).click();
    await expect
      .poll(() => page.getByTestId('backup-status').innerText(), { timeout: 60_000 })
      .toMatch(/^Backup complete: talentflow-\d{4}-/);
    const name = (await page.getByTestId('backup-status').innerText()).replace('Backup complete: ', '');
    const row = page.getByRole('table', { name: 'Backups taken' }).getByRole('row').filter({ hasText: name });
    await row.getByText('Complete').waitFor();
    await expect
      .poll(() => page.getByTestId('restore-command').innerText())
      .toMatch(new RegExp(`^npm run restore -- \\S+/${name} --data-dir \\./data$`));
    await screenshot(page, 'admin-backups');
    await context.close();
  }, 90_000);

  it("resets a demo recruiter's password on the Team screen: she signs in with it", async () => {
    const context = await newContext(browser, app.url);
    const page = await context.newPage();
    await signIn(page, admin.email, admin.password);
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Team' }).click();
    await page.getByRole('button', { name: 'Reset the password of Priya Shah' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset the password of Priya Shah' });
    const field = dialog.getByLabel('New password');
    await expect.poll(() => field.inputValue()).toMatch(/^[A-Za-z2-9]{4}(-[A-Za-z2-9]{4}){3}$/);
    const password = await field.inputValue();
    await dialog.getByRole('button', { name: 'Reset password' }).click();
    await page.getByTestId('toast-viewport').getByText('Password reset').waitFor();
    const hers = await newContext(browser, app.url);
    await signIn(await hers.newPage(), 'priya.shah@talentflow.example', password);
    await hers.close();
    await context.close();
  }, 60_000);

  it('imports 3,000 candidates: maps, fixes a rejected row, watches the progress bar, and merges the duplicate it found', async () => {
    const context = await newContext(browser, app.url);
    const page = await context.newPage();
    await signIn(page, admin.email, admin.password);
    const someone = (
      await apiCall<Array<{ id: number; firstName: string; lastName: string; currentCompany: string | null }>>(
        page,
        'GET',
        '/api/candidates',
      )
    ).find((c) => c.currentCompany)!;
    const rows = ['First,Last,E-mail,Title,Company'];
    for (let i = 0; i < 2_997; i++) rows.push(`Person${i},Imported${i},person${i}@old-agency.example,Director,Old Agency Client ${i % 50}`);
    rows.push('Broken,Address,not-an-email,Director,Somewhere');
    rows.push(
      `${someone.firstName},${someone.lastName},${someone.firstName.toLowerCase()}@elsewhere.example,Director,"${someone.currentCompany}"`,
    );
    rows.push('Last,Row,last.row@old-agency.example,Director,Somewhere');
    await page.goto('/candidates');
    await page.getByRole('button', { name: 'Import' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import Candidates' });
    await dialog
      .getByLabel('CSV file')
      .setInputFiles({ name: 'old-system.csv', mimeType: 'text/csv', buffer: Buffer.from(rows.join('\n')) });
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await dialog.locator('#map-currentTitle').click();
    await page.getByRole('option', { name: 'Title' }).click();
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await expect
      .poll(() => dialog.getByTestId('import-preview-summary').innerText())
      .toBe('3000 rows: 2999 valid, 1 with errors, 1 duplicates');
    await dialog.getByRole('button', { name: 'Fix row 2999' }).click();
    await dialog.getByRole('form', { name: 'Fix row 2999' }).getByLabel('Email').fill('broken.address@old-agency.example');
    await dialog.getByRole('form', { name: 'Fix row 2999' }).getByRole('button', { name: 'Save fix' }).click();
    await dialog.getByRole('table', { name: 'Rows to check' }).getByRole('row').filter({ hasText: 'Fixed' }).waitFor();
    await dialog.getByRole('button', { name: 'Re-check 1 fixed row' }).click();
    // checked again as a new upload: the button becomes Import once the fixed file's preview is in
    await dialog.getByRole('button', { name: 'Import 2999 rows' }).waitFor({ timeout: 60_000 });
    await expect
      .poll(() => dialog.getByTestId('import-preview-summary').innerText())
      .toBe('3000 rows: 3000 valid, 0 with errors, 1 duplicates');
    // the duplicate (same name and company, another address) is kept as a second record, to merge after
    await dialog.getByRole('combobox', { name: 'Action for row 3000' }).click();
    await page.getByRole('option', { name: 'Create a second record' }).click();
    await dialog.getByRole('button', { name: 'Import 3000 rows' }).click();
    await dialog.getByRole('progressbar', { name: 'Import progress' }).waitFor();
    await screenshot(page, 'admin-import-progress');
    await expect
      .poll(() => dialog.getByTestId('import-summary').innerText(), { timeout: 120_000 })
      .toBe('Created 3000 · Updated 0 · Skipped 0 · Failed 0');
    await dialog.getByRole('button', { name: 'Done' }).click();

    // the duplicate it found is on Duplicates: merged into the older record
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Duplicates' }).click();
    const merge = page.getByRole('button', {
      name: new RegExp(`^Merge ${someone.firstName} ${someone.lastName} #${someone.id} and #\\d+$`),
    });
    await merge.click();
    const mergeDialog = page.getByRole('dialog', { name: 'Merge duplicate candidates' });
    await mergeDialog.getByRole('button', { name: 'Merge' }).click();
    await page.getByTestId('toast-viewport').locator('li').filter({ hasText: 'Candidates merged' }).waitFor();
    await context.close();
  }, 240_000);
});
