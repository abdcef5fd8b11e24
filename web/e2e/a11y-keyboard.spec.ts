import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PHONE, browserSkipReason, newContext, screenshot, signIn } from './support/browser';
import { inColumn } from './support/pipeline';
import { useTwoUserWorld } from './support/server';

/** What has focus: its tag, accessible-ish name and test id, for readable failures. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return 'body';
    return `${el.tagName.toLowerCase()}|${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 60)}|${el.dataset.testid ?? ''}`;
  });

/**
 * Issue 21, the parts axe cannot see: titles, focus after navigation and in the drawer, form
 * errors, the board's keyboard drop and announcements, the search count, 200% zoom.
 */
describe.skipIf(browserSkipReason !== null)('accessibility: keyboard, focus, titles and announcements', () => {
  const w = useTwoUserWorld();

  it('gives every screen and record its own title and moves focus to the new h1 on navigation (not on first load)', async () => {
    const context = await newContext(w.browser, w.app.url);
    const page = await context.newPage();
    await signIn(page, w.ben.email, w.ben.password);
    await page.getByText('Active Job Pipeline').waitFor();
    expect(await page.title()).toBe('Dashboard · TalentFlow');
    // first load: nothing is focused, and the skip link is the first stop
    expect(await focused(page)).toBe('body');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatch(/^a\|Skip to content/);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content');

    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    const titles: Record<string, [link: string, heading: string | RegExp, title: string]> = {
      '/candidates': ['Candidates', 'Candidates', 'Candidates · TalentFlow'],
      '/clients': ['Clients', 'Clients', 'Clients · TalentFlow'],
      '/jobs': ['Job Orders', 'Job Orders', 'Job Orders · TalentFlow'],
      '/jobs/pipeline': ['Pipeline', 'Recruitment Pipeline', 'Pipeline · TalentFlow'],
      '/calendar': ['Calendar', 'Calendar', 'Calendar · TalentFlow'],
      '/tasks': ['Tasks', 'Tasks', 'Tasks · TalentFlow'],
      '/communications': ['Communications', 'Communications', 'Communications · TalentFlow'],
      '/analytics': ['Analytics', 'Analytics', 'Analytics · TalentFlow'],
      '/ai': ['AI Assistant', 'AI-Powered Recruiting', 'AI Assistant · TalentFlow'],
      '/integrations': ['Integrations', 'Integrations', 'Integrations · TalentFlow'],
      '/': ['Dashboard', 'Dashboard', 'Dashboard · TalentFlow'],
    };
    for (const [path, [link, heading, title]] of Object.entries(titles)) {
      await nav.getByRole('link', { name: link, exact: true }).click();
      await page.waitForURL((url) => url.pathname === path);
      const h1 = page.getByRole('heading', { level: 1, name: heading });
      await h1.waitFor();
      await expect.poll(() => page.title(), { message: path }).toBe(title);
      // the new screen's h1 has focus, so a screen reader starts there and says where it is
      await expect.poll(() => h1.evaluate((el) => el === document.activeElement), { message: `${path} h1 focused` }).toBe(true);
    }

    // records: the name first
    const [ada] = await page.evaluate(() =>
      fetch('/api/candidates?search=Ada').then((r) => r.json() as Promise<{ id: number; firstName: string; lastName: string }[]>),
    );
    const [client] = await page.evaluate(() =>
      fetch('/api/clients').then((r) => r.json() as Promise<{ id: number; companyName: string }[]>),
    );
    await page.goto(`/candidates/${ada!.id}`);
    await expect.poll(() => page.title()).toBe(`${ada!.firstName} ${ada!.lastName} · Candidates · TalentFlow`);
    await page.goto(`/clients/${client!.id}`);
    await expect.poll(() => page.title()).toBe(`${client!.companyName} · Clients · TalentFlow`);
    for (const [path, title] of [
      ['/candidates/abc', 'Invalid Candidate ID · Candidates · TalentFlow'],
      ['/candidates/999999', 'Candidate Not Found · Candidates · TalentFlow'],
      ['/team', 'Team · TalentFlow'],
      ['/no/such/page', 'Page Not Found · TalentFlow'],
    ]) {
      await page.goto(path!);
      await expect.poll(() => page.title(), { message: path }).toBe(title);
    }
    // a record reached by a link: focus lands on its h1 once it has loaded
    await page.goto('/candidates?search=Ada');
    await page
      .getByRole('link', { name: `${ada!.firstName} ${ada!.lastName}` })
      .first()
      .click();
    const name = page.getByRole('heading', { level: 1, name: `${ada!.firstName} ${ada!.lastName}` });
    await name.waitFor();
    await expect.poll(() => name.evaluate((el) => el === document.activeElement)).toBe(true);
    await context.close();
  });

  it('runs the phone navigation drawer as a modal: focus in, Escape out to the menu button, a link to the new h1', async () => {
    const context = await newContext(w.browser, w.app.url, PHONE);
    const page = await context.newPage();
    await signIn(page, w.ann.email, w.ann.password);
    await page.getByText('Active Job Pipeline').waitFor();
    const menu = page.getByRole('button', { name: 'Open navigation' });
    await menu.focus();
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: 'Navigation' });
    await drawer.waitFor();
    await expect.poll(() => drawer.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await screenshot(page, 'a11y-drawer-phone');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    await expect.poll(() => focused(page)).toMatch(/^button\|Open navigation/);

    await page.keyboard.press('Enter');
    await drawer.waitFor();
    const link = drawer.getByRole('link', { name: 'Clients', exact: true });
    await link.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/clients');
    const h1 = page.getByRole('heading', { level: 1, name: 'Clients' });
    await h1.waitFor();
    await expect.poll(() => h1.evaluate((el) => el === document.activeElement)).toBe(true);
    // and it stays there (the closing drawer does not pull it back to the menu button)
    await page.waitForTimeout(500);
    expect(await h1.evaluate((el) => el === document.activeElement)).toBe(true);
    await context.close();
  });

  it('marks invalid fields (aria-invalid, described by the message) and focuses the first one', async () => {
    const context = await newContext(w.browser, w.app.url);
    const page = await context.newPage();
    await signIn(page, w.ann.email, w.ann.password);
    for (const [path, open, dialogName, submit, firstLabel] of [
      ['/candidates', 'Add Candidate', 'Add New Candidate', 'Add Candidate', 'First Name'],
      ['/clients', 'Add Client', 'Add New Client', 'Add Client', 'Company Name'],
      ['/jobs', 'Add Job Order', 'Add New Job Order', 'Create Job Order', 'Job Title'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('button', { name: open }).first().click();
      const dialog = page.getByRole('dialog', { name: dialogName });
      await dialog.getByLabel(firstLabel).waitFor();
      const invalid = dialog.locator('[aria-invalid="true"]');
      expect(await invalid.count(), `${dialogName} before submitting`).toBe(0);
      await dialog.getByRole('button', { name: submit }).click();
      await invalid.first().waitFor();
      const field = dialog.getByLabel(firstLabel);
      expect(await field.getAttribute('aria-invalid'), dialogName).toBe('true');
      await expect.poll(() => field.evaluate((el) => el === document.activeElement), { message: `${dialogName} focus` }).toBe(true);
      // the message is the field's description
      const describedBy = await field.getAttribute('aria-describedby');
      expect(describedBy, dialogName).toBeTruthy();
      const message = await page.locator(`[id="${describedBy}"]`).textContent();
      expect(message?.trim().length, dialogName).toBeGreaterThan(0);
      await screenshot(page, `a11y-errors-${path.slice(1)}`);
      // fixing the field clears its invalid state
      await field.fill('Valid value');
      await expect.poll(() => field.getAttribute('aria-invalid'), { message: `${dialogName} fixed` }).toBe(null);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    }
    await context.close();
  });

  it('keeps focus on the card after a keyboard drop and announces pick-up and move once each', async () => {
    const context = await newContext(w.browser, w.app.url);
    const page = await context.newPage();
    await signIn(page, w.ben.email, w.ben.password);
    await page.goto('/jobs/pipeline');
    await page.locator('[data-testid^="application-card-"]:not([data-testid="application-card-skeleton"])').first().waitFor();
    const live = page.locator('[id^="DndLiveRegion"]');
    const apps = await w.app.queryApi.queries.listApplications({});
    const moves = apps.filter((a) => a.stage === 'interview').slice(0, 2);
    expect(moves.length).toBe(2);
    for (const app of moves) {
      const card = page.getByTestId(`application-card-${app.id}`);
      await card.focus();
      await page.keyboard.press('Space');
      // the pick-up is still what the live region says a moment later (not replaced by "is over")
      await page.waitForTimeout(300);
      expect(await live.textContent()).toMatch(/^Picked up /);
      await page.keyboard.press('ArrowRight');
      await page.waitForTimeout(150);
      expect(await live.textContent()).toMatch(/is over the Final Interview column\.$/);
      await page.keyboard.press('Space');
      const moved = inColumn(page, 'final_interview', app.id);
      await moved.waitFor({ timeout: 3000 });
      await expect.poll(() => moved.evaluate((el) => el === document.activeElement), { message: `card ${app.id} focused` }).toBe(true);
      expect(await live.textContent()).toMatch(/was moved from Interview to Final Interview\.$/);
      const toast = page.getByTestId('toast-viewport').locator('li').filter({ hasText: 'Application updated' });
      await toast.waitFor();
      // the toast shows, but is not read out again: neither it nor anything around it is live
      expect(
        await toast.evaluate(
          (el) => el.closest('[aria-live]:not([aria-live="off"]), [role="status"], [role="alert"], [role="log"]') === null,
        ),
      ).toBe(true);
    }
    await context.close();
  });

  it('announces the number of candidates a search finds', async () => {
    const context = await newContext(w.browser, w.app.url);
    const page = await context.newPage();
    await signIn(page, w.ann.email, w.ann.password);
    await page.goto('/candidates');
    await page.locator('[data-testid^="candidate-card-"]:not([data-testid$="skeleton"])').first().waitFor();
    const count = page.getByTestId('candidate-result-count');
    expect(await count.getAttribute('role')).toBe('status');
    expect(await count.textContent()).toBe('');
    await page.getByLabel('Search candidates').fill('Ada');
    await expect.poll(() => count.textContent()).toMatch(/^\d+ candidates found$/);
    const { count: expected } = await page.evaluate(() =>
      fetch('/api/candidates/count?search=Ada').then((r) => r.json() as Promise<{ count: number }>),
    );
    expect(await count.textContent()).toBe(`${expected} candidates found`);
    await context.close();
  });

  it('fits the Active Job Pipeline table at 200% zoom: no sideways scroll, no chip over the count', async () => {
    // 200% zoom of a 1440×900 window is a 720×450 CSS-pixel viewport
    const context = await newContext(w.browser, w.app.url, { width: 720, height: 450 });
    const page = await context.newPage();
    await signIn(page, w.ann.email, w.ann.password);
    const table = page.getByRole('table', { name: 'Active jobs' });
    await table.locator('[data-testid="job-row"]').first().waitFor();
    const layout = await table.evaluate((el) => {
      const scroller = el.parentElement!;
      const overlaps: string[] = [];
      for (const row of el.querySelectorAll('tbody tr')) {
        const cells = [...row.querySelectorAll('td')];
        cells.forEach((cell, i) => {
          const next = cells[i + 1];
          if (!next) return;
          for (const child of cell.querySelectorAll('*')) {
            if (child.getBoundingClientRect().right > next.getBoundingClientRect().left + 0.5) overlaps.push(child.textContent ?? '');
          }
        });
      }
      return { scrolls: scroller.scrollWidth > scroller.clientWidth + 1, overlaps };
    });
    await table.scrollIntoViewIfNeeded();
    await screenshot(page, 'a11y-dashboard-zoom-200');
    expect(layout).toEqual({ scrolls: false, overlaps: [] });
    await context.close();
  });
});
