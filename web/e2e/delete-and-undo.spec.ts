import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall } from './support/api';
import { runAxe } from './support/axe';
import { browserSkipReason, newContext, screenshot, signIn } from './support/browser';
import { dragTo, inColumn } from './support/pipeline';
import { useTwoUserWorld } from './support/server';

type Result = { id: number; position: number };

describe.skipIf(browserSkipReason !== null)('delete with a confirmation, and Undo', () => {
  const w = useTwoUserWorld();

  async function open(user: { email: string; password: string }, path: string) {
    const context = await newContext(w.browser, w.app.url);
    const page = await context.newPage();
    await signIn(page, user.email, user.password);
    await page.goto(path);
    return { context, page };
  }

  const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? '');

  it('deletes a client with its contacts only after confirming; Undo brings both back; another user sees it live', async () => {
    const a = await open(w.ann, '/clients');
    const companyName = `Undo Works ${randomUUID().slice(0, 6)}`;
    const client = await apiCall<Result>(a.page, 'POST', '/api/clients', { companyName, industry: 'Tools' });
    for (const name of ['Wile Coyote', 'Road Runner', 'Daffy Duck'])
      await apiCall(a.page, 'POST', `/api/clients/${client.id}/contacts`, { name, isPrimary: name === 'Wile Coyote' });

    // Ben watches the client list
    const b = await open(w.ben, `/clients?search=${encodeURIComponent(companyName)}`);
    const bCard = b.page.getByTestId(`client-card-${client.id}`);
    await bCard.waitFor();

    await a.page.goto(`/clients/${client.id}`);
    await a.page.getByRole('heading', { name: companyName, level: 1 }).waitFor();
    await a.page.getByRole('heading', { name: 'Contact Persons (3)' }).waitFor();

    // Cancel (Escape) leaves everything as it was; the safe button has the focus
    await a.page.getByRole('button', { name: 'Delete Client' }).click();
    const dialog = a.page.getByRole('alertdialog', { name: `Delete ${companyName} and its 3 contacts?` });
    await dialog.waitFor();
    expect(await focusedText(a.page)).toBe('Cancel');
    await screenshot(a.page, 'delete-client-confirm');
    await a.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await a.page.getByRole('heading', { name: 'Contact Persons (3)' }).waitFor();
    // the Cancel button too
    await a.page.getByRole('button', { name: 'Delete Client' }).click();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await w.app.eventStore.readStream(`client-${client.id}`)).map((e) => e.type)).toEqual(['ClientCreated']);

    // confirm: gone for both users
    await a.page.getByRole('button', { name: 'Delete Client' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    const toast = a.page.getByTestId('toast-viewport').locator('li').filter({ hasText: 'Client deleted' });
    await toast.getByText(`${companyName} and its 3 contacts were deleted.`).waitFor();
    await a.page.waitForURL((url) => url.pathname === '/clients');
    await screenshot(a.page, 'delete-client-undo-toast');
    await bCard.waitFor({ state: 'detached', timeout: 3000 });

    // Undo from the toast: the client and its contacts are back, for Ben too
    await toast.getByRole('button', { name: 'Undo' }).click();
    await a.page.getByText('Client restored').waitFor();
    await a.page.waitForURL((url) => url.pathname === `/clients/${client.id}`);
    await a.page.getByRole('heading', { name: 'Contact Persons (3)' }).waitFor();
    const contacts = a.page.getByRole('list', { name: 'Contact persons' });
    for (const name of ['Wile Coyote', 'Road Runner', 'Daffy Duck']) await contacts.getByText(name).waitFor();
    await bCard.waitFor({ timeout: 3000 });
    await bCard.getByText('Wile Coyote').waitFor();

    // the log keeps both, and the feed says who restored what
    expect((await w.app.eventStore.readStream(`client-${client.id}`)).map((e) => e.type)).toEqual([
      'ClientCreated',
      'ClientDeleted',
      'ClientRestored',
    ]);
    const feed = await apiCall<Array<{ description: string }>>(a.page, 'GET', '/api/dashboard/recent-activities?limit=20');
    expect(feed.map((line) => line.description)).toContain(`Ann Lee restored ${companyName} and its 3 contacts`);
    await a.context.close();
    await b.context.close();
  });

  it('deletes a client from its card in the list after confirming, and Undo puts the card back', async () => {
    const a = await open(w.ann, '/clients');
    const companyName = `Card Co ${randomUUID().slice(0, 6)}`;
    const client = await apiCall<Result>(a.page, 'POST', '/api/clients', { companyName });
    for (const name of ['Elmer Fudd', 'Tweety Bird'])
      await apiCall(a.page, 'POST', `/api/clients/${client.id}/contacts`, { name, isPrimary: false });
    await a.page.goto(`/clients?search=${encodeURIComponent(companyName)}`);
    const card = a.page.getByTestId(`client-card-${client.id}`);
    await card.getByRole('button', { name: `Delete ${companyName}` }).click();
    await a.page
      .getByRole('alertdialog', { name: `Delete ${companyName} and its 2 contacts?` })
      .getByRole('button', { name: 'Delete' })
      .click();
    await card.waitFor({ state: 'detached' });
    await a.page.getByTestId('toast-viewport').getByRole('button', { name: 'Undo' }).click();
    await a.page.getByText('Client restored').waitFor();
    await card.waitFor({ timeout: 3000 });
    expect(a.page.url()).toContain('/clients?');
    await a.context.close();
  });

  it('deletes a contact after confirming and Undo brings it back', async () => {
    const a = await open(w.ann, '/clients');
    const client = await apiCall<Result>(a.page, 'POST', '/api/clients', { companyName: `Contact Co ${randomUUID().slice(0, 6)}` });
    await apiCall(a.page, 'POST', `/api/clients/${client.id}/contacts`, { name: 'Porky Pig', isPrimary: true });
    await a.page.goto(`/clients/${client.id}`);
    await a.page.getByRole('heading', { name: 'Contact Persons (1)' }).waitFor();
    await a.page.getByRole('button', { name: 'Delete contact Porky Pig' }).click();
    await a.page.getByRole('alertdialog', { name: 'Delete contact Porky Pig?' }).getByRole('button', { name: 'Delete' }).click();
    await a.page.getByText('No contacts yet').waitFor();
    await a.page.getByRole('button', { name: 'Undo' }).click();
    await a.page.getByText('Contact restored').waitFor();
    await a.page.getByRole('heading', { name: 'Contact Persons (1)' }).waitFor();
    await a.context.close();
  });

  it('counts what goes with a candidate or a job in the confirmation, and Undo brings each back', async () => {
    const a = await open(w.ann, '/candidates');
    const lastName = `Undo${randomUUID().slice(0, 6)}`;
    const candidate = await apiCall<Result>(a.page, 'POST', '/api/candidates', {
      firstName: 'Mary',
      lastName,
      email: `${lastName.toLowerCase()}@example.com`,
      currentTitle: 'Chief Engineer',
      skills: ['Rockets'],
    });
    const title = `Head of Rockets ${lastName}`;
    const job = await apiCall<Result>(a.page, 'POST', '/api/jobs', { title });
    await apiCall(a.page, 'POST', '/api/applications', { candidateId: candidate.id, jobId: job.id });

    await a.page.goto(`/candidates?search=${lastName}`);
    const card = a.page.getByTestId(`candidate-card-${candidate.id}`);
    await card.getByRole('button', { name: `Delete Mary ${lastName}` }).click();
    await a.page
      .getByRole('alertdialog', { name: `Delete Mary ${lastName} and their 1 application?` })
      .getByRole('button', { name: 'Delete' })
      .click();
    await card.waitFor({ state: 'detached' });
    await a.page.getByTestId('toast-viewport').getByRole('button', { name: 'Undo' }).click();
    await a.page.getByText('Candidate restored').waitFor();
    await card.waitFor({ timeout: 3000 });

    await a.page.goto(`/jobs?search=${encodeURIComponent(title)}`);
    const jobCard = a.page.getByTestId(`job-card-${job.id}`);
    await jobCard.getByRole('button', { name: `Delete ${title}` }).click();
    await a.page
      .getByRole('alertdialog', { name: `Delete ${title} and its 1 attached candidate?` })
      .getByRole('button', { name: 'Delete' })
      .click();
    await jobCard.waitFor({ state: 'detached' });
    await a.page.getByTestId('toast-viewport').getByRole('button', { name: 'Undo' }).click();
    await a.page.getByText('Job restored').waitFor();
    await jobCard.waitFor({ timeout: 3000 });
    // its attached candidate counts again
    await expect.poll(() => jobCard.textContent()).toMatch(/\b1 candidate(?!s)/);
    await a.context.close();
  });

  it('undoes a stage move from its toast', async () => {
    const b = await open(w.ben, '/jobs/pipeline');
    await b.page.getByRole('heading', { name: 'Recruitment Pipeline' }).waitFor();
    const apps = await w.app.queryApi.queries.listApplications({});
    const id = apps.find((app) => app.stage === 'applied')!.id;
    await inColumn(b.page, 'applied', id).waitFor();
    await dragTo(b.page, `application-card-${id}`, 'pipeline-column-interview');
    await inColumn(b.page, 'interview', id).waitFor({ timeout: 3000 });
    const toast = b.page.getByTestId('toast-viewport').locator('li').filter({ hasText: 'Application updated' });
    await toast.getByRole('button', { name: 'Undo' }).click();
    await b.page.getByText('Move undone').waitFor();
    await inColumn(b.page, 'applied', id).waitFor({ timeout: 3000 });
    const moves = (await w.app.eventStore.readStream(`application-${id}`)).filter((e) => e.type === 'ApplicationStageChanged');
    expect(
      moves.slice(-2).map((e) => [(e.data as Record<string, unknown>)['fromStage'], (e.data as Record<string, unknown>)['toStage']]),
    ).toEqual([
      ['applied', 'interview'],
      ['interview', 'applied'],
    ]);
    await b.context.close();
  });

  it('shows a placed candidate as Placed, and Active again when the placement is undone', async () => {
    const a = await open(w.ann, '/candidates');
    const lastName = `Placed${randomUUID().slice(0, 6)}`;
    const candidate = await apiCall<Result>(a.page, 'POST', '/api/candidates', {
      firstName: 'Katherine',
      lastName,
      email: `${lastName.toLowerCase()}@example.com`,
      currentTitle: 'Chief Analyst',
      skills: ['Orbital mechanics'],
    });
    const job = await apiCall<Result>(a.page, 'POST', '/api/jobs', { title: `Head of Flight ${lastName}` });
    const application = await apiCall<Result>(a.page, 'POST', '/api/applications', { candidateId: candidate.id, jobId: job.id });
    await a.page.goto(`/candidates?search=${lastName}`);
    const card = a.page.locator('[data-testid^="candidate-card-"]', { hasText: lastName });
    await card.getByText('Active', { exact: true }).waitFor();

    await apiCall(a.page, 'PATCH', `/api/applications/${application.id}/stage`, { stage: 'placed' });
    // live: the badge follows without a reload (the list read again after the candidate's projection moves;
    // 3 s was missed once in CI's full run, on a loaded box)
    await card.getByText('Placed', { exact: true }).waitFor({ timeout: 10_000 });
    await apiCall(a.page, 'PATCH', `/api/applications/${application.id}/stage`, { stage: 'offer', fromStage: 'placed' });
    await card.getByText('Active', { exact: true }).waitFor({ timeout: 10_000 });
    const statusEvents = (await w.app.eventStore.readStream(`candidate-${candidate.id}`)).filter(
      (e) => e.type === 'CandidateStatusFollowedPlacement',
    );
    expect(statusEvents.map((e) => (e.data as Record<string, unknown>)['status'])).toEqual(['placed', 'active']);
    await a.context.close();
  });

  it('passes axe (WCAG 2.1 AA) with the confirm dialog and the Undo toast open, light and dark', async () => {
    for (const scheme of ['light', 'dark'] as const) {
      const context = await newContext(w.browser, w.app.url, undefined, { bypassCSP: true });
      await context.addInitScript((mode) => localStorage.setItem('joy-mode', mode), scheme);
      const page = await context.newPage();
      await signIn(page, w.ann.email, w.ann.password);
      const client = await apiCall<Result>(page, 'POST', '/api/clients', { companyName: `Axe ${scheme} ${randomUUID().slice(0, 6)}` });
      await apiCall(page, 'POST', `/api/clients/${client.id}/contacts`, { name: 'Bugs Bunny', isPrimary: true });
      await page.goto(`/clients/${client.id}`);
      await page.getByRole('heading', { name: 'Contact Persons (1)' }).waitFor();
      await page.getByRole('button', { name: 'Delete Client' }).click();
      const dialog = page.getByRole('alertdialog');
      await dialog.waitFor();
      await page.waitForTimeout(200);
      expect((await runAxe(page)).violations, `${scheme} · confirm dialog`).toEqual([]);
      await dialog.getByRole('button', { name: 'Delete' }).click();
      const undo = page.getByTestId('toast-viewport').getByRole('button', { name: 'Undo' });
      await undo.waitFor();
      // the client list has loaded behind the toast
      await page.waitForURL((url) => url.pathname === '/clients');
      await page.locator('[role="progressbar"]').first().waitFor({ state: 'detached' });
      await page.waitForTimeout(200);
      expect((await runAxe(page)).violations, `${scheme} · undo toast`).toEqual([]);
      // keyboard: F8 reaches the toast, Tab its Undo button
      await page.keyboard.press('F8');
      await page.keyboard.press('Tab');
      expect(await focusedText(page)).toBe('Undo');
      await page.keyboard.press('Enter');
      await page.getByText('Client restored').waitFor();
      await context.close();
    }
  });
});
