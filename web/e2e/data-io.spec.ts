import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { Standalone } from '@ats/standalone';
import { apiCall } from './support/api';
import { runAxe } from './support/axe';
import { browserSkipReason, launchBrowser, screenshot, signIn } from './support/browser';
import { addUser, startServer } from './support/server';

/** a spreadsheet's CSV: BOM, Windows line endings, a quoted comma, a bad e-mail, a column the guess cannot place */
const FILE = [
  '\uFEFFFirst Name,Last Name,Work Email,Headline,Company',
  'Mae,Jemison,mae.jemison@space.example,Astronaut,"NASA, Houston"',
  'Sally,Ride,not-an-email,Physicist,NASA',
  'Ellen,Ochoa,ellen.ochoa@space.example,Director,NASA',
  'Grace,Hopper,grace.e2e@navy.example,Commodore,US Navy',
  '',
].join('\r\n');

/** Issue 16: a recruiter imports a CSV (mapping, preview, duplicates, progress, summary) and exports the filtered list. */
describe.skipIf(browserSkipReason !== null)('data in and out', () => {
  let app: Standalone;
  let browser: Browser;
  let recruiter: Awaited<ReturnType<typeof addUser>>;

  beforeAll(async () => {
    app = await startServer();
    browser = await launchBrowser();
    recruiter = await addUser(app, 'recruiter', 'Rita', 'Recruiter');
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('imports candidates with mapping and progress, then exports the filtered list', async () => {
    // bypassCSP: the axe script is injected inline
    const context = await browser.newContext({
      baseURL: app.url,
      acceptDownloads: true,
      bypassCSP: true,
      viewport: { width: 1440, height: 900 },
    });
    const page = await context.newPage();
    await signIn(page, recruiter.email, recruiter.password);
    // an existing candidate the file duplicates by e-mail
    await apiCall(page, 'POST', '/api/candidates', {
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace.e2e@navy.example',
      currentTitle: 'Rear Admiral',
      skills: [],
    });
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Candidates' }).click();
    await page.getByRole('heading', { name: 'Candidates', level: 1 }).waitFor();

    await page.getByRole('button', { name: 'Import' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import Candidates' });
    await dialog.getByLabel('CSV file').setInputFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from(FILE) });
    await dialog.getByRole('button', { name: 'Upload' }).click();

    // the mapping step: guessed from the headers; the title column is chosen by hand
    await expect.poll(() => dialog.locator('#map-email').innerText()).toBe('Work Email');
    await expect.poll(() => dialog.locator('#map-firstName').innerText()).toBe('First Name');
    await dialog.getByText('Choose a column for: Current Title').waitFor();
    expect(await dialog.getByRole('button', { name: 'Preview' }).isDisabled()).toBe(true);
    await dialog.locator('#map-currentTitle').click();
    await page.getByRole('option', { name: 'Headline' }).click();
    await screenshot(page, 'import-mapping');
    // WCAG 2.1 AA at each step of the dialog (the mapping's selects, the preview's table, the summary)
    const axeViolations = async () => (await runAxe(page)).violations.map((v) => `${v.rule}: ${v.nodes.join(' | ')}`);
    expect(await axeViolations()).toEqual([]);
    await dialog.getByRole('button', { name: 'Preview' }).click();

    // the preview: counts, the bad row in the spec's words, the duplicate with its choice
    await expect.poll(() => dialog.getByTestId('import-preview-summary').innerText()).toBe('4 rows: 3 valid, 1 with errors, 1 duplicates');
    const rows = dialog.getByRole('table', { name: 'Rows to check' });
    await rows.getByText('Valid email is required').waitFor();
    await rows.getByText(/Duplicate of Grace Hopper <grace.e2e@navy.example> \(same email\)/).waitFor();
    await rows.getByRole('combobox', { name: 'Action for row 5' }).click();
    // the choice says what happens to Grace's record, and the help agrees with what the import does
    await page.getByRole('option', { name: 'Overwrite with filled cells' }).click();
    expect(await dialog.getByTestId('import-duplicate-help').innerText()).toContain(
      'each filled cell replaces that field of the existing candidate (a Skills cell replaces the whole list). Empty cells and columns not mapped keep what the existing record has.',
    );
    await screenshot(page, 'import-preview');
    expect(await axeViolations()).toEqual([]);
    await dialog.getByRole('button', { name: 'Import 3 rows' }).click();

    // progress, then the summary
    await dialog.getByRole('progressbar', { name: 'Import progress' }).waitFor();
    await expect
      .poll(() => dialog.getByTestId('import-summary').innerText(), { timeout: 30_000 })
      .toBe('Created 2 · Updated 1 · Skipped 0 · Failed 1');
    expect(await dialog.getByTestId('import-progress').innerText()).toBe('Import complete 4 of 4 rows (100%)');
    await dialog.getByText('Row 3: Valid email is required').waitFor();
    await screenshot(page, 'import-summary');
    expect(await axeViolations()).toEqual([]);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await page
      .getByRole('list', { name: 'Candidates' })
      .or(page.getByLabel('Candidates', { exact: true }))
      .first()
      .waitFor();
    await page.getByText('Mae Jemison').first().waitFor();

    // export the list as filtered on screen
    await page.getByLabel('Search candidates').fill('NASA');
    await page.getByText('Grace Hopper').waitFor({ state: 'detached' });
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^candidates-\d{4}-\d{2}-\d{2}\.csv$/);
    const file = join(mkdtempSync(join(tmpdir(), 'ats-export-e2e-')), 'candidates.csv');
    await download.saveAs(file);
    const exported = parse(readFileSync(file, 'utf8'), { bom: true, columns: true }) as Array<Record<string, string>>;
    expect(exported.map((r) => `${r.firstName} ${r.lastName}`).sort()).toEqual(['Ellen Ochoa', 'Mae Jemison']);
    expect(exported.find((r) => r.firstName === 'Mae')?.currentCompany).toBe('NASA, Houston');
    await context.close();
  }, 120_000);
});
