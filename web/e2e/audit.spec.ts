import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { Standalone } from '@ats/standalone';
import { apiCall } from './support/api';
import { browserSkipReason, launchBrowser, newContext, screenshot, signIn } from './support/browser';
import { addUser, loadDemo, startServer } from './support/server';

const run = promisify(execFile);
const VERIFY_LOG = join(import.meta.dirname, '..', '..', 'scripts', 'verify-log.mjs');

/** `datetime-local` text of a moment, in the browser's (and this process's) time zone */
const localInput = (date: Date) => {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
};

/**
 * Issue 14 (the auditor's journey): an auditor opens the Audit workspace, filters the log to a
 * candidate's stream and a time range, opens an event and the request it belongs to, sees a new
 * event arrive live, verifies the chain and exports the slice, which the offline verifier accepts.
 */
describe.skipIf(browserSkipReason !== null)('the audit workspace', () => {
  let app: Standalone;
  let browser: Browser;
  let admin: Awaited<ReturnType<typeof addUser>>;
  let auditor: Awaited<ReturnType<typeof addUser>>;

  beforeAll(async () => {
    app = await startServer();
    browser = await launchBrowser();
    admin = await addUser(app, 'admin', 'Alex', 'Admin');
    auditor = await addUser(app, 'auditor', 'Audrey', 'Auditor');
    await loadDemo(app, admin);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('filters the log, follows a request, tails live, verifies and exports', async () => {
    const adminContext = await newContext(browser, app.url);
    const adminPage = await adminContext.newPage();
    await signIn(adminPage, admin.email, admin.password);
    const [ada] = await apiCall<{ id: number }[]>(adminPage, 'GET', '/api/candidates?search=Ada');
    const stream = `candidate-${ada!.id}`;

    const context = await newContext(browser, app.url);
    const page = await context.newPage();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await signIn(page, auditor.email, auditor.password);

    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Audit' }).click();
    await page.getByRole('heading', { name: 'Audit', level: 1 }).waitFor();
    const list = page.getByRole('listbox', { name: 'Events' });
    await list.getByRole('option').first().waitFor();

    // filter by stream and a time range around now
    await page.getByLabel('Stream or record').fill(stream);
    await page.getByLabel('Stream or record').press('Enter');
    await page.getByLabel('From', { exact: true }).fill(localInput(new Date(Date.now() - 3 * 365 * 24 * 3_600_000)));
    await page.getByLabel('To', { exact: true }).fill(localInput(new Date(Date.now() + 24 * 3_600_000)));
    await expect.poll(() => new URL(page.url()).searchParams.get('stream')).toBe(stream);
    await expect.poll(() => new URL(page.url()).searchParams.get('to')).not.toBeNull();
    await expect
      .poll(async () => {
        const rows = await list.getByRole('option').allInnerTexts();
        return rows.length > 0 && rows.every((row) => row.includes(stream));
      })
      .toBe(true);
    const before = await list.getByRole('option').count();

    // open an event: its detail, its record, and every event of its request
    await list.getByRole('option').first().click();
    const detail = page.getByRole('region', { name: /^Candidate/ }).or(page.locator('section[aria-labelledby="audit-event-heading"]'));
    await detail.getByRole('heading', { level: 2 }).waitFor();
    await expect.poll(() => new URL(page.url()).searchParams.get('event')).not.toBeNull();
    await expect.poll(() => detail.getByRole('link', { name: `Candidate #${ada!.id}` }).isVisible()).toBe(true);
    const chain = page.getByRole('list', { name: 'Events of this request' });
    await chain.getByRole('button').first().waitFor();
    await expect.poll(() => chain.locator('[aria-current="true"]').count()).toBe(1);
    await screenshot(page, 'audit-event-detail');

    // keyboard: the list moves its selection with the arrow keys
    await list.focus();
    await page.keyboard.press('Home');
    const firstSelected = await list.getAttribute('aria-activedescendant');
    expect(firstSelected).toMatch(/^audit-event-\d+$/);

    // live: a change to the candidate appears without a reload
    await apiCall(adminPage, 'PATCH', `/api/candidates/${ada!.id}`, { currentTitle: 'Chief Audit Officer' });
    await expect.poll(() => list.getByRole('option').count(), { timeout: 15_000 }).toBe(before + 1);

    // verify: progress is asked for, then the chain is intact
    await page.getByRole('button', { name: 'Verify integrity' }).click();
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Verified' }).innerText(), { timeout: 30_000 })
      .toMatch(/^Verified [\d,]+ events — the chain is intact up to the latest event \(position [\d,]+\), head [0-9a-f]{4}…/);
    expect(requested).toContain('/api/audit/verify/progress');
    await screenshot(page, 'audit-verified');

    // export the filtered slice; the offline verifier accepts the file
    await page.getByRole('button', { name: 'Export' }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: /NDJSON/ }).click()]);
    const file = join(mkdtempSync(join(tmpdir(), 'ats-audit-e2e-')), 'export.ndjson');
    await download.saveAs(file);
    const { stdout } = await run(process.execPath, [VERIFY_LOG, file]);
    expect(stdout).toMatch(new RegExp(`^intact: ${before + 1} events, head [0-9a-f]{64}`));

    await context.close();
    await adminContext.close();
  });

  it('is not in the sidebar of a recruiter', async () => {
    const recruiter = await addUser(app, 'recruiter', 'Rita', 'Recruiter');
    const context = await newContext(browser, app.url);
    const page = await context.newPage();
    await signIn(page, recruiter.email, recruiter.password);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Candidates' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Audit' }).count()).toBe(0);
    await page.goto('/audit');
    await page.getByRole('heading', { name: 'Administrators and auditors only' }).waitFor();
    await context.close();
  });
});
