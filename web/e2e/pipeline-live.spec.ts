import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { attachCandidateToJob, createJob, registerCandidate } from '@ats/command-api';
import { browserSkipReason, newContext, screenshot, signIn } from './support/browser';
import { dragTo, inColumn } from './support/pipeline';
import { useTwoUserWorld } from './support/server';

describe.skipIf(browserSkipReason !== null)('pipeline board, live for two users', () => {
  const w = useTwoUserWorld();

  async function openBoard(user: { email: string; password: string }, options: { live?: boolean; path?: string } = {}) {
    const context = await newContext(w.browser, w.app.url);
    if (options.live === false) await context.route('**/socket.io/**', (route) => route.abort());
    const page = await context.newPage();
    await signIn(page, user.email, user.password);
    await page.goto(options.path ?? '/jobs/pipeline');
    await page.getByRole('heading', { name: 'Recruitment Pipeline' }).waitFor();
    await page.locator('[data-testid^="application-card-"]:not([data-testid="application-card-skeleton"])').first().waitFor();
    return { context, page };
  }

  async function applicationIn(stage: string, skip = 0) {
    const apps = await w.app.queryApi.queries.listApplications({});
    const found = apps.filter((a) => a.stage === stage)[skip];
    if (!found) throw new Error(`no application in ${stage}`);
    return found.id;
  }

  it("shows A's mouse drag on B's board within 2 s, without reload", async () => {
    const a = await openBoard(w.ann);
    const b = await openBoard(w.ben);
    const id = await applicationIn('applied');
    expect(await b.page.getByTestId('pipeline-total').textContent()).toContain('48');
    await screenshot(a.page, 'pipeline-desktop');

    let reloaded = false;
    b.page.on('framenavigated', (frame) => {
      if (frame === b.page.mainFrame()) reloaded = true;
    });
    await dragTo(a.page, `application-card-${id}`, 'pipeline-column-interview');
    await inColumn(a.page, 'interview', id).waitFor({ timeout: 2000 });
    const started = Date.now();
    await inColumn(b.page, 'interview', id).waitFor({ timeout: 2000 });
    const seenAfter = Date.now() - started;
    expect(reloaded).toBe(false);
    expect(seenAfter).toBeLessThan(2000);
    await a.page.getByText('Application updated').first().waitFor();
    // A's own move stays put (no flicker back) once the server confirms it
    await a.page.waitForTimeout(500);
    expect(await inColumn(a.page, 'interview', id).count()).toBe(1);
    const events = await w.app.eventStore.readStream(`application-${id}`);
    expect(events.at(-1)).toMatchObject({
      type: 'ApplicationStageChanged',
      data: { fromStage: 'applied', toStage: 'interview', changedBy: { name: 'Ann Lee' } },
    });
    await a.context.close();
    await b.context.close();
  });

  it('moves a card with the keyboard', async () => {
    const b = await openBoard(w.ben);
    const id = await applicationIn('offer');
    const card = b.page.getByTestId(`application-card-${id}`);
    await card.focus();
    // dnd-kit measures the columns on the frame after pick-up; a person is never faster than that
    await b.page.keyboard.press('Space');
    await b.page.waitForTimeout(150);
    await b.page.keyboard.press('ArrowRight');
    await b.page.waitForTimeout(150);
    await b.page.keyboard.press('Space');
    // a placement asks for the agreed salary first
    await b.page
      .getByRole('dialog', { name: /^Place / })
      .getByRole('button', { name: 'Confirm placement' })
      .click();
    await inColumn(b.page, 'placed', id).waitFor({ timeout: 3000 });
    await b.page.getByText('Application updated').first().waitFor();
    const events = await w.app.eventStore.readStream(`application-${id}`);
    // a move to placed also records the placement after the stage change
    const moved = events.filter((e) => e.type === 'ApplicationStageChanged').at(-1);
    expect(moved).toMatchObject({ data: { fromStage: 'offer', toStage: 'placed', changedBy: { name: 'Ben Stone' } } });
    await b.context.close();
  });

  it('snaps a stale move back and says who moved the card', async () => {
    // B's board gets no live updates, so it still shows the card where it was
    const b = await openBoard(w.ben, { live: false });
    const a = await openBoard(w.ann);
    const id = await applicationIn('phone_screen');
    await dragTo(a.page, `application-card-${id}`, 'pipeline-column-final_interview');
    await inColumn(a.page, 'final_interview', id).waitFor();
    await a.page.getByText('Application updated').first().waitFor();

    await dragTo(b.page, `application-card-${id}`, 'pipeline-column-rejected');
    await b.page
      // the toast names the card: its candidate and its job
      .getByText(/Ann Lee moved \S.* for \S.* to Final Interview/)
      .first()
      .waitFor({ timeout: 5000 });
    await inColumn(b.page, 'final_interview', id).waitFor({ timeout: 5000 });
    expect(await inColumn(b.page, 'rejected', id).count()).toBe(0);
    await screenshot(b.page, 'pipeline-stale-move');
    const events = await w.app.eventStore.readStream(`application-${id}`);
    expect(events.at(-1)).toMatchObject({ data: { toStage: 'final_interview' } });
    await a.context.close();
    await b.context.close();
  });

  it('loads a column 30 cards at a time, the next page as its list is scrolled', async () => {
    const call = () => ({
      correlationId: randomUUID(),
      metadata: { now: new Date().toISOString(), actor: { id: w.ann.userId, name: w.ann.name } },
    });
    const deps = w.app.commandApi.deps;
    const { id: jobId } = await createJob(deps, call(), {
      title: 'Paging Role',
      type: 'full-time',
      priority: 'medium',
      status: 'open',
      feePercentage: 20,
    } as never);
    for (let i = 0; i < 35; i++) {
      const { id } = await registerCandidate(deps, call(), {
        firstName: `Pager${i}`,
        lastName: 'Scroll',
        email: `pager${i}.${randomUUID().slice(0, 6)}@paging.example`,
        currentTitle: 'Director',
        skills: ['Strategy'],
      } as never);
      await attachCandidateToJob(deps, call(), id!, jobId!);
    }
    await w.app.projector.waitFor(await w.app.eventStore.headPosition(), 20_000);

    // a deep link to one job's board
    const a = await openBoard(w.ann, { path: `/jobs/pipeline?job=${jobId}` });
    expect(new URL(a.page.url()).searchParams.get('job')).toBe(String(jobId));
    const page = a.page;
    const list = page.getByTestId('pipeline-column-list-applied');
    const cards = list.locator('[data-testid^="application-card-"]');
    // the header counts come from the summary, not from the cards loaded so far
    await page.getByTestId('pipeline-column-count-applied').getByText('35', { exact: true }).waitFor();
    expect(await page.getByTestId('pipeline-total').textContent()).toContain('35 applications');
    // the first page (30): the cards past the first few render right after the board's first paint
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="pipeline-column-list-applied"] [data-testid^="application-card-"]').length === 30,
    );
    expect(await cards.count()).toBe(30);
    await page.getByTestId('pipeline-column-list-offer').getByText('No candidates in this stage').waitFor();

    const nextPage = page.waitForRequest((req) => req.url().includes('stage=applied') && req.url().includes('offset=30'));
    await list.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await nextPage;
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="pipeline-column-list-applied"] [data-testid^="application-card-"]').length === 35,
    );
    // the oldest card (the first registered) is last, newest first
    expect(await cards.last().getAttribute('aria-label')).toContain('Pager0 Scroll');

    // a move updates both columns and the counts at once
    const id = Number((await cards.first().getAttribute('data-testid'))!.replace('application-card-', ''));
    await list.evaluate((el) => el.scrollTo({ top: 0 }));
    await dragTo(page, `application-card-${id}`, 'pipeline-column-offer');
    await inColumn(page, 'offer', id).waitFor({ timeout: 2000 });
    await page.getByTestId('pipeline-column-count-offer').getByText('1', { exact: true }).waitFor({ timeout: 2000 });
    await page.getByTestId('pipeline-column-count-applied').getByText('34', { exact: true }).waitFor();
    await page.getByText('Application updated').first().waitFor();
    expect(await page.getByTestId('pipeline-count-offer').textContent()).toBe('Offer: 1');
    expect(await cards.count()).toBe(34);
    await a.context.close();
  });
});
