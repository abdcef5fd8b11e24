import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSkipReason, newContext, screenshot, signIn } from './support/browser';
import { runAxe } from './support/axe';
import { addUser, useTwoUserWorld } from './support/server';

describe.skipIf(browserSkipReason !== null)('presence: who else is here, live for two users', () => {
  const w = useTwoUserWorld();

  async function open(user: { email: string; password: string }, path: string) {
    const context = await newContext(w.browser, w.app.url);
    const page = await context.newPage();
    await signIn(page, user.email, user.password);
    await page.goto(path);
    return { context, page };
  }
  const firstCard = '[data-testid^="application-card-"]:not([data-testid="application-card-skeleton"])';
  const alsoHere = (page: Page, text: string) => page.getByText(text, { exact: true });

  it("shows A on B's board, A's avatar on the card A drags, and drops A when A's tab closes", async () => {
    const a = await open(w.ann, '/jobs/pipeline');
    const b = await open(w.ben, '/jobs/pipeline');
    await Promise.all([a.page.locator(firstCard).first().waitFor(), b.page.locator(firstCard).first().waitFor()]);
    await alsoHere(b.page, 'Also here: Ann Lee').waitFor({ timeout: 5000 });
    await alsoHere(a.page, 'Also here: Ben Stone').waitFor({ timeout: 5000 });
    expect(await b.page.getByRole('list', { name: 'Also here: Ann Lee' }).getByRole('img', { name: 'Ann Lee' }).count()).toBe(1);

    // A picks a card up and holds it: B sees A's avatar on that card
    const card = a.page.getByTestId('pipeline-column-applied').locator(firstCard).first();
    const testId = (await card.getAttribute('data-testid'))!;
    const id = testId.replace('application-card-', '');
    const box = (await card.boundingBox())!;
    await a.page.mouse.move(box.x + box.width / 2, box.y + 20);
    await a.page.mouse.down();
    await a.page.mouse.move(box.x + box.width / 2 + 15, box.y + 30, { steps: 5 });
    const badge = b.page.getByTestId(`card-presence-${id}`);
    await badge.waitFor({ timeout: 5000 });
    expect(await badge.getByRole('img', { name: 'Ann Lee is moving this card' }).count()).toBe(1);
    await screenshot(b.page, 'presence-board');
    await a.page.keyboard.press('Escape');
    await a.page.mouse.up();
    await badge.waitFor({ state: 'detached', timeout: 5000 });

    // A opens (focuses) another card: B sees A's avatar on it, and it goes when A leaves it
    const other = a.page.getByTestId('pipeline-column-interview').locator(firstCard).first();
    const otherId = (await other.getAttribute('data-testid'))!.replace('application-card-', '');
    await other.focus();
    const openBadge = b.page.getByTestId(`card-presence-${otherId}`);
    await openBadge.getByRole('img', { name: 'Ann Lee has this card open' }).waitFor({ timeout: 5000 });
    await a.page.getByRole('searchbox', { name: 'Search candidates' }).focus();
    await openBadge.waitFor({ state: 'detached', timeout: 5000 });

    // A's tab closes: gone from B's board within a few seconds
    const closedAt = Date.now();
    await a.page.close();
    await alsoHere(b.page, 'Also here: Ann Lee').waitFor({ state: 'detached', timeout: 5000 });
    expect(Date.now() - closedAt).toBeLessThan(5000);
    await a.context.close();
    await b.context.close();
  });

  it("shows A's avatar on the card A has open on a job's own board (the job page's place)", async () => {
    const jobs = await w.app.queryApi.queries.listJobs();
    const staffed = jobs.find((job) => job.candidateCount > 0)!;
    const a = await open(w.ann, `/jobs/${staffed.id}`);
    const b = await open(w.ben, `/jobs/${staffed.id}`);
    await Promise.all([a.page.locator(firstCard).first().waitFor(), b.page.locator(firstCard).first().waitFor()]);
    await alsoHere(b.page, 'Also here: Ann Lee').waitFor({ timeout: 5000 });
    const card = a.page.locator(firstCard).first();
    const id = (await card.getAttribute('data-testid'))!.replace('application-card-', '');
    await card.focus();
    const badge = b.page.getByTestId(`card-presence-${id}`);
    await badge.getByRole('img', { name: 'Ann Lee has this card open' }).waitFor({ timeout: 5000 });
    await a.page.getByRole('heading', { level: 1 }).click();
    await badge.waitFor({ state: 'detached', timeout: 5000 });
    await a.context.close();
    await b.context.close();
  });

  it("shows A on the candidate B has open, A's typing on the Notes tab, and drops a killed tab", async () => {
    const candidates = await w.app.queryApi.queries.listCandidates({});
    const candidateId = candidates[0]!.id;
    const path = `/candidates/${candidateId}`;
    const b = await open(w.ben, path);
    const a = await open(w.ann, path);
    await alsoHere(b.page, 'Also here: Ann Lee').waitFor({ timeout: 5000 });

    await b.page.getByRole('tab', { name: 'Notes' }).click();
    await a.page.getByRole('tab', { name: 'Notes' }).click();
    await a.page.getByPlaceholder('Write a note about this candidate...').fill('Strong board experience');
    await a.page.getByPlaceholder('Write a note about this candidate...').press('End');
    const indicator = b.page.getByTestId('typing-indicator');
    await b.page.getByText('Ann is writing a note…').waitFor({ timeout: 5000 });
    expect(await indicator.getAttribute('role')).toBe('status');
    await screenshot(b.page, 'presence-typing');
    // sending the note clears the indicator at once
    await a.page.getByRole('button', { name: 'Add Note' }).click();
    await b.page.getByText('Ann is writing a note…').waitFor({ state: 'detached', timeout: 3000 });
    // typing and then going idle clears it after a few seconds
    await a.page.getByPlaceholder('Write a note about this candidate...').pressSequentially('More', { delay: 20 });
    await b.page.getByText('Ann is writing a note…').waitFor({ timeout: 5000 });
    await b.page.getByText('Ann is writing a note…').waitFor({ state: 'detached', timeout: 6000 });

    // A's renderer is killed (no goodbye from the page): gone within a few seconds
    const killedAt = Date.now();
    await a.page.goto('chrome://crash').catch(() => undefined);
    await alsoHere(b.page, 'Also here: Ann Lee').waitFor({ state: 'detached', timeout: 12_000 });
    expect(Date.now() - killedAt).toBeLessThan(12_000);
    await a.context.close().catch(() => undefined);
    await b.context.close();
  });

  it("drops A when A's connection drops (the network goes away, nothing is closed)", async () => {
    const clients = await w.app.queryApi.queries.listClients();
    const path = `/clients/${clients[1]!.id}`;
    const b = await open(w.ben, path);
    const a = await open(w.ann, path);
    await alsoHere(b.page, 'Also here: Ann Lee').waitFor({ timeout: 5000 });
    const droppedAt = Date.now();
    await a.context.setOffline(true);
    // at the latest when Socket.IO's heartbeat expires (ping every 4 s, 4 s to answer)
    await alsoHere(b.page, 'Also here: Ann Lee').waitFor({ state: 'detached', timeout: 12_000 });
    const goneAfter = Date.now() - droppedAt;
    console.log(`[presence] a dropped connection left after ${goneAfter} ms`);
    expect(goneAfter).toBeLessThan(12_000);
    await a.context.close();
    await b.context.close();
  });

  it('marks an auditor read-only, and lets them hide', async () => {
    const auditor = await addUser(w.app, 'auditor', 'Audra', 'Reed');
    const clients = await w.app.queryApi.queries.listClients();
    const clientPath = `/clients/${clients[0]!.id}`;
    const b = await open(w.ben, clientPath);
    const c = await open(auditor, clientPath);
    await alsoHere(b.page, 'Also here: Audra Reed (read-only)').waitFor({ timeout: 5000 });
    await c.page.getByRole('button', { name: 'Visible to others' }).click();
    await alsoHere(b.page, 'Also here: Audra Reed (read-only)').waitFor({ state: 'detached', timeout: 5000 });
    expect(await c.page.getByRole('button', { name: 'Hidden from others' }).getAttribute('aria-pressed')).toBe('true');
    // the choice is kept in the auditor's browser: a reload stays hidden
    await c.page.reload();
    await c.page.getByRole('button', { name: 'Hidden from others' }).waitFor();
    await b.page.waitForTimeout(500);
    expect(await alsoHere(b.page, 'Also here: Audra Reed (read-only)').count()).toBe(0);
    await b.context.close();
    await c.context.close();
  });

  it('passes axe (WCAG 2.1 AA) with avatars, a read-only auditor, the hide toggle and the typing indicator, light and dark', async () => {
    const auditor = await addUser(w.app, 'auditor', 'Ada', 'Audit');
    const candidates = await w.app.queryApi.queries.listCandidates({});
    const path = `/candidates/${candidates[1]!.id}`;
    const a = await open(w.ann, path);
    await a.page.getByRole('tab', { name: 'Notes' }).click();
    for (const scheme of ['light', 'dark'] as const) {
      const themed = async (user: { email: string; password: string }) => {
        const context = await newContext(w.browser, w.app.url, undefined, { bypassCSP: true });
        await context.addInitScript((mode) => localStorage.setItem('joy-mode', mode), scheme);
        const page = await context.newPage();
        await signIn(page, user.email, user.password);
        await page.goto(path);
        return { context, page };
      };
      const b = await themed(w.ben);
      const c = await themed(auditor);
      await b.page.getByRole('tab', { name: 'Notes' }).click();
      await alsoHere(b.page, 'Also here: Ada Audit (read-only), Ann Lee').waitFor({ timeout: 5000 });
      await a.page.getByPlaceholder('Write a note about this candidate...').pressSequentially('Hi', { delay: 20 });
      await b.page.getByText('Ann is writing a note…').waitFor({ timeout: 5000 });
      await c.page.getByRole('button', { name: 'Visible to others' }).waitFor();
      for (const page of [b.page, c.page]) {
        const { violations } = await runAxe(page);
        expect(violations.map((v) => `${scheme}: ${v.rule} ${v.nodes.join(' | ')}`)).toEqual([]);
      }
      await b.context.close();
      await c.context.close();
    }
    await a.context.close();
  });
});
