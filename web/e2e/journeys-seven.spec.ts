import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall } from './support/api';
import { browserSkipReason, DESKTOP, screenshot, signIn } from './support/browser';
import { addUser, useTwoUserWorld } from './support/server';

const run = promisify(execFile);

/**
 * Journeys, seventh walk (JOURNEYS.md, "An auditor, a client dispute"): what an auditor could
 * not do, or was told wrongly, walking it in a browser west of Greenwich.
 */
describe.skipIf(browserSkipReason !== null)('journeys, seventh walk', () => {
  const world = useTwoUserWorld();

  /** the auditor, signed in from New York (UTC-5 in winter) */
  async function auditorPage(): Promise<Page> {
    const auditor = await addUser(world.app, 'auditor', 'Audrey', 'Tor');
    const context = await world.browser.newContext({
      baseURL: world.app.url,
      viewport: DESKTOP,
      reducedMotion: 'reduce',
      timezoneId: 'America/New_York',
      acceptDownloads: true,
    });
    const page = await context.newPage();
    await signIn(page, auditor.email, auditor.password);
    return page;
  }

  it("names the auditor's own view of a candidate on today's date in her time zone, not yesterday's", async () => {
    const page = await auditorPage();
    const [candidate] = await apiCall<{ id: number }[]>(page, 'GET', '/api/candidates');
    await page.goto(`/candidates/${candidate!.id}`);
    await page.getByRole('tab', { name: 'History' }).click();
    const viewed = page.getByTestId('history-viewed').filter({ hasText: 'Audrey Tor' });
    await viewed.waitFor();
    const today = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/New_York',
      month: 'short',
      day: 'numeric',
      year: 'numeric',
    }).format(new Date());
    // a UTC day parsed as midnight UTC read "Dec 6" in New York on Dec 7
    expect(await viewed.innerText()).toContain(`Viewed by Audrey Tor on ${today}`);
    await page.context().close();
  });

  it("filters the event log to one job order: its board's moves, not only the job's own stream", async () => {
    const page = await auditorPage();
    const jobs = await apiCall<{ id: number; title: string }[]>(page, 'GET', '/api/jobs');
    const apps = await apiCall<{ id: number; jobId: number; stage: string }[]>(page, 'GET', '/api/applications');
    const job = jobs.find((j) => apps.some((a) => a.jobId === j.id && a.stage !== 'applied'))!;
    await page.goto('/audit');
    await page.getByRole('combobox', { name: /Job order/ }).click();
    await page.getByRole('option', { name: new RegExp(`^${job.title}`) }).click();
    await page.waitForURL((url) => url.searchParams.get('job') === String(job.id));
    const list = page.getByRole('listbox', { name: 'Events' });
    await list
      .getByRole('option', { name: /Application stage changed/ })
      .first()
      .waitFor();
    await list
      .getByRole('option', { name: /Application stage changed/ })
      .first()
      .click();
    await expect.poll(() => page.locator('pre').first().innerText()).toContain(`"jobId": ${job.id}`);
    await screenshot(page, 'journeys7-audit-job-filter');

    // the export of that slice, and the offline verifier offered beside it, check out offline
    const dir = mkdtempSync(join(tmpdir(), 'journeys7-'));
    await page.getByRole('button', { name: 'Export' }).click();
    const [exported] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: /NDJSON/ }).click()]);
    const exportFile = join(dir, 'export.ndjson');
    await exported.saveAs(exportFile);
    const manifest = JSON.parse((await import('node:fs')).readFileSync(exportFile, 'utf8').trim().split('\n').at(-1)!) as {
      manifest: { filters: { job?: number }; count: number };
    };
    expect(manifest.manifest.filters.job).toBe(job.id);
    expect(manifest.manifest.count).toBeGreaterThan(1);
    await page.getByRole('button', { name: 'Export' }).click();
    const [verifier] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'Offline verifier (verify-log.mjs)' }).click(),
    ]);
    expect(verifier.suggestedFilename()).toBe('verify-log.mjs');
    const verifierFile = join(dir, 'verify-log.mjs');
    await verifier.saveAs(verifierFile);
    writeFileSync(join(dir, 'package.json'), '{}');
    const { stdout } = await run(process.execPath, [verifierFile, exportFile], { cwd: dir });
    expect(stdout).toMatch(/^intact: \d+ events/);
    await page.context().close();
  });

  it('replays a job board from the moment it was viewed as of, and counts days open up to that moment', async () => {
    const page = await auditorPage();
    const apps = await apiCall<{ id: number; jobId: number }[]>(page, 'GET', '/api/applications');
    const counts = new Map<number, number>();
    for (const a of apps) counts.set(a.jobId, (counts.get(a.jobId) ?? 0) + 1);
    const jobId = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]![0];
    const history = await apiCall<{ entries: { type: string; occurredAt: string; summary: string; kind: string }[] }>(
      page,
      'GET',
      `/api/jobs/${jobId}/history?limit=200`,
    );
    const board = history.entries.filter((e) => e.type === 'ApplicationCreated' || e.type === 'ApplicationStageChanged').reverse();
    expect(board.length).toBeGreaterThan(3);
    // a moment just after the third step of the board
    const asOf = new Date(Date.parse(board[2]!.occurredAt) + 1_000).toISOString();
    const job = await apiCall<{ createdAt: string }>(page, 'GET', `/api/jobs/${jobId}`);
    await page.goto(`/jobs/${jobId}?asOf=${encodeURIComponent(asOf)}`);
    await page.getByTestId('as-of-banner').waitFor();
    const days = Math.round((Date.parse(asOf) - Date.parse(job.createdAt)) / 86_400_000);
    const chip = await page.getByTestId('job-chips').innerText();
    const shown = Number(/(\d+) days open/.exec(chip)![1]);
    // the days open as of that moment (calendar days: within one of the exact count), not up to today
    expect(Math.abs(shown - days)).toBeLessThanOrEqual(1);
    // its History as of that moment too: what had happened by then, nothing after it
    const before = history.entries.filter((e) => e.occurredAt <= asOf && e.kind !== 'access').map((e) => e.summary);
    const after = history.entries.filter((e) => e.occurredAt > asOf && e.kind !== 'access' && !before.includes(e.summary));
    expect(after.length).toBeGreaterThan(0);
    const section = page.getByRole('region', { name: /^History of / });
    await expect.poll(() => section.innerText()).toContain(before[0]!);
    const text = await section.innerText();
    for (const later of after) expect(text).not.toContain(later.summary);

    await page.getByRole('link', { name: 'Replay from here' }).click();
    await page.getByTestId('pipeline-replay').waitFor();
    await expect.poll(() => page.getByTestId('pipeline-replay').innerText()).toMatch(new RegExp(`\\b3 / ${board.length}\\b`));
    await screenshot(page, 'journeys7-replay-from-here');
    await page.context().close();
  });

  it('fixes the rows the import preview rejects, re-checks the file and imports them (JOURNEYS: an admin, step 3)', async () => {
    const context = await world.browser.newContext({ baseURL: world.app.url, viewport: DESKTOP, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await signIn(page, world.ann.email, world.ann.password);
    const file = [
      'First Name,Last Name,E-mail,Title,Company,City',
      'Zoë,Ødegaard,zoe.odegaard@example.org,CFO,"Acme, Inc.","Paris, FR"',
      '',
      'Renée,Lefèvre,renee.lefevre-at-example.org,COO,Globex,Zürich',
      ',Dvořák,dvorak@example.org,"Head of Sales, EMEA",Initech,Prague',
      'Grace,Hopper,GRACE.J7@navy.example,Commodore,US Navy,Arlington',
    ].join('\r\n');
    // a candidate the file repeats (same e-mail): a duplicate, skipped by default
    await apiCall(page, 'POST', '/api/candidates', {
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace.j7@navy.example',
      currentTitle: 'Rear Admiral',
    });
    await page.goto('/candidates');
    await page.getByRole('button', { name: 'Import' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import Candidates' });
    await dialog
      .getByLabel('CSV file')
      .setInputFiles({ name: 'old-system.csv', mimeType: 'text/csv', buffer: Buffer.from('\uFEFF' + file) });
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await expect.poll(() => dialog.getByTestId('import-preview-summary').innerText()).toBe('4 rows: 2 valid, 2 with errors, 1 duplicates');
    // the skipped duplicate is not counted among the rows to import
    await dialog.getByRole('button', { name: 'Import 1 row' }).waitFor();

    // the e-mail of line 4 and the missing first name of line 5, corrected in the preview
    await dialog.getByRole('button', { name: 'Fix row 4' }).click();
    await dialog.getByRole('form', { name: 'Fix row 4' }).getByLabel('Email').fill('renee.lefevre@example.org');
    await dialog.getByRole('form', { name: 'Fix row 4' }).getByRole('button', { name: 'Save fix' }).click();
    await dialog.getByRole('button', { name: 'Fix row 5' }).click();
    await dialog.getByRole('form', { name: 'Fix row 5' }).getByLabel('First Name').fill('Antonín');
    await dialog.getByRole('form', { name: 'Fix row 5' }).getByRole('button', { name: 'Save fix' }).click();
    await screenshot(page, 'journeys7-import-fixes');
    await dialog.getByRole('button', { name: 'Re-check 2 fixed rows' }).click();
    await expect.poll(() => dialog.getByTestId('import-preview-summary').innerText()).toBe('4 rows: 4 valid, 0 with errors, 1 duplicates');
    await dialog.getByRole('button', { name: 'Import 3 rows' }).click();
    await expect
      .poll(() => dialog.getByTestId('import-summary').innerText(), { timeout: 30_000 })
      .toBe('Created 3 · Updated 0 · Skipped 1 · Failed 0');
    const found = await apiCall<{ firstName: string; email: string; currentCompany: string | null }[]>(
      page,
      'GET',
      '/api/candidates?search=Lef%C3%A8vre',
    );
    expect(found.map((c) => c.email)).toEqual(['renee.lefevre@example.org']);
    const antonin = await apiCall<{ firstName: string; currentTitle: string }[]>(page, 'GET', '/api/candidates?search=Dvo%C5%99%C3%A1k');
    expect(antonin.map((c) => `${c.firstName} · ${c.currentTitle}`)).toEqual(['Antonín · Head of Sales, EMEA']);
    await context.close();
  });
});
