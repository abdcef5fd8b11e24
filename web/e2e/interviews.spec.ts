import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall } from './support/api';
import { browserSkipReason, newContext, screenshot, signIn } from './support/browser';
import { useTwoUserWorld } from './support/server';

const pad = (n: number) => String(n).padStart(2, '0');
/** a `datetime-local` value and the instant it names, `days` from today at `hour`:`minute` (the browser and this process share the zone) */
function localAt(days: number, hour: number, minute = 0) {
  const d = new Date();
  d.setDate(d.getDate() + days);
  d.setHours(hour, minute, 0, 0);
  return {
    input: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(hour)}:${pad(minute)}`,
    iso: d.toISOString(),
  };
}

async function newCandidate(page: Page, firstName: string, lastName: string) {
  const { id } = await apiCall<{ id: number }>(page, 'POST', '/api/candidates', {
    firstName,
    lastName,
    email: `${firstName}.${lastName}.${Date.now()}@example.com`.toLowerCase(),
    currentTitle: 'Chief Financial Officer',
  });
  return id;
}

describe.skipIf(browserSkipReason !== null)('interviews', () => {
  const w = useTwoUserWorld();

  it('schedules from the candidate page with a conflict warning; shows on the candidate and the dashboard; reschedules; completes with feedback', async () => {
    const context = await newContext(w.browser, w.app.url);
    const page = await context.newPage();
    await signIn(page, w.ann.email, w.ann.password);
    await page.getByText(/Welcome back, Ann/).waitFor();

    // arrange: Ben already interviews someone tonight at 19:30-20:30
    const team = await apiCall<{ id: string; name: string }[]>(page, 'GET', '/api/interviews/interviewer-options');
    const ben = team.find((m) => m.name === 'Ben Stone')!;
    expect(ben).toBeDefined();
    const busy = await newCandidate(page, 'Lise', 'Meitner');
    await apiCall(page, 'POST', '/api/interviews', {
      candidateId: busy,
      scheduledAt: localAt(0, 19, 30).iso,
      interviewers: [{ userId: ben.id, name: ben.name }],
    });
    const marie = await newCandidate(page, 'Marie', 'Curie');

    await page.goto(`/candidates/${marie}`);
    await page.getByRole('heading', { name: 'Marie Curie', level: 1 }).waitFor();
    await page.getByRole('tab', { name: 'Interviews' }).click();
    const panel = page.getByTestId('interviews-panel');
    await panel.getByText('No interviews yet').waitFor();
    await panel.getByRole('button', { name: 'Schedule interview' }).click();

    const dialog = page.getByRole('dialog', { name: 'Schedule interview with Marie Curie' });
    await dialog.waitFor();
    // the time is in the user's zone, and the zone is named
    await expect.poll(() => dialog.getByTestId('interview-time-zone').textContent()).toMatch(/, UTC[+-]\d{2}:\d{2}$/);
    expect(await dialog.getByRole('textbox', { name: 'Duration (minutes)' }).inputValue()).toBe('60');
    await dialog.getByLabel('Date and time').fill(localAt(0, 20).input);
    const interviewers = dialog.getByRole('combobox', { name: 'Interviewers' });
    await interviewers.click();
    await interviewers.fill('Ben');
    await page.getByRole('option', { name: 'Ben Stone' }).click();
    await dialog
      .getByTestId('interview-conflicts')
      .getByText('Ben Stone already has an interview with Lise Meitner at 19:30–20:30')
      .waitFor();
    await screenshot(page, 'interview-schedule-conflict');
    // a warning, not a refusal
    await dialog.getByRole('button', { name: 'Schedule Interview' }).click();
    await page.getByText('Interview scheduled', { exact: true }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    const row = panel.getByTestId('interview-row').first();
    await row.getByText('Scheduled').waitFor();
    await row.getByText(/20:00–21:00/).waitFor();

    // on the dashboard, and it opens
    await page.goto('/');
    const item = page.getByTestId('interview-item').filter({ hasText: 'Marie Curie' });
    await item.waitFor();
    await item.getByRole('button').click();
    const detail = page.getByTestId('interview-detail');
    await detail.getByText('Interview with Marie Curie').waitFor();
    await detail.getByText('Ben Stone').waitFor();

    // reschedule to 21:00
    await detail.getByRole('button', { name: 'Reschedule' }).click();
    const reschedule = page.getByRole('dialog', { name: 'Reschedule interview with Marie Curie' });
    await reschedule.getByLabel('New date and time').fill(localAt(0, 21).input);
    await reschedule.getByRole('textbox', { name: 'Reason (optional)' }).fill('Ben is running late');
    await reschedule.getByRole('button', { name: 'Reschedule' }).click();
    await page.getByText('Interview rescheduled', { exact: true }).waitFor();
    await expect.poll(() => page.getByTestId('interview-detail').getByTestId('interview-when').textContent()).toMatch(/21:00–22:00/);

    // complete with feedback and four stars
    await page.getByTestId('interview-detail').getByRole('button', { name: 'Complete' }).click();
    const complete = page.getByRole('dialog', { name: 'Complete interview with Marie Curie' });
    await complete.getByRole('button', { name: 'Complete Interview' }).click();
    await complete.getByText('Feedback is required').waitFor();
    await complete.getByRole('textbox', { name: 'Feedback' }).fill('Precise and calm; strong on controls.');
    await complete.getByRole('radio', { name: '4 stars' }).check();
    await complete.getByRole('button', { name: 'Complete Interview' }).click();
    await page.getByText('Interview completed', { exact: true }).waitFor();
    const done = page.getByTestId('interview-detail');
    await done.getByTestId('interview-status').getByText('Completed').waitFor();
    await done.getByText('Precise and calm; strong on controls.').waitFor();
    await done.getByRole('img', { name: '4 out of 5 stars' }).waitFor();
    await screenshot(page, 'interview-detail-completed');
    await page.keyboard.press('Escape');

    // the candidate's tab shows it completed
    await page.goto(`/candidates/${marie}`);
    await page.getByRole('tab', { name: 'Interviews' }).click();
    await page.getByTestId('interview-row').getByText('Completed').waitFor();
    await context.close();
  });

  it('schedules from a pipeline card with the candidate and job prefilled', async () => {
    const context = await newContext(w.browser, w.app.url);
    const page = await context.newPage();
    await signIn(page, w.ann.email, w.ann.password);
    await page.getByText(/Welcome back, Ann/).waitFor();
    const rosalind = await newCandidate(page, 'Rosalind', 'Franklin');
    const { id: jobId } = await apiCall<{ id: number }>(page, 'POST', '/api/jobs', { title: `Chief Science Officer ${Date.now()}` });
    const { id: applicationId } = await apiCall<{ id: number }>(page, 'POST', '/api/applications', { candidateId: rosalind, jobId });
    await apiCall(page, 'PATCH', `/api/applications/${applicationId}/stage`, { stage: 'phone_screen' });

    await page.goto(`/jobs/pipeline?job=${jobId}`);
    const card = page.getByTestId('pipeline-column-phone_screen').getByTestId(`application-card-${applicationId}`);
    await card.waitFor();
    await card.getByRole('button', { name: 'Actions for Rosalind Franklin' }).click();
    await page.getByRole('menuitem', { name: 'Schedule interview' }).click();
    const dialog = page.getByRole('dialog', { name: 'Schedule interview with Rosalind Franklin' });
    await dialog.getByText('Chief Science Officer', { exact: false }).waitFor();
    await dialog.getByLabel('Date and time').fill(localAt(1, 10).input);
    await dialog.getByRole('button', { name: 'Schedule Interview' }).click();
    await page.getByText('Interview scheduled', { exact: true }).waitFor();

    await expect
      .poll(
        async () =>
          (
            await apiCall<{ items: { candidateId: number; jobId: number | null; scheduledAt: string }[] }>(
              page,
              'GET',
              `/api/interviews?job=${jobId}`,
            )
          ).items,
      )
      .toEqual([expect.objectContaining({ candidateId: rosalind, jobId, scheduledAt: localAt(1, 10).iso })]);
    await context.close();
  });
});
