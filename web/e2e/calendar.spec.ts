import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSkipReason, newContext, screenshot, signIn } from './support/browser';
import { useTwoUserWorld } from './support/server';

/**
 * The calendar journey: schedule from the calendar and see it in the week; drag it to another
 * time (a reschedule, with Undo) and see a second user's calendar follow live; month and agenda
 * views; the keyboard's Move…; the Subscribe dialog whose feed URL a calendar app fetches.
 */
describe.skipIf(browserSkipReason !== null)('calendar', () => {
  const w = useTwoUserWorld();
  let interviewId = 0;
  let candidate = '';

  async function openCalendar(user: { email: string; password: string }, path = '/calendar') {
    const context = await newContext(w.browser, w.app.url);
    const page = await context.newPage();
    await signIn(page, user.email, user.password);
    await page.goto(path);
    await page.getByRole('heading', { level: 1, name: 'Calendar' }).waitFor();
    return { context, page };
  }

  /** today's date (yyyy-MM-dd) and the local time of an instant, as the browser sees them */
  const browserDay = (page: Page) =>
    page.evaluate(() => {
      const d = new Date();
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    });
  const localTime = (page: Page, iso: string) =>
    page.evaluate((at) => new Date(at).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' }), iso);

  async function lastInterviewEvent(type: string) {
    const events = await w.app.eventStore.readStream(`interview-${interviewId}`);
    return events.filter((e) => e.type === type).at(-1) as { data: { scheduledAt: string } } | undefined;
  }

  it('schedules from the calendar, drags it to another time with Undo, and a second user sees the move live', async () => {
    const ann = await openCalendar(w.ann);
    const ben = await openCalendar(w.ben);
    await ann.page.getByTestId('week-view').waitFor();
    expect(await ann.page.getByTestId('calendar-time-zone').textContent()).toMatch(/^Times in \S+/);

    const [first] = await w.app.queryApi.queries.listCandidates({ limit: 1 });
    candidate = `${first!.firstName} ${first!.lastName}`;
    const today = await browserDay(ann.page);

    await ann.page.getByRole('button', { name: 'Schedule interview' }).click();
    const dialog = ann.page.getByRole('dialog', { name: 'Schedule interview' });
    await dialog.getByRole('combobox', { name: 'Candidate' }).fill(first!.lastName);
    await ann.page.getByRole('option', { name: candidate }).first().click();
    await dialog.getByLabel('Date and time').fill(`${today}T10:00`);
    await dialog.getByRole('button', { name: 'Schedule Interview' }).click();
    await dialog.waitFor({ state: 'detached' });

    // in today's column of the week, for Ann and (live) for Ben
    const annEvent = ann.page.getByTestId(`week-day-${today}`).getByRole('button', { name: new RegExp(candidate) });
    await annEvent.waitFor();
    interviewId = Number(await annEvent.getAttribute('data-interview-id'));
    expect(interviewId).toBeGreaterThan(0);
    const benEvent = ben.page.getByTestId(`calendar-event-${interviewId}`);
    await benEvent.waitFor({ timeout: 5000 });
    expect(await benEvent.textContent()).toContain('10:00 AM');
    await screenshot(ann.page, 'calendar-week');

    // drag two hours down (48 px an hour), like a person: press, move past the activation distance, release
    await annEvent.scrollIntoViewIfNeeded();
    const box = (await annEvent.boundingBox())!;
    await ann.page.mouse.move(box.x + box.width / 2, box.y + 8);
    await ann.page.mouse.down();
    await ann.page.mouse.move(box.x + box.width / 2, box.y + 20, { steps: 4 });
    await ann.page.mouse.move(box.x + box.width / 2, box.y + 8 + 96, { steps: 12 });
    await ann.page.mouse.up();
    await ann.page.getByText('Interview moved').first().waitFor();
    await expect.poll(async () => (await lastInterviewEvent('InterviewRescheduled'))?.data.scheduledAt, { timeout: 5000 }).toBeTruthy();
    const moved = (await lastInterviewEvent('InterviewRescheduled'))!.data.scheduledAt;
    expect(await localTime(ann.page, moved)).toBe('12:00 PM');

    // Ben's calendar follows without a reload
    await expect.poll(async () => benEvent.textContent(), { timeout: 5000 }).toContain('12:00 PM');

    // Undo moves it back (a reschedule to the old time)
    await ann.page.getByRole('button', { name: 'Undo' }).click();
    await ann.page.getByText('Move undone').first().waitFor();
    const back = (await lastInterviewEvent('InterviewRescheduled'))!.data.scheduledAt;
    expect(await localTime(ann.page, back)).toBe('10:00 AM');
    await expect.poll(async () => benEvent.textContent(), { timeout: 5000 }).toContain('10:00 AM');

    await ann.context.close();
    await ben.context.close();
  });

  it('shows the month and the agenda, and moves an interview with the keyboard', async () => {
    const { context, page } = await openCalendar(w.ann);
    const today = await browserDay(page);
    await page.getByRole('button', { name: 'Month' }).click();
    await page.getByTestId('month-view').waitFor();
    expect(new URL(page.url()).searchParams.get('view')).toBe('month');
    await page.getByTestId(`month-day-${today}`).getByTestId(`calendar-event-${interviewId}`).waitFor();

    await page.getByRole('button', { name: 'Agenda' }).click();
    await page.getByTestId('agenda-view').waitFor();
    await page.getByTestId(`agenda-event-${interviewId}`).waitFor();

    // keyboard: focus the event, open it, Move…, arrow down twice (+30 min), Move
    await page.getByRole('button', { name: 'Week' }).click();
    const event = page.getByTestId(`calendar-event-${interviewId}`);
    await event.focus();
    await page.keyboard.press('Enter');
    const details = page.getByTestId('event-details');
    await details.waitFor();
    await details.getByRole('button', { name: 'Move…' }).click();
    const preview = page.getByTestId('move-preview');
    await preview.waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => preview.textContent()).toContain('10:30 AM');
    await page.getByTestId('move-dialog').getByRole('button', { name: 'Move', exact: true }).click();
    await page.getByText('Interview moved').first().waitFor();
    await expect.poll(async () => localTime(page, (await lastInterviewEvent('InterviewRescheduled'))!.data.scheduledAt)).toBe('10:30 AM');
    await context.close();
  });

  it('the Subscribe dialog gives a feed URL a calendar app can fetch, and Reset link replaces it', async () => {
    const { context, page } = await openCalendar(w.ann);
    await page.getByRole('button', { name: 'Subscribe' }).click();
    const dialog = page.getByTestId('subscribe-dialog');
    await dialog.waitFor();
    const url = page.getByTestId('feed-url');
    await expect.poll(() => url.inputValue()).toMatch(/\/api\/calendar\/feed\/[A-Za-z0-9_-]+\.ics$/);
    const first = await url.inputValue();
    expect(await dialog.getByTestId('webcal-link').getAttribute('href')).toBe(first.replace(/^https?:\/\//, 'webcal://'));
    for (const app of ['Google Calendar', 'Outlook', 'Apple Calendar']) await dialog.getByText(app).waitFor();

    // a calendar app has no session: plain fetch
    const feed = await fetch(first);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(await feed.text()).toContain(`UID:interview-${interviewId}@`);
    await screenshot(page, 'calendar-subscribe');

    await dialog.getByRole('button', { name: 'Reset link' }).click();
    await page.getByTestId('reset-feed-confirm').getByRole('button', { name: 'Reset link' }).click();
    await page.getByText('Link reset').first().waitFor();
    await expect.poll(() => url.inputValue()).not.toBe(first);
    expect((await fetch(first)).status).toBe(404);
    expect((await fetch(await url.inputValue())).status).toBe(200);
    await context.close();
  });
});
