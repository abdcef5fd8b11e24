import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { Standalone } from '@ats/standalone';
import { apiCall } from './support/api';
import { PHONE, browserSkipReason, launchBrowser, newContext, signIn } from './support/browser';
import { addUser, startServer } from './support/server';

/** Defects found by the fifth attacker / new-user sweep (2026-11-25) that only a browser shows. */
describe.skipIf(browserSkipReason !== null)('sweep five', () => {
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

  it('a job with an interview fits a 390 px phone: its lists stay inside the screen', async () => {
    const context = await newContext(browser, app.url, PHONE);
    const page = await context.newPage();
    await signIn(page, user.email, user.password);
    const tag = randomUUID().slice(0, 6);
    const client = await apiCall<{ id: number }>(page, 'POST', '/api/clients', { companyName: `Northwind ${tag}` });
    const job = await apiCall<{ id: number }>(page, 'POST', '/api/jobs', { title: 'Chief Financial Officer', clientId: client.id });
    const candidate = await apiCall<{ id: number }>(page, 'POST', '/api/candidates', {
      firstName: 'Dmitri',
      lastName: 'Okoye',
      email: `dmitri.${tag}@example.com`,
      currentTitle: 'Finance Director',
    });
    await apiCall(page, 'POST', '/api/applications', { candidateId: candidate.id, jobId: job.id });
    await apiCall(page, 'POST', '/api/interviews', {
      candidateId: candidate.id,
      jobId: job.id,
      scheduledAt: '2026-11-19T11:00:00Z',
      duration: 90,
      type: 'panel',
      status: 'completed',
      // the one-line summary (type · candidate · interviewers) set the column's width
      interviewers: [{ name: 'Alex Morgan' }, { name: 'Priya Natarajan' }, { name: 'Dana Okafor' }],
    });
    await page.goto(`/jobs/${job.id}`);
    await page.getByTestId('interview-row').first().waitFor();
    await page.getByTestId('job-candidate').first().waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // the card with the candidates ends inside the screen (it ran 82 px past it)
    const box = await page.getByTestId('job-candidates').boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    await context.close();
  });
});
