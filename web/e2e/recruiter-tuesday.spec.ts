import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Standalone } from '@ats/standalone';
import { apiCall } from './support/api';
import { DESKTOP, browserSkipReason, newContext } from './support/browser';
import { type addUser, closeWorld, startAdminDemo } from './support/server';

/**
 * JOURNEYS.md "A recruiter, a Tuesday", walked by a recruiter who is new to the team: the admin
 * adds her on the Team screen, she signs in from a colleague's link, and her dashboard and bell
 * are hers — not the admin's, not the whole team's.
 */
describe.skipIf(browserSkipReason !== null)('a recruiter, a Tuesday', () => {
  let app: Standalone;
  let browser: Browser;
  let admin: Awaited<ReturnType<typeof addUser>>;
  const contexts: BrowserContext[] = [];
  const rita = { email: 'rita.reyes@agency.example', password: 'rita-first-day-1', name: 'Rita Reyes' };
  // she works in Chicago: "today" and the times she types are Chicago's
  const TIME_ZONE = 'America/Chicago';

  beforeAll(async () => {
    // the demo agency's interviews today sit on the admin's panels
    ({ app, browser, admin } = await startAdminDemo());
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await closeWorld({ app, browser });
  });

  async function pageIn(timezoneId?: string): Promise<Page> {
    const context = timezoneId
      ? await browser.newContext({ baseURL: app.url, viewport: DESKTOP, reducedMotion: 'reduce', timezoneId })
      : await newContext(browser, app.url);
    contexts.push(context);
    return context.newPage();
  }
  async function signInOn(page: Page, user: { email: string; password: string }) {
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }

  let ritaPage: Page;
  let adminPage: Page;
  let ritaId = '';

  it('the admin adds her on the Team screen; she opens a link to a candidate, signs in and lands on that candidate (step 1)', async () => {
    adminPage = await pageIn();
    await adminPage.goto('/api/login');
    await signInOn(adminPage, admin);
    await adminPage.waitForURL((url) => url.pathname === '/');
    await adminPage.goto('/team');
    await adminPage.getByRole('button', { name: 'Add User' }).click();
    const dialog = adminPage.getByRole('dialog', { name: 'Add Team Member' });
    // every field inside the dialog (the right-hand column ran past its edge, cut off)
    const edge = (await dialog.boundingBox())!;
    for (const label of ['First Name', 'Last Name', 'Email', 'Initial Password']) {
      const right = await dialog.getByLabel(label).evaluate((el) => el.closest('.MuiInput-root')!.getBoundingClientRect().right);
      expect(right).toBeLessThanOrEqual(edge.x + edge.width - 16);
    }
    await dialog.getByLabel('First Name').fill('Rita');
    await dialog.getByLabel('Last Name').fill('Reyes');
    await dialog.getByLabel('Email').fill(rita.email);
    // Recruiter is the default role
    await dialog.getByText('Recruiter').waitFor();
    await dialog.getByLabel('Initial Password').fill(rita.password);
    await dialog.getByRole('button', { name: 'Add User' }).click();
    await dialog.waitFor({ state: 'detached' });
    const row = adminPage.getByRole('table', { name: 'Team members' }).getByRole('row', { name: /Rita Reyes/ });
    await row.getByText('Recruiter').waitFor();

    const candidates = await apiCall<Array<{ id: number; firstName: string; lastName: string }>>(adminPage, 'GET', '/api/candidates');
    const linked = candidates[5]!;
    ritaPage = await pageIn(TIME_ZONE);
    await ritaPage.goto(`/candidates/${linked.id}`);
    await ritaPage.getByRole('button', { name: 'Login' }).click();
    await signInOn(ritaPage, rita);
    await ritaPage.waitForURL((url) => url.pathname === `/candidates/${linked.id}`);
    await ritaPage.getByRole('heading', { level: 1, name: `${linked.firstName} ${linked.lastName}` }).waitFor();
    ritaId = (await apiCall<{ id: string; role: string }>(ritaPage, 'GET', '/api/auth/user')).id;
  });

  it("her dashboard's Today's Interviews are hers, not the team's; Team shows everyone's, from the keyboard too (step 2)", async () => {
    await ritaPage.getByRole('link', { name: 'Dashboard' }).first().click();
    const widget = ritaPage.getByTestId('todays-interviews');
    const mine = widget.getByRole('button', { name: 'Mine', exact: true });
    const team = widget.getByRole('button', { name: 'Team', exact: true });
    await mine.waitFor();
    expect(await mine.getAttribute('aria-pressed')).toBe('true');
    // new to the team: none of the demo agency's interviews today are hers
    await widget.getByText('No interviews scheduled for today').waitFor();
    expect(await widget.getByTestId('interview-item').count()).toBe(0);
    // the team's day is one key away
    await team.focus();
    await ritaPage.keyboard.press('Enter');
    await widget.getByTestId('interview-item').first().waitFor();
    expect(await team.getAttribute('aria-pressed')).toBe('true');
    const teamCount = await widget.getByTestId('interview-item').count();
    expect(teamCount).toBeGreaterThan(0);
    await mine.click();
    await widget.getByText('No interviews scheduled for today').waitFor();

    // the admin who sits on those panels sees them as his own
    await adminPage.goto('/');
    const adminWidget = adminPage.getByTestId('todays-interviews');
    await adminWidget.getByTestId('interview-item').first().waitFor();
  });

  it('the bell says what the badge shows, at every change, as a colleague assigns her work live (step 2)', async () => {
    const bell = ritaPage.getByRole('button', { name: /^Notifications/ });
    await bell.waitFor();
    expect(await bell.getAttribute('aria-label')).toBe('Notifications');
    // every state the page goes through, frame by frame: the name and the badge never disagree
    await ritaPage.evaluate(() => {
      const seen: Array<[string | null, string]> = [];
      (window as unknown as { bellSeen: typeof seen }).bellSeen = seen;
      const record = () => {
        const button = document.querySelector<HTMLButtonElement>('button[aria-label^="Notifications"]');
        const badge = document.querySelector('[data-testid="notification-badge"] .MuiBadge-badge');
        const shown = badge && !badge.classList.contains('MuiBadge-invisible') ? (badge.textContent ?? '') : '';
        seen.push([button?.getAttribute('aria-label') ?? null, shown]);
      };
      new MutationObserver(record).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
      const frame = () => {
        record();
        requestAnimationFrame(frame);
      };
      frame();
    });
    for (const [n, title] of ['Call the Helios CFO back', 'Send Friday shortlist'].entries()) {
      await apiCall(adminPage, 'POST', '/api/tasks', { title, assignedTo: ritaId, priority: 'high' });
      await ritaPage.getByRole('button', { name: `Notifications (${n + 1} new)` }).waitFor({ timeout: 5000 });
    }
    await ritaPage.getByRole('button', { name: 'Notifications (2 new)' }).waitFor({ timeout: 5000 });
    expect(await ritaPage.getByTestId('notification-badge').textContent()).toContain('2');
    // the badge is not read out a second time: the count is in the button's name
    expect(await ritaPage.locator('[data-testid="notification-badge"] .MuiBadge-badge').getAttribute('aria-hidden')).toBe('true');
    // her tasks due are on her dashboard
    await ritaPage.getByTestId('task-item').filter({ hasText: 'Call the Helios CFO back' }).waitFor({ timeout: 5000 });

    // she reads them all: the name and the badge go back together
    await ritaPage.getByRole('button', { name: 'Notifications (2 new)' }).click();
    await ritaPage.getByRole('dialog', { name: 'Notifications' }).getByRole('button', { name: 'Mark all read' }).click();
    await ritaPage.getByRole('button', { name: 'Notifications', exact: true }).waitFor({ timeout: 5000 });
    await ritaPage.keyboard.press('Escape');

    const seen = await ritaPage.evaluate(() => (window as unknown as { bellSeen: Array<[string | null, string]> }).bellSeen);
    const disagreeing = seen.filter(([label, badge]) => label !== (badge ? `Notifications (${badge} new)` : 'Notifications'));
    expect(disagreeing).toEqual([]);
    expect(seen.some(([label]) => label === 'Notifications (1 new)')).toBe(true);
  });

  it('she schedules a phone screen from a card in her own time zone with an invitation; it is on her Today (step 7)', async () => {
    const title = `VP Finance ${Date.now()}`;
    const { id: jobId } = await apiCall<{ id: number }>(ritaPage, 'POST', '/api/jobs', { title });
    const { id: candidateId } = await apiCall<{ id: number }>(ritaPage, 'POST', '/api/candidates', {
      firstName: 'Nadia',
      lastName: 'Okafor',
      email: 'nadia.okafor@example.com',
      currentTitle: 'Finance Director',
    });
    const { id: applicationId } = await apiCall<{ id: number }>(ritaPage, 'POST', '/api/applications', { candidateId, jobId });
    await apiCall(ritaPage, 'PATCH', `/api/applications/${applicationId}/stage`, { stage: 'phone_screen' });

    await ritaPage.goto(`/jobs/pipeline?job=${jobId}`);
    const card = ritaPage.getByTestId('pipeline-column-phone_screen').getByTestId(`application-card-${applicationId}`);
    await card.getByRole('button', { name: 'Actions for Nadia Okafor' }).click();
    await ritaPage.getByRole('menuitem', { name: 'Schedule interview' }).click();
    const dialog = ritaPage.getByRole('dialog', { name: 'Schedule interview with Nadia Okafor' });
    // today at 23:30 on her (Chicago) clock
    const today = await ritaPage.evaluate(() => {
      const d = new Date();
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    });
    await dialog.getByLabel('Date and time').fill(`${today}T23:30`);
    await dialog.getByLabel('Send the candidate an invitation with a calendar file').check();
    await dialog.getByRole('button', { name: 'Schedule Interview' }).click();
    await ritaPage.getByText('Interview scheduled', { exact: true }).waitFor();

    await ritaPage.getByRole('link', { name: 'Dashboard' }).first().click();
    const item = ritaPage.getByTestId('todays-interviews').getByTestId('interview-item').filter({ hasText: 'Nadia Okafor' });
    await item.waitFor({ timeout: 5000 });
    expect(await item.getByText('11:30 pm').count()).toBe(1);
    expect(await ritaPage.getByTestId('todays-interviews').getByTestId('interview-item').count()).toBe(1);
    // the invitation went with the calendar file
    await item.getByRole('button').click();
    // (the detail offered "Send invitation" again without saying one had gone: it says what was sent now)
    const detail = ritaPage.getByTestId('interview-detail');
    await detail
      .getByTestId('invitation-status')
      .getByText(/^Invitation (sent|kept in the outbox) to nadia\.okafor@example\.com on /)
      .waitFor();
    expect(await detail.getByRole('button', { name: 'Send invitation' }).count()).toBe(0);
    await detail.getByText('Add to calendar (.ics)').waitFor();
  });

  it('after the call she writes the feedback, completes it, and gives a colleague a follow-up task due Friday (step 8)', async () => {
    const detail = ritaPage.getByTestId('interview-detail');
    await detail.getByRole('button', { name: 'Complete' }).click();
    const complete = ritaPage.getByRole('dialog', { name: 'Complete interview with Nadia Okafor' });
    await complete.getByRole('textbox', { name: 'Feedback' }).fill('Clear on controls; keen on the role.');
    await complete.getByRole('radio', { name: '4 stars' }).check();
    await complete.getByRole('button', { name: 'Complete Interview' }).click();
    await ritaPage.getByText('Interview completed', { exact: true }).waitFor();
    await detail.getByTestId('interview-status').getByText('Completed').waitFor();
    // nothing left to send about a completed interview
    expect(await detail.getByTestId('invitation-status').count()).toBe(0);
    await ritaPage.keyboard.press('Escape');
    await detail.waitFor({ state: 'detached' });

    // Friday of this week on her clock (today when it is Friday, next Friday at the weekend)
    const friday = await ritaPage.evaluate(() => {
      const d = new Date();
      d.setDate(d.getDate() + ((5 - d.getDay() + 7) % 7));
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    });
    await ritaPage.getByTestId('priority-tasks').getByRole('button', { name: 'New task' }).click();
    const dialog = ritaPage.getByRole('dialog', { name: 'New Task' });
    await dialog.getByLabel('Title').fill('Reference calls for Nadia Okafor');
    await dialog.getByLabel('Due date').fill(friday);
    await dialog.getByRole('combobox', { name: /Assigned to/ }).click();
    await ritaPage.getByRole('option', { name: 'Alex Admin' }).click();
    await dialog.getByRole('button', { name: 'Create Task' }).click();
    await dialog.waitFor({ state: 'detached' });
    // his, not hers: on his bell, not on her Priority Tasks
    await adminPage
      .getByRole('button', { name: /^Notifications \(\d+ new\)$/ })
      .first()
      .waitFor({ timeout: 5000 });
    const his = await apiCall<{ items: Array<{ title: string }> }>(adminPage, 'GET', '/api/notifications');
    expect(his.items.map((n) => n.title)).toContain('Rita Reyes assigned you: Reference calls for Nadia Okafor');
    const tasks = await apiCall<{ items: Array<{ title: string; dueDate: string | null }> }>(adminPage, 'GET', '/api/tasks?scope=mine');
    expect(tasks.items.find((t) => t.title === 'Reference calls for Nadia Okafor')?.dueDate?.slice(0, 10)).toBe(friday);
    expect(await ritaPage.getByTestId('task-item').filter({ hasText: 'Reference calls for Nadia Okafor' }).count()).toBe(0);
  });
  it('she places a candidate: confirms the agreed salary, the job offers to be marked Filled, her dashboard figures move (step 10)', async () => {
    const figure = async (name: string) => (await ritaPage.locator(`[data-metric="${name}"]`).textContent()) ?? '';
    await ritaPage.getByRole('link', { name: 'Dashboard' }).first().click();
    await expect.poll(() => figure('Revenue YTD')).toMatch(/^\$\d+\.\dM$/);
    const placementsBefore = Number(await figure('Placements This Month'));
    const revenueBefore = Number((await figure('Revenue YTD')).replace(/[$M]/g, ''));

    const { id: clientId } = await apiCall<{ id: number }>(ritaPage, 'POST', '/api/clients', { companyName: 'Larkspur Holdings' });
    const { id: jobId } = await apiCall<{ id: number }>(ritaPage, 'POST', '/api/jobs', {
      title: 'Group Chief Executive',
      clientId,
      salaryMin: 1800,
      salaryMax: 2200,
      feePercentage: 25,
      openings: 1,
    });
    const { id: candidateId } = await apiCall<{ id: number }>(ritaPage, 'POST', '/api/candidates', {
      firstName: 'Ines',
      lastName: 'Moreau',
      email: 'ines.moreau@example.com',
      currentTitle: 'Chief Executive',
    });
    const { id: applicationId } = await apiCall<{ id: number }>(ritaPage, 'POST', '/api/applications', { candidateId, jobId });
    await apiCall(ritaPage, 'PATCH', `/api/applications/${applicationId}/stage`, { stage: 'offer' });

    await ritaPage.goto(`/jobs/${jobId}`);
    const card = ritaPage.getByTestId('pipeline-column-offer').getByTestId(`application-card-${applicationId}`);
    await card.waitFor();
    // from the keyboard: pick up, one column right, drop
    await card.focus();
    await ritaPage.keyboard.press('Space');
    await ritaPage.waitForTimeout(150);
    await ritaPage.keyboard.press('ArrowRight');
    await ritaPage.waitForTimeout(150);
    await ritaPage.keyboard.press('Space');
    const placing = ritaPage.getByRole('dialog', { name: 'Place Ines Moreau?' });
    const salary = placing.getByLabel('Agreed salary ($k)');
    await expect.poll(() => salary.inputValue()).toBe('2000');
    await salary.fill('2100');
    await placing.getByText('Fee at 25%: $525k').waitFor();
    await placing.getByRole('button', { name: 'Confirm placement' }).click();
    await ritaPage.getByTestId('pipeline-column-placed').getByTestId(`application-card-${applicationId}`).waitFor({ timeout: 5000 });
    const offer = ritaPage.getByRole('alertdialog', { name: 'Mark job order Filled?' });
    await offer.getByRole('button', { name: 'Mark Filled' }).click();
    await ritaPage.getByText('Group Chief Executive is marked Filled.').waitFor();

    await ritaPage.goto(`/candidates/${candidateId}`);
    await ritaPage.getByRole('heading', { level: 1, name: 'Ines Moreau' }).waitFor();
    await ritaPage.getByText('Placed', { exact: true }).first().waitFor();
    await ritaPage.getByRole('link', { name: 'Dashboard' }).first().click();
    await expect.poll(async () => Number(await figure('Placements This Month'))).toBe(placementsBefore + 1);
    // a $525k fee: the year's revenue in millions moves by 0.5 (one decimal; rounding may add 0.1)
    await expect.poll(async () => Number((await figure('Revenue YTD')).replace(/[$M]/g, '')) - revenueBefore).toBeGreaterThanOrEqual(0.4);
  });
});
