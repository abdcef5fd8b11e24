import { describe, expect, it } from 'vitest';
import { apiCall } from './support/api';
import { browserSkipReason, newContext, signIn } from './support/browser';
import { useTwoUserWorld } from './support/server';

/**
 * Sweep three: a mistyped address showed a developer's note ("Did you forget to add the page to
 * the router?"), and `/pipeline`, as a recruiter types it, was such an address.
 */
describe.skipIf(browserSkipReason !== null)('an address the app does not know', () => {
  const w = useTwoUserWorld();

  it('shows a friendly not-found page with a way back, and /pipeline opens the pipeline', async () => {
    const context = await newContext(w.browser, w.app.url);
    const page = await context.newPage();
    await signIn(page, w.ann.email, w.ann.password);

    await page.goto('/no/such/page');
    await page.getByRole('heading', { level: 1, name: 'Page Not Found' }).waitFor();
    await page.getByText('There is no page at this address.').waitFor();
    expect(await page.getByText(/router/i).count()).toBe(0);
    expect(await page.title()).toBe('Page Not Found · TalentFlow');
    // by keyboard: the way back is the first thing Tab reaches in the page's content
    const back = page.getByRole('link', { name: 'Back to Dashboard' });
    await back.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/');

    // the pipeline under the name a recruiter types, a job's board too
    const [job] = await apiCall<{ id: number }[]>(page, 'GET', '/api/jobs');
    await page.goto('/pipeline');
    await page.waitForURL((url) => url.pathname === '/jobs/pipeline');
    await page.getByRole('heading', { level: 1, name: 'Recruitment Pipeline' }).waitFor();
    await page.goto(`/pipeline?job=${job!.id}`);
    await page.waitForURL((url) => url.pathname === '/jobs/pipeline' && url.searchParams.get('job') === String(job!.id));
    await page.getByRole('heading', { level: 1, name: 'Recruitment Pipeline' }).waitFor();
    // Back leaves the alias out of the history: it goes to the page before, not back into a redirect
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/jobs/pipeline' && !url.searchParams.has('job'));
    await context.close();
  });
});
