import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { differenceInCalendarDays } from 'date-fns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Standalone } from '@ats/standalone';
import { apiCall } from './support/api';
import { browserSkipReason, newContext, screenshot, signIn } from './support/browser';
import { addUser, closeWorld, startAdminDemo } from './support/server';

const run = promisify(execFile);
const VERIFY_LOG = join(import.meta.dirname, '..', '..', 'scripts', 'verify-log.mjs');
const DAY = 86_400_000;
/** a `datetime-local` value for a moment, in the browser's (and this process's) local time */
const localInput = (date: Date) => new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);

/**
 * JOURNEYS "An auditor, a client dispute", on the demo agency as `npm start` loads it (with its
 * months of history): Helios Health disputes the fee for the VP of Operations search ("the
 * candidate was already in our own process before you sent them"); an auditor reads what the log says.
 */
describe.skipIf(browserSkipReason !== null)('an auditor, a client dispute', () => {
  let app: Standalone;
  let browser: Browser;
  let auditor: Awaited<ReturnType<typeof addUser>>;

  beforeAll(async () => {
    ({ app, browser } = await startAdminDemo({ history: true }));
    auditor = await addUser(app, 'auditor', 'Audrey', 'Hale');
  }, 120_000);
  afterAll(() => closeWorld({ app, browser }));

  it('reads the History, the past board and its replay, filters the log to the job and two weeks, verifies and exports', async () => {
    const context = await newContext(browser, app.url);
    const page: Page = await context.newPage();

    // 1. signs in: read-only everywhere, the Audit workspace in the sidebar
    await signIn(page, auditor.email, auditor.password);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Audit' }).waitFor();
    await nav.getByRole('link', { name: 'Candidates' }).click();
    await page.getByRole('heading', { name: 'Candidates', level: 1 }).waitFor();
    expect(await page.getByRole('button', { name: /Add Candidate/ }).count()).toBe(0);

    // the disputed placement: the VP of Operations search for Helios Health, filled months ago
    const jobs = await apiCall<
      Array<{ id: number; title: string; status: string; createdAt: string; endedAt?: string | null; client?: { companyName: string } }>
    >(page, 'GET', '/api/jobs');
    const job = jobs.find((j) => j.title === 'VP of Operations')!;
    expect([job.status, job.client?.companyName]).toEqual(['filled', 'Helios Health']);
    const cards = await apiCall<Array<{ candidateId: number; stage: string; appliedAt: string }>>(
      page,
      'GET',
      `/api/applications?job=${job.id}`,
    );
    const placed = cards.find((c) => c.stage === 'placed')!;
    const submitted = new Date(placed.appliedAt);
    expect(Date.now() - submitted.getTime()).toBeGreaterThan(60 * DAY);

    // 2. the candidate's History: created by whom, every move with old → new, who viewed it
    await page.goto(`/candidates/${placed.candidateId}`);
    const name = (await page.getByRole('heading', { level: 1 }).textContent())!;
    expect(await page.getByRole('button', { name: /Edit/ }).count()).toBe(0);
    await page.getByRole('tab', { name: 'History' }).click();
    const history = page.getByRole('region', { name: `History of ${name}` });
    const entries = history.getByTestId('history-entry');
    await entries.filter({ hasText: `Created the candidate ${name}` }).waitFor();
    await entries.filter({ hasText: `Attached ${name} to VP of Operations` }).waitFor();
    const placement = entries.filter({ hasText: `Moved ${name} Offer → Placed (VP of Operations)` });
    await placement.getByTestId('history-change').filter({ hasText: 'Offer → Placed' }).waitFor();
    await history.getByTestId('history-viewed').filter({ hasText: 'Viewed by Audrey Hale' }).waitFor();
    // the log is in order of time: the record was created before it was attached, and both long ago
    const times = await entries.locator('time').evaluateAll((els) => els.map((el) => Date.parse(el.getAttribute('datetime')!)));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    await screenshot(page, 'auditor-dispute-history');

    // a History entry leads to its event in the log
    const eventLink = placement.getByRole('link', { name: /^Event #\d+ in the audit log$/ });
    const position = Number((await eventLink.textContent())!.replace(/\D/g, ''));
    await eventLink.click();
    await page.getByRole('heading', { name: 'Audit', level: 1 }).waitFor();
    await expect.poll(() => new URL(page.url()).searchParams.get('event')).toBe(String(position));
    await page
      .getByRole('list', { name: 'Events of this request' })
      .getByRole('button', { name: new RegExp(`^#${position} `) })
      .waitFor();

    // 3. the job's board as of the day of the submission, then the weeks after it replayed
    await page.goto(`/jobs/${job.id}`);
    await page.getByRole('heading', { name: 'VP of Operations', level: 1 }).waitFor();
    // its days open stopped when it was filled (not "147 days open" months later)
    const open = differenceInCalendarDays(new Date(job.endedAt!), new Date(job.createdAt));
    expect(open).toBeLessThan(90);
    await page.getByTestId('job-chips').getByText(`${open} days open`, { exact: true }).waitFor();
    await page.getByRole('button', { name: 'View as of…' }).click();
    const asOf = page.getByRole('dialog', { name: 'View as of…' });
    await asOf.getByLabel('Date and time').fill(localInput(new Date(submitted.getTime() + 60_000)));
    await asOf.getByRole('button', { name: 'View' }).click();
    await page.getByTestId('as-of-banner').waitFor();
    await page.getByRole('link', { name: 'Replay from here' }).click();
    const replay = page.getByTestId('pipeline-replay');
    await replay.waitFor();
    await replay.getByRole('slider', { name: 'Replay position' }).focus();
    await page.keyboard.press('End');
    await expect.poll(() => replay.getByTestId('replay-caption').textContent()).toMatch(/ moved .+ Offer → Placed, /);
    await replay
      .getByRole('region', { name: /^Placed \(1\)$/ })
      .getByText(name)
      .waitFor();

    // 4. from the job to its events in the log, narrowed to the two weeks after the submission
    await page.goto(`/jobs/${job.id}`);
    await page.getByRole('link', { name: 'Audit log' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('job')).toBe(String(job.id));
    await page.getByLabel('From', { exact: true }).fill(localInput(new Date(submitted.getTime() - 60_000)));
    await page.getByLabel('To', { exact: true }).fill(localInput(new Date(submitted.getTime() + 14 * DAY)));
    await page.getByRole('button', { name: 'Oldest first' }).click();
    const list = page.getByRole('listbox', { name: 'Events' });
    await expect.poll(() => new URL(page.url()).searchParams.get('to')).not.toBeNull();
    await expect
      .poll(async () => (await list.getByRole('option').allInnerTexts()).some((row) => row.includes('Application stage changed')))
      .toBe(true);
    // every row of the slice is of this job and in the two weeks, oldest first
    const { events } = await apiCall<{ events: Array<{ position: number; occurredAt?: string; metadata: { occurredAt: string } }> }>(
      page,
      'GET',
      `/api/events?job=${job.id}&from=${new Date(submitted.getTime() - 60_000).toISOString()}&to=${new Date(submitted.getTime() + 14 * DAY).toISOString()}&order=asc`,
    );
    const when = events.map((e) => Date.parse(e.metadata.occurredAt));
    expect(when.length).toBeGreaterThanOrEqual(3);
    expect(when).toEqual([...when].sort((a, b) => a - b));
    expect(when.every((t) => t >= submitted.getTime() - 60_000 && t <= submitted.getTime() + 14 * DAY)).toBe(true);
    // one move, followed to the request that caused it
    await list.getByRole('option').filter({ hasText: 'Application stage changed' }).first().click();
    // the move names the records it concerns: its candidate and the client's job
    const detail = page.locator('section[aria-labelledby="audit-event-heading"]');
    await detail.getByRole('link', { name: `Job #${job.id}` }).waitFor();
    const request = page.getByRole('list', { name: 'Events of this request' });
    await request.getByRole('button').first().waitFor();
    await page.getByRole('button', { name: 'Show in the log' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('correlationId')).not.toBeNull();
    await screenshot(page, 'auditor-dispute-request');

    // 5. the chain checks out to the latest event
    await page.getByRole('button', { name: 'Verify integrity' }).click();
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Verified' }).innerText(), { timeout: 30_000 })
      .toMatch(/^Verified [\d,]+ events — the chain is intact up to the latest event/);

    // 6. the job's events exported with the signed manifest; the offline verifier accepts the file
    await page.goto(`/audit?job=${job.id}`);
    await list.getByRole('option').first().waitFor();
    await page.getByRole('button', { name: 'Export' }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: /NDJSON/ }).click()]);
    const file = join(mkdtempSync(join(tmpdir(), 'ats-dispute-')), 'helios.ndjson');
    await download.saveAs(file);
    const { stdout } = await run(process.execPath, [VERIFY_LOG, file]);
    expect(stdout).toMatch(/^intact: \d+ events, head [0-9a-f]{64}/);
    await context.close();
  });
});
