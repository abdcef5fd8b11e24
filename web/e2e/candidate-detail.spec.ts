import { describe, expect, it } from 'vitest';
import { apiCall } from './support/api';
import { PHONE, browserSkipReason, newContext, screenshot, signIn } from './support/browser';
import { useTwoUserWorld } from './support/server';

describe.skipIf(browserSkipReason !== null)('candidate detail', () => {
  const w = useTwoUserWorld();

  it('says when the id is not a number or names no candidate', async () => {
    const context = await newContext(w.browser, w.app.url);
    const page = await context.newPage();
    await signIn(page, w.ann.email, w.ann.password);
    await page.goto('/candidates/abc');
    await page.getByRole('heading', { name: 'Invalid Candidate ID' }).waitFor();
    await page.goto('/candidates/987654');
    await page.getByRole('heading', { name: 'Candidate Not Found' }).waitFor();
    await page.getByRole('link', { name: 'Back to Candidates' }).click();
    await page.waitForURL('**/candidates');
    await context.close();
  });

  it('opens from the list, shows the tabs, edits and saves the profile, and adds a note', async () => {
    const context = await newContext(w.browser, w.app.url);
    const page = await context.newPage();
    await signIn(page, w.ann.email, w.ann.password);
    await page.goto('/candidates');
    await page.getByRole('searchbox', { name: 'Search candidates' }).fill('Ada Lovelace');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid^="candidate-card-"]').length === 1);
    await page.getByRole('link', { name: 'Ada Lovelace' }).click();
    await page.getByRole('heading', { name: 'Ada Lovelace', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Back to Candidates' }).waitFor();
    for (const tab of ['Profile', 'Notes', 'Communications', 'Attached Jobs']) await page.getByRole('tab', { name: tab }).waitFor();
    await page.getByText('Personal Information').waitFor();
    await screenshot(page, 'candidate-detail-desktop');

    await page.getByRole('tab', { name: 'Attached Jobs' }).click();
    await page
      .getByTestId('attached-job')
      .first()
      .getByText(/^Applied \w{3} \d{1,2}, \d{4}$/)
      .waitFor();
    // the demo agency's outreach e-mail to Ada, kept in the local outbox
    await page.getByRole('tab', { name: 'Communications' }).click();
    await page.getByRole('tabpanel').getByText('Executive Opportunity', { exact: true }).waitFor();
    await page.getByRole('tabpanel').getByText('Not delivered (outbox)').waitFor();

    // a candidate with only the required fields shows the empty texts
    const { id } = await apiCall<{ id: number }>(page, 'POST', '/api/candidates', {
      firstName: 'Nell',
      lastName: 'Irvin',
      email: 'nell.irvin@example.com',
      currentTitle: 'General Counsel',
    });
    await page.goto(`/candidates/${id}`);
    await page.getByRole('heading', { name: 'Nell Irvin', level: 1 }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Phone', exact: true }).inputValue()).toBe('Not provided');
    expect(await page.getByRole('textbox', { name: 'Mobile Phone' }).inputValue()).toBe('Not provided');
    expect(await page.getByRole('textbox', { name: 'Experience Level' }).inputValue()).toBe('Not specified');
    await page.getByRole('tab', { name: 'Attached Jobs' }).click();
    await page.getByText('No attached jobs yet').waitFor();
    await page.getByRole('tab', { name: 'Profile' }).click();

    // edit mode really saves
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Phone', { exact: true }).fill('+1 212 555 0100');
    await page.getByLabel('Current Job Title').fill('Chief Legal Officer');
    await page.getByLabel('First Name').fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('First name is required').waitFor();
    await page.getByLabel('First Name').fill('Nell');
    await page.getByRole('combobox', { name: /Status/ }).click();
    await page.getByRole('option', { name: 'Placed' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Candidate updated').waitFor();
    await page.getByRole('button', { name: 'Edit' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Phone', exact: true }).inputValue()).toBe('+1 212 555 0100');
    await page.getByTestId('candidate-status').getByText('Placed').waitFor();
    const saved = await apiCall<{ phone: string; currentTitle: string; status: string }>(page, 'GET', `/api/candidates/${id}`);
    expect(saved).toMatchObject({ phone: '+1 212 555 0100', currentTitle: 'Chief Legal Officer', status: 'placed' });

    // notes
    await page.getByRole('tab', { name: 'Notes' }).click();
    await page.getByText('No notes yet').waitFor();
    const add = page.getByRole('button', { name: 'Add Note' });
    expect(await add.isDisabled()).toBe(true);
    await page.getByLabel('Add Note').fill('   ');
    expect(await add.isDisabled()).toBe(true);
    await page.getByLabel('Add Note').fill('Strong board references; prefers NYC.');
    await add.click();
    await page.getByText('Note added').waitFor();
    await page.getByTestId('note-item').filter({ hasText: 'Strong board references; prefers NYC.' }).getByText('Ann Lee').waitFor();
    expect(await page.getByLabel('Add Note').inputValue()).toBe('');
    await screenshot(page, 'candidate-notes-desktop');
    await context.close();
  });

  it("shows A's note and edit on B's open profile within 2 s, without reload", async () => {
    const a = await newContext(w.browser, w.app.url);
    const b = await newContext(w.browser, w.app.url);
    const pageA = await a.newPage();
    const pageB = await b.newPage();
    await signIn(pageA, w.ann.email, w.ann.password);
    await signIn(pageB, w.ben.email, w.ben.password);
    const [candidate] = await apiCall<{ id: number; firstName: string; lastName: string }[]>(pageA, 'GET', '/api/candidates?search=Grace');
    await pageA.goto(`/candidates/${candidate!.id}`);
    await pageB.goto(`/candidates/${candidate!.id}`);
    await pageB.getByRole('tab', { name: 'Notes' }).click();
    await pageB.getByRole('button', { name: 'Add Note' }).waitFor();
    let reloaded = false;
    pageB.on('framenavigated', (frame) => {
      if (frame === pageB.mainFrame()) reloaded = true;
    });

    await pageA.getByRole('tab', { name: 'Notes' }).click();
    await pageA.getByLabel('Add Note').fill('Live note from Ann');
    await pageA.getByRole('button', { name: 'Add Note' }).click();
    await pageA.getByText('Note added').waitFor();
    let started = Date.now();
    await pageB.getByTestId('note-item').filter({ hasText: 'Live note from Ann' }).waitFor({ timeout: 2000 });
    expect(Date.now() - started).toBeLessThan(2000);

    await pageB.getByRole('tab', { name: 'Profile' }).click();
    await pageA.getByRole('tab', { name: 'Profile' }).click();
    await pageA.getByRole('button', { name: 'Edit' }).click();
    await pageA.getByLabel('Location').fill('Lisbon, Portugal');
    await pageA.getByRole('button', { name: 'Save' }).click();
    await pageA.getByText('Candidate updated').waitFor();
    started = Date.now();
    await pageB.waitForFunction(
      () => (document.querySelector('input[readonly][value="Lisbon, Portugal"]') as HTMLInputElement | null) !== null,
      undefined,
      { timeout: 2000 },
    );
    expect(Date.now() - started).toBeLessThan(2000);
    // A's own edit stays (no flicker back to the old value)
    await pageA.waitForTimeout(500);
    expect(await pageA.locator('input[readonly][value="Lisbon, Portugal"]').count()).toBe(1);
    expect(reloaded).toBe(false);
    await a.close();
    await b.close();
  });

  it('is usable on a phone', async () => {
    const context = await newContext(w.browser, w.app.url, PHONE);
    const page = await context.newPage();
    await signIn(page, w.ann.email, w.ann.password);
    const [candidate] = await apiCall<{ id: number }[]>(page, 'GET', '/api/candidates?search=Ada');
    await page.goto(`/candidates/${candidate!.id}`);
    await page.getByText('Personal Information').waitFor();
    await screenshot(page, 'candidate-detail-phone');
    await context.close();
  });

  it('loads the forms code (zod, react-hook-form) only when a form opens, not with the page (B8)', async () => {
    const context = await newContext(w.browser, w.app.url);
    const page = await context.newPage();
    await signIn(page, w.ann.email, w.ann.password);
    const [candidate] = await apiCall<{ id: number; firstName: string; lastName: string }[]>(page, 'GET', '/api/candidates?search=Ada');
    const forms: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/forms-[\w-]+\.js$/.test(request.url())) forms.push(request.url());
    });
    await page.goto(`/candidates/${candidate!.id}`);
    await page.getByRole('heading', { name: `${candidate!.firstName} ${candidate!.lastName}`, level: 1 }).waitFor();
    // the panels whose dialogs hold forms: tasks and privacy on the profile, the interviews' tab
    await page.getByRole('heading', { name: 'Privacy', level: 2 }).waitFor();
    await page.getByRole('tab', { name: 'Interviews' }).click();
    await page.getByTestId('interviews-panel').getByRole('button', { name: 'Schedule interview' }).waitFor();
    await page.getByRole('tab', { name: 'Profile' }).click();
    await page.waitForLoadState('networkidle');
    expect(forms).toEqual([]);
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByRole('textbox', { name: 'First Name' }).fill('Ada');
    expect(forms).toHaveLength(1);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Edit', exact: true }).waitFor();
    await context.close();
  });
});
