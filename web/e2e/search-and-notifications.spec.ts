import { describe, expect, it } from 'vitest';
import { apiCall } from './support/api';
import { PHONE, browserSkipReason, newContext, screenshot, signIn } from './support/browser';
import { useTwoUserWorld } from './support/server';

describe.skipIf(browserSkipReason !== null)('global search (Ctrl/⌘-K and the header box)', () => {
  const w = useTwoUserWorld();

  it('Ctrl-K → type → arrow → Enter opens the record; Escape closes; no results and the header box', async () => {
    const context = await newContext(w.browser, w.app.url);
    const page = await context.newPage();
    await signIn(page, w.ann.email, w.ann.password);
    await page.getByText("Welcome back, Ann. Here's your recruiting overview.").waitFor();
    const first = await apiCall<{ id: number }>(page, 'POST', '/api/candidates', {
      firstName: 'Océane',
      lastName: 'Palettier',
      email: 'oceane.palettier@example.com',
      currentTitle: 'Chief People Officer',
    });
    const second = await apiCall<{ id: number }>(page, 'POST', '/api/candidates', {
      firstName: 'Oscar',
      lastName: 'Palettier',
      email: 'oscar.palettier@example.com',
      currentTitle: 'Head of Talent',
    });

    // from a text field elsewhere: Ctrl-K is the shortcut itself
    await page.goto(`${w.app.url}/candidates`);
    await page.getByPlaceholder('Search candidates...').click();
    await page.keyboard.press('Control+k');
    const box = page.getByRole('combobox', { name: 'Search candidates, clients, jobs and contacts' });
    await box.waitFor();
    expect(await box.evaluate((el) => el === document.activeElement)).toBe(true);
    await box.fill('oceane pal'); // accent-insensitive
    const listbox = page.getByRole('listbox', { name: 'Search results' });
    await listbox.getByRole('option', { name: /Océane Palettier/ }).waitFor();
    await listbox.getByRole('group', { name: 'Candidates' }).waitFor();
    expect(await box.getAttribute('aria-expanded')).toBe('true');

    await box.fill('palettier');
    await listbox.getByRole('option', { name: /Oscar Palettier/ }).waitFor();
    await listbox.getByRole('option', { name: /Océane Palettier/ }).waitFor();
    const options = listbox.getByRole('option');
    expect(await options.count()).toBe(2);
    const activeId = () => box.getAttribute('aria-activedescendant');
    expect(await activeId()).toBe(await options.nth(0).getAttribute('id'));
    await page.keyboard.press('ArrowDown');
    const target = await options.nth(1).getAttribute('id');
    expect(await activeId()).toBe(target);
    expect(await options.nth(1).getAttribute('aria-selected')).toBe('true');
    const targetId = target === `search-option-candidate-${first.id}` ? first.id : second.id;
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/candidates/${targetId}`);
    expect(await box.count()).toBe(0);

    // ⌘-K too; nothing found says so; Escape closes
    await page.keyboard.press('Meta+k');
    await box.fill('zzqx-nothing');
    await page.getByText('No results for “zzqx-nothing”').waitFor();
    expect(await box.getAttribute('aria-expanded')).toBe('false');
    await page.keyboard.press('Escape');
    await box.waitFor({ state: 'detached' });

    // the dashboard header box opens it with what was typed
    await page.goto(w.app.url);
    const header = page.getByRole('searchbox', { name: 'Search candidates, clients, jobs' });
    await header.click();
    await box.waitFor();
    await box.fill('Palettier');
    await listbox.getByRole('option', { name: /Oscar Palettier/ }).click();
    await page.waitForURL(`**/candidates/${second.id}`);
    await context.close();
  });

  it('is a full-width overlay on a 390-wide phone', async () => {
    const context = await newContext(w.browser, w.app.url, PHONE);
    const page = await context.newPage();
    await signIn(page, w.ann.email, w.ann.password);
    await page.getByText("Welcome back, Ann. Here's your recruiting overview.").waitFor();
    await page.getByRole('searchbox', { name: 'Search candidates, clients, jobs' }).click();
    const dialog = page.getByRole('dialog', { name: 'Search candidates, clients, jobs and contacts' });
    await dialog.waitFor();
    await page.getByRole('combobox').fill('a');
    await page.getByRole('listbox').waitFor();
    const rect = await dialog.boundingBox();
    expect(rect?.x).toBe(0);
    expect(rect?.width).toBe(PHONE.width);
    await screenshot(page, 'search-palette-phone');
    await context.close();
  });
});

describe.skipIf(browserSkipReason !== null)('notifications behind the bell', () => {
  const w = useTwoUserWorld();

  it("a second user's move and note on my candidate raise my bell live; open marks read; mark all read; a setting turns a kind off", async () => {
    const annContext = await newContext(w.browser, w.app.url);
    const ann = await annContext.newPage();
    await signIn(ann, w.ann.email, w.ann.password);
    await ann.getByText("Welcome back, Ann. Here's your recruiting overview.").waitFor();
    const bell = ann.getByRole('button', { name: /^Notifications/ });
    await bell.waitFor();
    // the demo agency was loaded as Ann: its candidates are hers, and nothing concerns her yet
    // (its tasks are hers too: their reminders are off here, this is about moves and notes)
    await apiCall(ann, 'PUT', '/api/notifications/preferences', { tasks: false, interviews: true, moves: true, notes: true });
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notifications');

    const benContext = await newContext(w.browser, w.app.url);
    const ben = await benContext.newPage();
    await signIn(ben, w.ben.email, w.ben.password);
    const [application] = await apiCall<Array<{ id: number; stage: string; candidateId: number }>>(
      ben,
      'GET',
      '/api/applications?stage=applied',
    );
    await apiCall(ben, 'PATCH', `/api/applications/${application!.id}/stage`, { stage: 'phone_screen' });
    await ann.getByRole('button', { name: 'Notifications (1 new)' }).waitFor({ timeout: 5000 });
    await apiCall(ben, 'POST', `/api/candidates/${application!.candidateId}/notes`, { content: 'Spoke with the references' });
    await ann.getByRole('button', { name: 'Notifications (2 new)' }).waitFor({ timeout: 5000 });

    // open: newest first, each links to its record; opening one marks it read
    await ann.getByRole('button', { name: 'Notifications (2 new)' }).click();
    const popover = ann.getByRole('dialog', { name: 'Notifications' });
    const items = popover.getByTestId('notification-item');
    await items.nth(1).waitFor();
    expect(await items.nth(0).textContent()).toContain('Note on');
    expect(await items.nth(1).textContent()).toContain('moved to Phone Screen');
    expect(await items.nth(0).getAttribute('href')).toBe(`/candidates/${application!.candidateId}`);
    await screenshot(ann, 'notifications-popover');
    // opening it marks it read (a command the full reload below must not cut off)
    const marked = ann.waitForResponse((r) => r.url().endsWith('/api/notifications/read') && r.request().method() === 'POST');
    await items.nth(0).click();
    expect((await marked).status()).toBe(200);
    await ann.waitForURL(`**/candidates/${application!.candidateId}`);
    await ann.goto(w.app.url);
    await ann.getByRole('button', { name: 'Notifications (1 new)' }).click();
    await popover.getByRole('button', { name: 'Mark all read' }).click();
    await ann.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
    // read state is the server's: it survives a reload
    await ann.reload();
    await ann.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
    await ann.keyboard.press('Escape');

    // the setting: no notes, then a note (not counted) and a move (counted)
    await ann.getByRole('button', { name: 'Account menu' }).click();
    await ann.getByRole('menuitem', { name: 'Notifications' }).click();
    const settings = ann.getByRole('dialog', { name: 'Notifications' });
    await settings.getByRole('checkbox', { name: 'Notes' }).uncheck();
    await settings.getByRole('button', { name: 'Save' }).click();
    await settings.waitFor({ state: 'detached' });
    await apiCall(ben, 'POST', `/api/candidates/${application!.candidateId}/notes`, { content: 'Not for Ann' });
    await apiCall(ben, 'PATCH', `/api/applications/${application!.id}/stage`, { stage: 'interview' });
    await ann.getByRole('button', { name: 'Notifications (1 new)' }).click();
    await items.first().waitFor();
    expect(await items.count()).toBe(2); // the two read ones are notes-free too: only moves are listed
    expect(await items.first().textContent()).toContain('moved to Interview');

    // Ben follows the candidate from its page: Ann's note now reaches Ben's bell
    await ben.goto(`${w.app.url}/candidates/${application!.candidateId}`);
    await ben.getByRole('button', { name: 'Follow', exact: true }).click();
    await ben.getByRole('button', { name: 'Following' }).waitFor();
    await ben.reload();
    await ben.getByRole('button', { name: 'Following' }).waitFor();
    await apiCall(ann, 'POST', `/api/candidates/${application!.candidateId}/notes`, { content: 'For my followers' });
    // the bell is on every page (the shell's top bar), once: here it rises live on the candidate page
    await ben.getByRole('button', { name: 'Notifications (1 new)' }).waitFor({ timeout: 5000 });
    expect(await ben.getByRole('button', { name: /^Notifications/ }).count()).toBe(1);
    await ben.goto(w.app.url);
    await ben.getByRole('button', { name: 'Notifications (1 new)' }).waitFor({ timeout: 5000 });
    await annContext.close();
    await benContext.close();
  });
});
