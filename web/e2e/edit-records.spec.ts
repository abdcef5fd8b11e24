import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { apiCall } from './support/api';
import { runAxe } from './support/axe';
import { newContext, browserSkipReason, screenshot, signIn } from './support/browser';
import { dragTo, inColumn } from './support/pipeline';
import { useTwoUserWorld } from './support/server';

async function openAs(browser: Browser, url: string, user: { email: string; password: string }, options: { bypassCSP?: boolean } = {}) {
  const context = await newContext(browser, url, undefined, options);
  const page = await context.newPage();
  await signIn(page, user.email, user.password);
  return { context, page };
}

/** Issue 12 (edit jobs and clients, mark a job filled) and issue 19 (edit conflicts), in Chromium on the real server. */
describe.skipIf(browserSkipReason !== null)('editing job orders, clients and candidates', () => {
  const w = useTwoUserWorld();

  it('edits a job order (status, fee, openings) and a client (status, priority) and shows the changes', async () => {
    const { context, page } = await openAs(w.browser, w.app.url, w.ann);
    const job = await apiCall<{ id: number }>(page, 'POST', '/api/jobs', { title: 'Head of Edits', feePercentage: 20 });
    await page.goto('/jobs?search=Head%20of%20Edits');
    const card = page.getByTestId(`job-card-${job.id}`);
    await card.waitFor();
    expect(await card.getByTestId(`job-openings-${job.id}`).textContent()).toBe('0 of 1 opening filled');
    await card.getByRole('button', { name: 'Edit Head of Edits' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Job Order' });
    expect(await dialog.getByLabel('Job Title').inputValue()).toBe('Head of Edits');
    expect(await dialog.getByLabel('Fee %').inputValue()).toBe('20');
    // the add form's messages
    await dialog.getByLabel('Job Title').fill('');
    await dialog.getByLabel('Openings').fill('0');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.getByText('Job title is required').waitFor();
    await dialog.getByText('Invalid input').waitFor();
    await dialog.getByLabel('Job Title').fill('Head of Edits');
    await dialog.getByLabel('Openings').fill('2');
    await dialog.getByLabel('Fee %').fill('27.5');
    await dialog.getByRole('combobox', { name: /Status/ }).click();
    await page.getByRole('option', { name: 'Interviewing' }).click();
    // someone saves another field meanwhile: the form keeps its typing, says so, and the save merges
    await apiCall(page, 'PATCH', `/api/jobs/${job.id}`, { description: 'Set meanwhile.', baseRevision: 0 });
    await dialog.getByText('Ann Lee changed this record — your edits are kept').waitFor();
    expect(await dialog.getByLabel('Fee %').inputValue()).toBe('27.5');
    await screenshot(page, 'edit-job-dialog');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Head of Edits has been saved.').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => card.getByTestId(`job-status-${job.id}`).textContent()).toBe('Interviewing');
    expect(await card.getByTestId(`job-openings-${job.id}`).textContent()).toBe('0 of 2 openings filled');
    expect(await apiCall(page, 'GET', `/api/jobs/${job.id}`)).toMatchObject({
      feePercentage: 27.5,
      openings: 2,
      status: 'interviewing',
      description: 'Set meanwhile.',
    });

    const client = await apiCall<{ id: number }>(page, 'POST', '/api/clients', { companyName: 'Edits Holdings', priority: 'medium' });
    await page.goto('/clients?search=Edits%20Holdings');
    const clientCard = page.getByTestId(`client-card-${client.id}`);
    await clientCard.waitFor();
    await clientCard.getByRole('button', { name: 'Edit Edits Holdings' }).click();
    const clientDialog = page.getByRole('dialog', { name: 'Edit Client' });
    await clientDialog.getByRole('combobox', { name: /Status/ }).click();
    await page.getByRole('option', { name: 'Inactive' }).click();
    await clientDialog.getByRole('combobox', { name: /Priority/ }).click();
    await page.getByRole('option', { name: 'High' }).click();
    await clientDialog.getByRole('button', { name: 'Save Changes' }).click();
    await clientDialog.waitFor({ state: 'detached' });
    await expect.poll(() => clientCard.getByTestId(`client-status-${client.id}`).textContent()).toBe('Inactive');
    expect(await clientCard.getByTestId(`client-priority-${client.id}`).textContent()).toBe('High');

    // and from the client's page header
    await page.goto(`/clients/${client.id}`);
    await page.getByRole('button', { name: 'Edit Client' }).click();
    await clientDialog.getByLabel('Notes').fill('Board approved the search.');
    await clientDialog.getByRole('combobox', { name: /Priority/ }).click();
    await page.getByRole('option', { name: 'Low' }).click();
    await clientDialog.getByRole('button', { name: 'Save Changes' }).click();
    await clientDialog.waitFor({ state: 'detached' });
    await page.getByText('LOW Priority').waitFor();
    // the client's notes (its History section below quotes the change too)
    await page
      .getByRole('definition')
      .filter({ hasText: /^Board approved the search\.$/ })
      .waitFor();
    expect(await page.getByTestId('client-status').textContent()).toBe('Inactive');
    await context.close();
  });

  it("placing a job's last opening offers to mark it Filled; the job shows Filled and Open Positions goes down", async () => {
    // axe is the test's own script: its context bypasses the app's CSP
    const { context, page } = await openAs(w.browser, w.app.url, w.ann, { bypassCSP: true });
    const job = await apiCall<{ id: number }>(page, 'POST', '/api/jobs', { title: 'Chief Filler', openings: 1, status: 'interviewing' });
    const candidate = await apiCall<{ id: number }>(page, 'POST', '/api/candidates', {
      firstName: 'Fay',
      lastName: 'Filler',
      email: `fay.${Date.now()}@example.com`,
      currentTitle: 'COO',
      skills: [],
    });
    const application = await apiCall<{ id: number }>(page, 'POST', '/api/applications', { candidateId: candidate.id, jobId: job.id });

    await page.goto('/');
    const openPositions = page.locator('[data-metric="Open Positions"]');
    await expect.poll(async () => Number((await openPositions.textContent())?.replace(/\D/g, '') || NaN)).not.toBeNaN();
    const before = Number((await openPositions.textContent())!.replace(/\D/g, ''));

    await page.goto(`/jobs/pipeline?job=${job.id}`);
    await inColumn(page, 'applied', application.id).waitFor();
    await dragTo(page, `application-card-${application.id}`, 'pipeline-column-placed');
    // the job has no salary range: the agreed salary is typed in
    const placing = page.getByRole('dialog', { name: 'Place Fay Filler?' });
    await placing.getByLabel('Agreed salary ($k)').fill('180');
    await placing.getByRole('button', { name: 'Confirm placement' }).click();
    await inColumn(page, 'placed', application.id).waitFor();
    const offer = page.getByRole('alertdialog', { name: 'Mark job order Filled?' });
    await offer.getByText('All openings of Chief Filler are filled — mark it Filled?').waitFor();
    // axe over the offer in both colour schemes (Joy's colours follow the root attribute)
    for (const scheme of ['light', 'dark']) {
      await page.evaluate((mode) => document.documentElement.setAttribute('data-joy-color-scheme', mode), scheme);
      await page.waitForTimeout(150);
      let { violations } = await runAxe(page);
      // a colour measured mid-repaint can read wrong once; a real violation is still there half a second later
      if (violations.length > 0) {
        await page.waitForTimeout(500);
        ({ violations } = await runAxe(page));
      }
      expect(violations.map((v) => `${scheme} · ${v.rule}: ${v.nodes.join(' | ')}`)).toEqual([]);
    }
    await screenshot(page, 'mark-filled-offer');
    await offer.getByRole('button', { name: 'Mark Filled' }).click();
    await page.getByText('Chief Filler is marked Filled.').waitFor();
    expect(await apiCall(page, 'GET', `/api/jobs/${job.id}`)).toMatchObject({ status: 'filled', placedCount: 1, openings: 1 });

    await page.goto('/jobs?search=Chief%20Filler');
    await expect.poll(() => page.getByTestId(`job-status-${job.id}`).textContent()).toBe('Filled');
    await page.goto('/');
    await expect.poll(async () => Number((await openPositions.textContent())!.replace(/\D/g, ''))).toBe(before - 1);
    await context.close();
  });

  it("two recruiters edit one candidate: B's typing survives A's save, and B's save shows both values to keep theirs or merge", async () => {
    const a = await openAs(w.browser, w.app.url, w.ann);
    const b = await openAs(w.browser, w.app.url, w.ben);
    const candidate = await apiCall<{ id: number }>(a.page, 'POST', '/api/candidates', {
      firstName: 'Cora',
      lastName: 'Conflict',
      email: `cora.${Date.now()}@example.com`,
      currentTitle: 'VP Finance',
      summary: 'Finance leader.',
      skills: [],
    });
    for (const { page } of [a, b]) {
      await page.goto(`/candidates/${candidate.id}`);
      await page.getByRole('heading', { name: 'Cora Conflict', level: 1 }).waitFor();
    }

    // B starts typing first
    await b.page.getByRole('button', { name: 'Edit', exact: true }).click();
    await b.page.getByLabel('Current Job Title').fill('Chief Financial Officer');
    await b.page.getByRole('textbox', { name: 'Summary' }).fill('Turnaround CFO.');
    await b.page.getByLabel('Location').fill('Boston');

    // A changes the same two fields and saves
    await a.page.getByRole('button', { name: 'Edit', exact: true }).click();
    await a.page.getByLabel('Current Job Title').fill('Finance Director');
    await a.page.getByRole('textbox', { name: 'Summary' }).fill('Board-level finance.');
    await a.page.getByRole('button', { name: 'Save', exact: true }).click();
    await a.page.getByText('The profile has been saved.').waitFor();

    // B's form stays open with B's typing, and says who changed the record
    await b.page.getByText('Ann Lee changed this record — your edits are kept').waitFor();
    expect(await b.page.getByLabel('Current Job Title').inputValue()).toBe('Chief Financial Officer');
    expect(await b.page.getByRole('textbox', { name: 'Summary' }).inputValue()).toBe('Turnaround CFO.');

    await b.page.getByRole('button', { name: 'Save', exact: true }).click();
    const conflict = b.page.getByRole('dialog', { name: 'Someone else changed this record' });
    await conflict.waitFor();
    expect(await conflict.getByTestId('conflict-currentTitle-yours').textContent()).toBe('Chief Financial Officer');
    expect(await conflict.getByTestId('conflict-currentTitle-theirs').textContent()).toBe('Finance Director');
    expect(await conflict.getByTestId('conflict-summary-yours').textContent()).toBe('Turnaround CFO.');
    expect(await conflict.getByTestId('conflict-summary-theirs').textContent()).toBe('Board-level finance.');
    await conflict
      .getByText(/^Theirs \(Ann Lee, .+ago\)$/)
      .first()
      .waitFor();
    // the location nobody else touched is no conflict
    expect(await conflict.getByTestId('conflict-location').count()).toBe(0);
    await screenshot(b.page, 'edit-conflict-dialog');

    await conflict.getByTestId('conflict-currentTitle').getByRole('radio', { name: 'Take theirs' }).click();
    await conflict.getByTestId('conflict-summary').getByRole('radio', { name: 'Merge' }).click();
    const merged = conflict.getByLabel('Merged Summary');
    expect(await merged.inputValue()).toBe('Turnaround CFO.\n\nBoard-level finance.');
    await merged.fill('Turnaround CFO. Board-level finance.');
    await conflict.getByRole('button', { name: 'Save with these choices' }).click();
    await b.page.getByText('The profile has been saved.').waitFor();
    await conflict.waitFor({ state: 'detached' });

    const saved = await apiCall<{ currentTitle: string; summary: string; location: string }>(
      b.page,
      'GET',
      `/api/candidates/${candidate.id}`,
    );
    expect(saved).toMatchObject({ currentTitle: 'Finance Director', summary: 'Turnaround CFO. Board-level finance.', location: 'Boston' });
    // A sees B's merge without a reload
    await a.page.getByText('Turnaround CFO. Board-level finance.').waitFor();
    await a.context.close();
    await b.context.close();
  });
});
