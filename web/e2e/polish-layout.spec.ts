import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall } from './support/api';
import { DESKTOP, PHONE, browserSkipReason, newContext, signIn } from './support/browser';
import { useTwoUserWorld } from './support/server';

/** Screenshots of the changed screens, to be looked at (not compared). */
const SHOTS = join(tmpdir(), 'polish-layout');
mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: join(SHOTS, `${name}.png`) });

describe.skipIf(browserSkipReason !== null)('polish: Send Email, honest toasts, dashboard paging, the full feed', () => {
  const w = useTwoUserWorld();

  it('Send Email previews the message as it will be sent and shows a server field error under its field', async () => {
    const context = await newContext(w.browser, w.app.url);
    const page = await context.newPage();
    await signIn(page, w.ann.email, w.ann.password);
    const [ada] = await apiCall<{ id: number; firstName: string; email: string }[]>(page, 'GET', '/api/candidates?search=Ada');
    await page.goto(`/candidates?search=${encodeURIComponent(ada!.email)}`);
    await page.getByTestId(`candidate-card-${ada!.id}`).getByRole('button', { name: 'Email', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Preview', { exact: true }).waitFor();

    // a template: its opening line, the notes after it, the greeting and the sign-off
    await dialog.getByRole('combobox', { name: /Template/ }).click();
    await page.getByRole('option', { name: 'Candidate Outreach' }).click();
    await dialog.getByLabel('Additional Notes (Optional)').fill('Hi Ada,\nAre you free on Friday?');
    const body = dialog.getByTestId('email-preview-body');
    await expect
      .poll(() => body.textContent())
      .toBe(
        `Hi ${ada!.firstName},\n\nI am reaching out about an executive opportunity that fits your background.\n\n` +
          'Hi Ada,\nAre you free on Friday?\n\nBest regards,\nAnn Lee',
      );
    expect(await dialog.getByTestId('email-preview-subject').textContent()).toBe('Subject: Executive Opportunity');
    // the second greeting is pointed out before it is sent
    await dialog.getByText('Your message starts with a greeting; the e-mail already opens with one.').waitFor();

    // what the server refuses (a character it cannot store) shows under the field it names
    await dialog.getByLabel('Subject').fill('Executive\u0000Opportunity');
    await dialog.getByRole('button', { name: 'Send Email' }).click();
    const subjectField = dialog.locator('.MuiFormControl-root').filter({ has: page.getByLabel('Subject') });
    await subjectField.getByText('Text contains characters that cannot be stored').waitFor();
    expect(await dialog.getByLabel('Subject').getAttribute('aria-invalid')).toBe('true');
    await page.keyboard.press('Escape');

    // the duplicate e-mail of Add Candidate lands under E-mail (the toast stays clear of the buttons)
    await page.goto('/candidates');
    await page.getByRole('button', { name: 'Add Candidate' }).first().click();
    const add = page.getByRole('dialog');
    await add.getByLabel('First Name').fill('Ada');
    await add.getByLabel('Last Name').fill('Again');
    await add.getByLabel('Email').fill(ada!.email);
    await add.getByLabel('Current Job Title').fill('Chief Analyst');
    await add.getByRole('button', { name: 'Add Candidate' }).click();
    const emailField = add.locator('.MuiFormControl-root').filter({ has: page.getByLabel('Email') });
    await emailField.getByText('A candidate with this email already exists').waitFor();
    const toast = page.getByTestId('toast-viewport').locator('li').first();
    await toast.waitFor();
    const footer = (await add.getByRole('button', { name: 'Add Candidate' }).boundingBox())!;
    // the toast slides in (180 ms): judge where it comes to rest
    await expect
      .poll(async () => overlaps(footer, (await toast.boundingBox())!), { message: 'the toast covers the dialog footer', timeout: 2000 })
      .toBe(false);
    await shot(page, 'add-candidate-duplicate-email');
    await context.close();
  });

  // The stage-conflict toast naming the candidate and the job is proven in pipeline-live.spec.ts
  // ("snaps a stale move back and says who moved the card"): a board that draws moves from the
  // notice drops a card moved away mid-drag, so a slowed drag here no longer reaches the server.
  it('the dashboard pages its jobs table and links to all jobs; View All opens the full feed, paged, filtered and live', async () => {
    const context = await newContext(w.browser, w.app.url);
    const page = await context.newPage();
    await signIn(page, w.ann.email, w.ann.password);
    const jobs = await apiCall<{ status: string }[]>(page, 'GET', '/api/jobs');
    const active = () => jobs.filter((j) => !['closed', 'filled'].includes(j.status)).length;
    while (active() < 9) {
      const created = { status: 'open', title: `Head of Polish ${jobs.length}` };
      await apiCall(page, 'POST', '/api/jobs', { title: created.title });
      jobs.push(created);
    }
    const total = active();
    await page.goto('/');
    const paging = page.getByTestId('active-jobs-paging');
    await paging.getByText(`1–8 of ${total} active jobs`).waitFor();
    expect(await page.getByTestId('job-row').count()).toBe(8);
    await paging.getByRole('button', { name: 'Next jobs' }).click();
    await paging.getByText(new RegExp(`^9(–${total})? of ${total} active jobs$`)).waitFor();
    expect(await page.getByTestId('job-row').count()).toBe(total - 8);
    await paging.getByRole('link', { name: 'View all jobs' }).click();
    await page.waitForURL((url) => url.pathname === '/jobs');

    // View All: the feed screen, 25 lines a page
    await page.goto('/');
    await page.getByRole('link', { name: 'View All', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/activity');
    await page.getByRole('heading', { level: 1, name: 'Activity' }).waitFor();
    const items = page.getByRole('list', { name: 'Activity feed' }).getByTestId('activity-item');
    await expect.poll(() => items.count()).toBe(25);
    await page.getByRole('button', { name: 'Load older activities' }).click();
    await expect.poll(() => items.count()).toBe(50);
    const texts = await items.allTextContents();
    expect(new Set(texts).size).toBeGreaterThan(40);

    // by type
    await page.getByRole('combobox', { name: /Type/ }).click();
    await page.getByRole('option', { name: 'Placements' }).click();
    await page.waitForURL((url) => url.searchParams.get('type') === 'placement');
    await expect.poll(async () => (await items.allTextContents()).every((t) => t.includes('was placed as'))).toBe(true);
    expect(await items.count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Clear filters' }).click();

    // by user, live: Ben adds a candidate while Ann watches his lines
    const ben = await (await newContext(w.browser, w.app.url)).newPage();
    await signIn(ben, w.ben.email, w.ben.password);
    await apiCall(ben, 'POST', '/api/candidates', {
      firstName: 'Zadie',
      lastName: 'Feedwell',
      email: 'zadie.feedwell@example.com',
      currentTitle: 'CFO',
    });
    await page.reload();
    await page.getByRole('combobox', { name: /User/ }).click();
    await page.getByRole('option', { name: 'Ben Stone' }).click();
    await items.filter({ hasText: 'Zadie Feedwell was added as a candidate by Ben Stone' }).waitFor();
    // only Ben's lines (his moves and additions), none of Ann's
    await expect.poll(async () => (await items.allTextContents()).every((t) => t.includes('Ben Stone'))).toBe(true);
    const bens = await items.count();
    await apiCall(ben, 'POST', '/api/candidates', {
      firstName: 'Yuri',
      lastName: 'Feedwell',
      email: 'yuri.feedwell@example.com',
      currentTitle: 'COO',
    });
    await items.filter({ hasText: 'Yuri Feedwell was added as a candidate by Ben Stone' }).waitFor({ timeout: 3000 });
    expect(await items.count()).toBe(bens + 1);

    // by date: nothing tomorrow
    const tomorrow = new Date(Date.now() + 86_400_000);
    const day = `${tomorrow.getFullYear()}-${String(tomorrow.getMonth() + 1).padStart(2, '0')}-${String(tomorrow.getDate()).padStart(2, '0')}`;
    await page.getByLabel('From').fill(day);
    await page.getByText('No activities match these filters').waitFor();
    await shot(page, 'activity-filtered-empty');
    await ben.context().close();
    await context.close();
  });

  describe.each([
    ['1440x900', DESKTOP],
    ['1280x720', { width: 1280, height: 720 }],
    ['390x844', PHONE],
  ] as const)('layout at %s', (size, viewport) => {
    it.each(['light', 'dark'] as const)('%s', async (scheme) => {
      const context = await newContext(w.browser, w.app.url, viewport);
      await context.addInitScript((mode) => localStorage.setItem('joy-mode', mode), scheme);
      const page = await context.newPage();
      await signIn(page, w.ann.email, w.ann.password);
      const name = (screen: string) => `${size}-${scheme}-${screen}`;

      // Dashboard: every card fills its grid cell (no blank block), Status of the jobs table in view
      await page.getByTestId('job-row').first().waitFor();
      await page.getByTestId('activity-item').first().waitFor();
      const gaps = await page
        .getByTestId('dashboard-grid')
        .evaluate((grid) =>
          Array.from(grid.children).map(
            (cell) => cell.getBoundingClientRect().height - cell.firstElementChild!.getBoundingClientRect().height,
          ),
        );
      for (const gap of gaps) expect(Math.abs(gap)).toBeLessThan(2);
      const status = page.getByRole('table', { name: 'Active jobs' }).getByRole('columnheader', { name: 'Status' });
      expect(await isInView(status), 'jobs table Status is in view').toBe(true);
      await shot(page, name('dashboard'));
      await page.getByRole('table', { name: 'Active jobs' }).scrollIntoViewIfNeeded();
      await shot(page, name('dashboard-jobs'));

      // Candidates: no card action alone on a row
      await page.goto('/candidates');
      await page.getByTestId('card-actions').first().waitFor();
      const rows = await page.getByTestId('card-actions').evaluateAll((rowsOf) =>
        rowsOf.slice(0, 3).map((row) => {
          const tops = Array.from(row.querySelectorAll('button')).map((b) => Math.round(b.getBoundingClientRect().top));
          return [...new Set(tops)].map((top) => tops.filter((t) => t === top).length);
        }),
      );
      for (const perRow of rows) for (const count of perRow) expect(count, `buttons per row ${perRow.join('+')}`).toBeGreaterThan(1);
      await shot(page, name('candidates'));

      // Candidate detail: the e-mail breaks only after "@" or ".", the tabs scroll with a hint
      const candidates = await apiCall<{ id: number; email: string }[]>(page, 'GET', '/api/candidates?limit=100');
      const longest = candidates.reduce((a, b) => (b.email.length > a.email.length ? b : a));
      await page.goto(`/candidates/${longest.id}`);
      const email = page.getByTestId('candidate-email');
      await email.waitFor();
      expect(await email.evaluate(breaksOnlyAtBoundaries), 'e-mail broken mid-word').toBe(true);
      const tabs = page.getByRole('tablist');
      const tabFit = await tabs.evaluate((el) => ({
        overflows: el.scrollWidth > el.clientWidth + 1,
        hint: el.getAttribute('data-scroll-hint'),
        scrollable: getComputedStyle(el).overflowX === 'auto',
      }));
      expect(tabFit.scrollable).toBe(true);
      if (tabFit.overflows) expect(tabFit.hint).toBe('right');
      await shot(page, name('candidate-detail'));

      // Pipeline: the columns reach down the window, hidden columns are named, the job filter shows its whole title
      const jobs = await apiCall<{ id: number; title: string }[]>(page, 'GET', '/api/jobs');
      const longTitle = jobs.reduce((a, b) => (b.title.length > a.title.length ? b : a));
      await page.goto(`/jobs/pipeline?job=${longTitle.id}`);
      await page.locator('[data-testid^="application-card-"]:not([data-testid="application-card-skeleton"])').first().waitFor();
      const list = page.getByTestId('pipeline-column-list-applied');
      const reach = await list.evaluate((el) => {
        const max = parseFloat(getComputedStyle(el).maxHeight);
        return el.getBoundingClientRect().top + max - window.innerHeight;
      });
      expect(Math.abs(reach), 'column lists end near the bottom of the window').toBeLessThan(160);
      const board = page.getByTestId('pipeline-board');
      const hidden = await board.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
      if (hidden) {
        const hint = page.getByTestId('pipeline-scroll-hint');
        await hint.getByText(/More stages: .*Rejected/).waitFor();
      }
      const filter = page.locator('#pipeline-job-button');
      await expect.poll(() => filter.textContent()).toContain(longTitle.title);
      const fits = await filter.evaluate((el) => {
        const text = el.querySelector('span') ?? el;
        return text.scrollWidth <= text.clientWidth + 1;
      });
      if (!fits) expect(await filter.getAttribute('title')).toBe(longTitle.title);
      await shot(page, name('pipeline'));

      // The feed screen
      await page.goto('/activity');
      await page.getByTestId('activity-item').first().waitFor();
      await shot(page, name('activity'));

      // 404: a way home
      await page.goto('/no/such/page');
      await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
      await shot(page, name('404'));
      await page.getByRole('link', { name: 'Back to Dashboard' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await context.close();
    });
  });
});

function overlaps(a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** Whether an element is inside the window and not clipped by a scrolling ancestor. */
async function isInView(locator: ReturnType<Page['locator']>) {
  return locator.evaluate((el) => {
    const rect = el.getBoundingClientRect();
    if (rect.right > window.innerWidth || rect.left < 0) return false;
    for (let parent = el.parentElement; parent; parent = parent.parentElement) {
      const style = getComputedStyle(parent);
      if (style.overflowX === 'visible') continue;
      const box = parent.getBoundingClientRect();
      if (rect.left < box.left - 1 || rect.right > box.right + 1) return false;
    }
    return true;
  });
}

/** In the browser: every line break of the element's text falls after "@" or ".". */
function breaksOnlyAtBoundaries(el: Element): boolean {
  const range = document.createRange();
  const chars: { ch: string; top: number }[] = [];
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent ?? '';
    for (let i = 0; i < text.length; i++) {
      range.setStart(node, i);
      range.setEnd(node, i + 1);
      chars.push({ ch: text[i]!, top: Math.round(range.getBoundingClientRect().top) });
    }
  }
  for (let i = 1; i < chars.length; i++) {
    if (chars[i]!.top > chars[i - 1]!.top && !'@.'.includes(chars[i - 1]!.ch)) return false;
  }
  return true;
}
