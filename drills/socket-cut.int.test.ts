/**
 * Drill: a browser whose connection is cut for 5 s while others change things. The real SPA in
 * Chromium talks to the standalone server through a loopback TCP proxy; the proxy drops every
 * open connection (the Socket.IO websocket included) and refuses new ones for 5 s while another
 * user moves cards and attaches a candidate. After the connection is back the board shows every
 * one of those changes, without a reload.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Standalone } from '@ats/standalone';
import { browserSkipReason, launchBrowser, newContext, signIn } from '../web/e2e/support/browser';
import { addUser, loadDemo, startServer } from '../web/e2e/support/server';
import { Client } from '@ats/http-kit/testing';
import { candidateBody } from '@ats/standalone/testing';
import { createProxy, sleep, type CuttableProxy } from './support/harness';

const inColumn = (page: Page, stage: string, applicationId: number) =>
  page.getByTestId(`pipeline-column-${stage}`).getByTestId(`application-card-${applicationId}`);

describe.skipIf(browserSkipReason !== null)('socket cut for 5 s drill', () => {
  let app: Standalone;
  let browser: Browser;
  let proxy: CuttableProxy;

  beforeAll(async () => {
    app = await startServer();
    browser = await launchBrowser();
    proxy = await createProxy(Number(new URL(app.url).port));
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await proxy?.close();
    await app?.close();
  });

  it('shows every change made during the cut after it reconnects', { timeout: 60_000 }, async () => {
    const viewer = await addUser(app, 'recruiter', 'Vera', 'Viewer');
    const mover = await addUser(app, 'manager', 'Max', 'Mover');
    await loadDemo(app, mover);

    const context = await newContext(browser, `http://127.0.0.1:${proxy.port}`);
    const page = await context.newPage();
    await signIn(page, viewer.email, viewer.password);
    await page.goto('/jobs/pipeline');
    await page.getByRole('heading', { name: 'Recruitment Pipeline' }).waitFor();
    await page.locator('[data-testid^="application-card-"]:not([data-testid="application-card-skeleton"])').first().waitFor();

    const apps = await app.queryApi.queries.listApplications({});
    const applied = apps.filter((a) => a.stage === 'applied').slice(0, 3);
    expect(applied.length).toBeGreaterThanOrEqual(2);
    for (const a of applied) await inColumn(page, 'applied', a.id).waitFor();
    // let the socket settle into its rooms before the cut
    await sleep(500);

    const writer = await new Client(app.url).login(mover.email, mover.password);
    proxy.cut();
    const cutAt = Date.now();
    const moves: Array<{ id: number; stage: string }> = [];
    const targets = ['interview', 'offer', 'final_interview'];
    for (const [i, a] of applied.entries()) {
      const res = await writer.patch(`/api/applications/${a.id}/stage`, { stage: targets[i]!, fromStage: 'applied' });
      expect(res.status).toBe(200);
      moves.push({ id: a.id, stage: targets[i]! });
    }
    // a card that did not exist before the cut
    const cand = await writer.post('/api/candidates', candidateBody({ firstName: 'Offline', lastName: 'Arrival' }));
    const attach = await writer.post('/api/applications', { candidateId: cand.json.id, jobId: applied[0]!.jobId });
    expect(attach.status).toBe(201);
    await app.projector.waitFor(attach.json.position, 5000);
    // the page has not seen any of it
    for (const m of moves) expect(await inColumn(page, 'applied', m.id).count()).toBe(1);
    await sleep(Math.max(0, 5000 - (Date.now() - cutAt)));
    proxy.restore();

    // after the reconnect: every change is on the board, without a reload
    for (const m of moves) await inColumn(page, m.stage, m.id).waitFor({ timeout: 20_000 });
    await inColumn(page, 'applied', attach.json.id).waitFor({ timeout: 20_000 });
    for (const m of moves) expect(await inColumn(page, 'applied', m.id).count()).toBe(0);
    await context.close();
  });
});
