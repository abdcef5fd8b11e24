import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { Standalone } from '@ats/standalone';
import { apiCall } from './support/api';
import { PHONE, browserSkipReason, launchBrowser, newContext, signIn } from './support/browser';
import { addUser, startServer } from './support/server';

/** Defects found by the fourth attacker / new-user sweep (2026-11-25) that only a browser shows. */
describe.skipIf(browserSkipReason !== null)('sweep four', () => {
  let app: Standalone;
  let browser: Browser;
  let user: Awaited<ReturnType<typeof addUser>>;

  beforeAll(async () => {
    app = await startServer();
    browser = await launchBrowser();
    user = await addUser(app, 'recruiter', 'Riley', 'Quinn');
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('a double-click on a dialog’s submit button sends the form once (one client, one task, one note)', async () => {
    const context = await newContext(browser, app.url);
    const page = await context.newPage();
    await signIn(page, user.email, user.password);

    const companyName = `Double Click ${randomUUID().slice(0, 6)}`;
    await page.goto('/clients');
    await page.getByRole('button', { name: 'Add Client' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add New Client' });
    await dialog.getByLabel('Company Name').fill(companyName);
    await dialog.getByRole('button', { name: 'Add Client' }).dblclick();
    await page.getByText('The new client has been successfully created.').first().waitFor();
    await dialog.waitFor({ state: 'hidden' });
    // a second request, had it gone, has been answered by now
    await page.waitForTimeout(1500);
    const clients = await apiCall<Array<{ companyName: string }>>(page, 'GET', `/api/clients?search=${encodeURIComponent(companyName)}`);
    expect(clients.filter((c) => c.companyName === companyName)).toHaveLength(1);

    // the task dialog starts its mutation without waiting for it (mutate, not mutateAsync)
    const title = `Call back ${randomUUID().slice(0, 6)}`;
    await page.goto('/tasks');
    await page.getByRole('button', { name: 'New task' }).click();
    const taskDialog = page.getByRole('dialog');
    await taskDialog.getByLabel('Title').fill(title);
    await taskDialog.getByRole('button', { name: 'Create Task' }).dblclick();
    await taskDialog.waitFor({ state: 'hidden' });
    await page.waitForTimeout(1500);
    const tasks = await apiCall<{ items: Array<{ title: string }> }>(page, 'GET', `/api/tasks?q=${encodeURIComponent(title)}&status=all`);
    expect(tasks.items.filter((t) => t.title === title)).toHaveLength(1);

    // the candidate's Add Note button (no dialog)
    const candidate = await apiCall<{ id: number }>(page, 'POST', '/api/candidates', {
      firstName: 'Noel',
      lastName: 'Twice',
      email: `noel.${randomUUID().slice(0, 6)}@example.com`,
      currentTitle: 'Chief Operating Officer',
    });
    await page.goto(`/candidates/${candidate.id}`);
    await page.getByRole('tab', { name: 'Notes' }).click();
    const note = `Spoke to Noel ${randomUUID().slice(0, 6)}`;
    await page.getByPlaceholder('Write a note about this candidate...').fill(note);
    await page.getByRole('button', { name: 'Add Note' }).dblclick();
    await page.getByText('Note added').first().waitFor();
    await page.waitForTimeout(1500);
    const notes = await apiCall<Array<{ content: string }>>(page, 'GET', `/api/candidates/${candidate.id}/notes`);
    expect(notes.filter((n) => n.content === note)).toHaveLength(1);
    await context.close();
  });

  it('a client and a job with 200-letter names, and candidates with a 100-letter skill or name and a 120-letter e-mail, do not push a phone’s screens sideways', async () => {
    const context = await newContext(browser, app.url, PHONE);
    const page = await context.newPage();
    await signIn(page, user.email, user.password);
    const client = await apiCall<{ id: number }>(page, 'POST', '/api/clients', { companyName: 'Q'.repeat(200), industry: 'I'.repeat(100) });
    const job = await apiCall<{ id: number }>(page, 'POST', '/api/jobs', {
      title: 'J'.repeat(200),
      clientId: client.id,
      location: 'L'.repeat(200),
    });
    const long = await apiCall<{ id: number }>(page, 'POST', '/api/candidates', {
      firstName: 'W'.repeat(100),
      lastName: 'M'.repeat(100),
      email: `${'x'.repeat(60)}@${'y'.repeat(60)}.example`,
      currentTitle: 'T'.repeat(200),
    });
    await apiCall(page, 'POST', '/api/candidates', {
      firstName: 'Sky',
      lastName: 'Long',
      email: `sky.${randomUUID().slice(0, 6)}@example.com`,
      currentTitle: 'Chief Data Officer',
      skills: ['S'.repeat(100)],
    });
    for (const [path, ready] of [
      ['/candidates', 'Sky Long'],
      [`/candidates/${long.id}`, 'W'.repeat(20)],
      [`/clients/${client.id}`, 'Q'.repeat(20)],
      ['/clients', 'Q'.repeat(20)],
      [`/jobs/${job.id}`, 'J'.repeat(20)],
      ['/jobs', 'J'.repeat(20)],
    ] as const) {
      await page.goto(path);
      await page.getByText(ready).first().waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
    await context.close();
  });
});
