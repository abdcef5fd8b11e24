import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall } from './support/api';
import { browserSkipReason, newContext, screenshot, signIn } from './support/browser';
import { addUser, useTwoUserWorld } from './support/server';

/**
 * The auditor's journey (JOURNEYS.md, "a client dispute"): a candidate's History with its field
 * changes and who viewed it, the job's board as of yesterday, and its replay.
 */
const ID = 900_001;
const DAY = 24 * 3600_000;

describe.skipIf(browserSkipReason !== null)('history: an auditor reads the past', () => {
  const w = useTwoUserWorld();
  let auditor: Awaited<ReturnType<typeof addUser>>;

  beforeAll(async () => {
    auditor = await addUser(w.app, 'auditor', 'Audrey', 'Auditor');
    // two days ago Dana attached Jane and moved her to Interview; today Ann moved her on and
    // edited her title. Backdated events go straight into the log (commands take the clock's time).
    const dana = { id: 'u-dana', name: 'Dana Reyes' };
    const ann = { id: w.ann.userId, name: w.ann.name };
    const twoDaysAgo = Date.now() - 2 * DAY;
    // events as the codec writes them (each of these types is at schema version 1); the projector validates them
    const append = async (stream: string, event: { type: string; data: object }, at: number, actor: { id: string; name: string }) => {
      const { type, data } = event;
      const schemaVersion = 1;
      const occurredAt = new Date(at).toISOString();
      await w.app.eventStore.append(
        stream,
        [{ id: randomUUID(), type, data, metadata: { actor, correlationId: randomUUID(), causationId: null, occurredAt, schemaVersion } }],
        { expectedRevision: 'any' },
      );
    };
    const job = { jobId: ID, title: 'Group CFO', department: null, description: null, requirements: null, salaryMin: 250, salaryMax: 320 };
    await append(
      `job-${ID}`,
      {
        type: 'JobCreated',
        data: {
          ...job,
          hourlyRateMin: null,
          hourlyRateMax: null,
          location: 'London',
          type: 'full-time',
          priority: 'high',
          status: 'open',
          clientId: null,
          feePercentage: 25,
        },
      },
      twoDaysAgo,
      dana,
    );
    await append(
      `candidate-${ID}`,
      {
        type: 'CandidateRegistered',
        data: {
          candidateId: ID,
          firstName: 'Jane',
          lastName: 'Doe',
          email: `jane.doe.${randomUUID().slice(0, 6)}@example.com`,
          phone: null,
          mobilePhone: null,
          currentTitle: 'VP Finance',
          currentCompany: 'Orion',
          location: 'London',
          linkedinUrl: null,
          skills: ['Audit'],
          experience: null,
          salaryExpectation: 250,
          summary: null,
          status: 'active',
          resumeFileName: null,
          resumeText: null,
          resumeUploadedAt: null,
        },
      },
      twoDaysAgo + 60_000,
      dana,
    );
    const app = { applicationId: ID, candidateId: ID, jobId: ID };
    await append(
      `application-${ID}`,
      { type: 'ApplicationCreated', data: { ...app, stage: 'applied', appliedAt: new Date(twoDaysAgo + 120_000).toISOString() } },
      twoDaysAgo + 120_000,
      dana,
    );
    await append(
      `application-${ID}`,
      {
        type: 'ApplicationStageChanged',
        data: {
          ...app,
          fromStage: 'applied',
          toStage: 'interview',
          changedBy: dana,
          changedAt: new Date(twoDaysAgo + 3600_000).toISOString(),
        },
      },
      twoDaysAgo + 3600_000,
      dana,
    );
    await append(
      `application-${ID}`,
      {
        type: 'ApplicationStageChanged',
        data: { ...app, fromStage: 'interview', toStage: 'offer', changedBy: ann, changedAt: new Date().toISOString() },
      },
      Date.now(),
      ann,
    );
    await append(
      `candidate-${ID}`,
      { type: 'CandidateUpdated', data: { candidateId: ID, changes: { currentTitle: 'CFO', salaryExpectation: 280 } } },
      Date.now(),
      ann,
    );
    await w.app.projector.waitFor(await w.app.eventStore.headPosition(), 20_000);
  });

  async function auditorPage(): Promise<Page> {
    const context = await newContext(w.browser, w.app.url);
    const page = await context.newPage();
    await signIn(page, auditor.email, auditor.password);
    return page;
  }

  it("opens a candidate's History: field changes, related moves and who viewed it", async () => {
    // Ben (a manager) reads Jane's record: the access log records it off the request path
    const benContext = await newContext(w.browser, w.app.url);
    const ben = await benContext.newPage();
    await signIn(ben, w.ben.email, w.ben.password);
    await apiCall(ben, 'GET', `/api/candidates/${ID}`);
    await expect
      .poll(
        async () => {
          const history = await apiCall<{ entries: Array<{ kind: string }> }>(ben, 'GET', `/api/candidates/${ID}/history`);
          return history.entries.some((e) => e.kind === 'access');
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    await benContext.close();

    const page = await auditorPage();
    await page.goto(`/candidates/${ID}`);
    await page.getByRole('heading', { name: 'Jane Doe', level: 1 }).waitFor();
    await page.getByRole('tab', { name: 'History' }).click();
    const history = page.getByRole('region', { name: 'History of Jane Doe' });
    await history.waitFor();
    const edit = history.getByTestId('history-entry').filter({ hasText: 'Edited the candidate' });
    await expect.poll(() => edit.textContent()).toContain('Current Job Title');
    expect(await edit.textContent()).toContain('VP Finance → CFO');
    expect(await edit.textContent()).toContain('$250,000 → $280,000');
    expect(await edit.textContent()).toContain('Ann Lee');
    const move = history.getByTestId('history-entry').filter({ hasText: 'Moved Jane Doe Interview → Offer' });
    await move.waitFor();
    expect(await move.getByRole('link', { name: 'Group CFO' }).count()).toBe(1);
    await history.getByTestId('history-viewed').filter({ hasText: 'Viewed by Ben Stone' }).waitFor();
    await history.getByTestId('history-entry').filter({ hasText: 'Created the candidate Jane Doe' }).waitFor();
    await screenshot(page, 'history-candidate');
    await page.context().close();
  });

  it("views the job's board as of yesterday (banner, read-only), then replays it", async () => {
    const page = await auditorPage();
    await page.goto(`/jobs/pipeline?job=${ID}`);
    await page.getByRole('button', { name: 'View as of…' }).click();
    const dialog = page.getByRole('dialog', { name: 'View as of…' });
    const yesterday = new Date(Date.now() - DAY);
    const local = new Date(yesterday.getTime() - yesterday.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
    await dialog.getByLabel('Date and time').fill(local);
    await dialog.getByRole('button', { name: 'View' }).click();
    const banner = page.getByTestId('as-of-banner');
    await banner.waitFor();
    expect(await banner.textContent()).toMatch(/You are viewing the board of Group CFO as it was on .+ — read-only/);
    expect(page.url()).toContain('asOf=');
    // yesterday Jane was at Interview (today she is at Offer)
    const interview = page.getByRole('region', { name: 'Interview (1)' });
    await interview.getByText('Jane Doe').waitFor();
    expect(await page.getByRole('region', { name: 'Offer (0)' }).count()).toBe(1);
    await screenshot(page, 'history-board-as-of');

    await banner.getByRole('button', { name: 'Back to now' }).click();
    await expect.poll(() => banner.count()).toBe(0);

    await page.getByRole('button', { name: 'Replay' }).click();
    const replay = page.getByTestId('pipeline-replay');
    await replay.waitFor();
    const caption = replay.getByTestId('replay-caption');
    await expect.poll(() => caption.textContent()).toMatch(/^Dana Reyes attached Jane Doe to Group CFO, /);
    // the slider is keyboard operable: End jumps to the last move
    const slider = replay.getByRole('slider', { name: 'Replay position' });
    await slider.focus();
    await page.keyboard.press('End');
    await expect.poll(() => caption.textContent()).toMatch(/^Ann Lee moved Jane Doe Interview → Offer, /);
    await replay.getByRole('region', { name: 'Offer (1)' }).getByText('Jane Doe').waitFor();
    await page.keyboard.press('Home');
    await replay.getByRole('region', { name: 'Applied (1)' }).getByText('Jane Doe').waitFor();
    // Play moves the card through its history by itself
    await replay.getByRole('button', { name: 'Play', exact: true }).click();
    await replay.getByRole('region', { name: 'Interview (1)' }).getByText('Jane Doe').waitFor({ timeout: 15_000 });
    await replay.getByRole('button', { name: 'Pause', exact: true }).click();
    await replay.getByRole('button', { name: 'Leave replay' }).click();
    await expect.poll(() => replay.count()).toBe(0);
    await page.context().close();
  });

  it("keeps an open History live: another user's note and e-mail about the record appear without a reload", async () => {
    const page = await auditorPage();
    await page.goto(`/candidates/${ID}`);
    await page.getByRole('heading', { name: 'Jane Doe', level: 1 }).waitFor();
    await page.getByRole('tab', { name: 'History' }).click();
    const history = page.getByRole('region', { name: 'History of Jane Doe' });
    await history.getByTestId('history-entry').filter({ hasText: 'Created the candidate Jane Doe' }).waitFor();

    const annContext = await newContext(w.browser, w.app.url);
    const ann = await annContext.newPage();
    await signIn(ann, w.ann.email, w.ann.password);
    const tag = randomUUID().slice(0, 6);
    await apiCall(ann, 'POST', `/api/candidates/${ID}/notes`, { content: `Live note ${tag}` });
    await history
      .getByTestId('history-entry')
      .filter({ hasText: `Added a note: “Live note ${tag}”` })
      .waitFor({ timeout: 10_000 });
    await apiCall(ann, 'POST', `/api/candidates/${ID}/email`, {
      template: 'candidate_outreach',
      customData: { subject: `Live e-mail ${tag}`, message: 'Are you free on Thursday?' },
    });
    await history
      .getByTestId('history-entry')
      .filter({ hasText: `Sent an e-mail: “Live e-mail ${tag}”` })
      .waitFor({ timeout: 10_000 });
    await annContext.close();
    await page.context().close();
  });

  it('says "Showing data as of event N (M behind)" while the read models lag the log, and nothing once they caught up', async () => {
    const page = await auditorPage();
    await page.goto('/candidates');
    await page.getByRole('heading', { name: 'Candidates', level: 1 }).waitFor();
    const hint = page.getByTestId('data-as-of-hint');
    expect(await hint.count()).toBe(0);
    const position = await w.app.eventStore.headPosition();
    await w.app.projector.stop();
    try {
      const annContext = await newContext(w.browser, w.app.url);
      const ann = await annContext.newPage();
      await signIn(ann, w.ann.email, w.ann.password);
      await apiCall(ann, 'POST', `/api/candidates/${ID}/notes`, { content: 'While the projector is away' });
      await annContext.close();
      const head = await w.app.eventStore.headPosition();
      await page.waitForTimeout(1100); // the server asks the head at most once a second
      await page.getByRole('link', { name: 'Dashboard' }).first().click();
      await page.getByRole('link', { name: 'Candidates' }).first().click();
      await hint.waitFor({ timeout: 15_000 });
      expect(await hint.textContent()).toMatch(/^Showing data as of event [\d,]+ \(\d+ behind\)$/);
      const [shownAt, behind] = (await hint.textContent())!.match(/[\d,]+/g)!.map((n) => Number(n.replace(/,/g, '')));
      expect(shownAt).toBeGreaterThanOrEqual(position);
      expect(shownAt! + behind!).toBe(head);
    } finally {
      await w.app.projector.start();
    }
    await expect.poll(() => hint.count(), { timeout: 15_000 }).toBe(0);
    await page.context().close();
  });
});
