import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall } from './support/api';
import { runAxe } from './support/axe';
import { DESKTOP, PHONE, browserSkipReason, newContext, screenshot, signIn } from './support/browser';
import { dragTo, inColumn } from './support/pipeline';
import { addUser, useTwoUserWorld } from './support/server';

type Result = { id: number; position: number };

/** How far the page itself scrolls sideways (0 = it fits the viewport). */
const pageOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** Defects found by walking the journeys (JOURNEYS.md) on a phone, with a keyboard and as an attacker, round six. */
describe.skipIf(browserSkipReason !== null)('journey sweep, round six', () => {
  const w = useTwoUserWorld();
  let admin: Awaited<ReturnType<typeof addUser>>;
  beforeAll(async () => {
    admin = await addUser(w.app, 'admin', 'Ada', 'Admin');
  });

  async function onPhone(user: { email: string; password: string }) {
    const context = await newContext(w.browser, w.app.url, PHONE, { bypassCSP: true });
    const page = await context.newPage();
    await signIn(page, user.email, user.password);
    return { context, page };
  }

  it('a phone shows a client with its contacts (and their privacy menu) and the analytics without the page scrolling sideways', async () => {
    const { context, page } = await onPhone(admin);
    const companyName = `Narrow Screens ${randomUUID().slice(0, 6)}`;
    const client = await apiCall<Result>(page, 'POST', '/api/clients', { companyName, industry: 'Healthcare' });
    await apiCall(page, 'POST', `/api/clients/${client.id}/contacts`, {
      name: 'Priya Raman',
      title: 'VP Talent',
      email: 'priya.raman@narrow.example',
      isPrimary: true,
    });
    await page.goto(`/clients/${client.id}`);
    await page
      .getByTestId(/^contact-/)
      .getByRole('button', { name: 'Send email to Priya Raman' })
      .waitFor();
    await screenshot(page, 'sweep-phone-client', { fullPage: true });
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    // the contact's actions stay on the screen
    const remove = await page.getByRole('button', { name: 'Delete contact Priya Raman' }).boundingBox();
    expect(remove!.x + remove!.width).toBeLessThanOrEqual(PHONE.width);

    await page.goto('/analytics');
    await page.getByTestId('analytics-recruiter-weeks').getByRole('table').waitFor();
    await page.getByTestId('analytics-job-health').getByRole('table').waitFor();
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    for (const id of ['recruiter-leaderboard', 'recruiter-weeks', 'sources', 'job-health']) {
      const card = await page.getByTestId(`analytics-${id}`).boundingBox();
      expect(card!.x + card!.width, id).toBeLessThanOrEqual(PHONE.width);
    }
    await context.close();
  });

  it('on a small phone (360 px) every field of the job order dialog fits inside the dialog', async () => {
    const context = await newContext(w.browser, w.app.url, { width: 360, height: 740 });
    const page = await context.newPage();
    await signIn(page, w.ann.email, w.ann.password);
    await page.goto('/jobs');
    await page
      .getByRole('button', { name: /Add Job/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: 'Add New Job Order' });
    await dialog.getByLabel('Job Title').waitFor();
    const clipped = await dialog.evaluate((el) => {
      const content = el.querySelector('.MuiDialogContent-root')!.getBoundingClientRect();
      return [...el.querySelectorAll('.MuiInput-root, .MuiSelect-root, .MuiTextarea-root')]
        .filter((field) => field.getBoundingClientRect().right > content.right + 0.5)
        .map((field) => field.closest('.MuiFormControl-root')?.querySelector('label')?.textContent ?? field.className);
    });
    expect(clipped).toEqual([]);
    await context.close();
  });

  it('on a phone the calendar week scrolls sideways as one piece, its day names above their days, and the keyboard can scroll it', async () => {
    const { context, page } = await onPhone(w.ann);
    await page.goto('/calendar?view=week');
    const week = page.getByTestId('week-view');
    await week.waitFor();
    const days = week.locator('[data-testid^="week-day-"]');
    const region = week.getByRole('region');
    await region.evaluate((el) => el.scrollBy({ left: 240 }));
    await page.waitForTimeout(100);
    // every day name sits above its own column, after the sideways scroll too
    const header = await week
      .getByTestId('week-header')
      .locator('> *')
      .evaluateAll((cells) => cells.slice(1).map((c) => c.getBoundingClientRect().x));
    const columns = await days.evaluateAll((cells) => cells.map((c) => c.getBoundingClientRect().x));
    expect(columns).toHaveLength(7);
    expect(header.map(Math.round)).toEqual(columns.map(Math.round));
    // the scrolled region takes the keyboard's focus
    expect(await region.getAttribute('tabindex')).toBe('0');
    const { violations } = await runAxe(page);
    expect(violations.map((v) => v.rule)).not.toContain('scrollable-region-focusable');
    await context.close();
  });

  it("on a phone the audit workspace's read-model table can be scrolled with the keyboard", async () => {
    const { context, page } = await onPhone(admin);
    await page.goto('/audit');
    await page.getByRole('table', { name: 'Projections' }).waitFor();
    const { violations } = await runAxe(page);
    expect(violations.map((v) => `${v.rule} ${v.nodes.join(' ')}`).filter((v) => v.startsWith('scrollable-region-focusable'))).toEqual([]);
    await context.close();
  });

  it("a card dropped on Placed asks for the agreed salary (the job's midpoint first); Cancel leaves it, Confirm records that salary and its fee", async () => {
    const context = await newContext(w.browser, w.app.url, DESKTOP, { bypassCSP: true });
    const page = await context.newPage();
    await signIn(page, w.ann.email, w.ann.password);
    const client = await apiCall<Result>(page, 'POST', '/api/clients', { companyName: `Agreed Terms ${randomUUID().slice(0, 6)}` });
    const job = await apiCall<Result>(page, 'POST', '/api/jobs', {
      title: 'Chief Agreed Officer',
      clientId: client.id,
      salaryMin: 200,
      salaryMax: 300,
      feePercentage: 25,
    });
    const candidate = await apiCall<Result>(page, 'POST', '/api/candidates', {
      firstName: 'Nora',
      lastName: `Agreed${randomUUID().slice(0, 4)}`,
      email: `nora.${randomUUID().slice(0, 6)}@example.com`,
      currentTitle: 'CFO',
      skills: [],
    });
    const application = await apiCall<Result>(page, 'POST', '/api/applications', { candidateId: candidate.id, jobId: job.id });
    await apiCall(page, 'PATCH', `/api/applications/${application.id}/stage`, { stage: 'offer' });
    const placements = async () =>
      (await w.app.eventStore.readStream(`application-${application.id}`)).filter((e) => e.type === 'PlacementRecorded').map((e) => e.data);

    await page.goto(`/jobs/pipeline?job=${job.id}`);
    await inColumn(page, 'offer', application.id).waitFor();
    await dragTo(page, `application-card-${application.id}`, 'pipeline-column-placed');
    const dialog = page.getByRole('dialog', { name: /^Place Nora Agreed/ });
    const salary = dialog.getByLabel('Agreed salary ($k)');
    await expect.poll(() => salary.inputValue()).toBe('250');
    await dialog.getByText('Fee at 25%: $62.5k').waitFor();
    await screenshot(page, 'sweep-confirm-placement');
    const { violations } = await runAxe(page);
    expect(violations).toEqual([]);
    // Cancel: the card stays in Offer, nothing recorded
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await inColumn(page, 'offer', application.id).waitFor();
    expect(await placements()).toEqual([]);
    // a bad figure is refused in the dialog
    await dragTo(page, `application-card-${application.id}`, 'pipeline-column-placed');
    await salary.fill('lots');
    await dialog.getByRole('button', { name: 'Confirm placement' }).click();
    await dialog.getByText('Enter the agreed salary in thousands (e.g. 250)').waitFor();
    // the agreed figure: the placement records it and its fee
    await salary.fill('280');
    await dialog.getByText('Fee at 25%: $70k').waitFor();
    await dialog.getByRole('button', { name: 'Confirm placement' }).click();
    await inColumn(page, 'placed', application.id).waitFor();
    await expect.poll(placements).toEqual([expect.objectContaining({ salary: 280, feePercentage: 25, fee: 70 })]);
    await context.close();
  });
});
