/**
 * B8, live for two users in Chromium: recruiter A's drop → the card drawn in B's column, and an
 * edit of a candidate's profile by A → B's open profile showing it, each p95 ≤ 100 ms; next to
 * the server side of the same run (B1: command → `changed` at a socket, as `bench/run.ts`).
 */
import { randomUUID } from 'node:crypto';
import { io as connect } from 'socket.io-client';
import type { Browser, Page } from 'playwright-core';
import { attachCandidateToJob, createJob, registerCandidate } from '@ats/command-api';
import { Client } from '@ats/http-kit/testing';
import type { Standalone } from '@ats/standalone';
import { newContext, signIn } from '../web/e2e/support/browser';
import { dragTo } from '../web/e2e/support/pipeline';
import { addUser } from '../web/e2e/support/server';

export const LIVE_TARGET_MS = 100;
const MOVES = 32;
const EDITS = 30;

export interface Stats {
  n: number;
  p50: number;
  p95: number;
  max: number;
}
export function stats(samples: number[]): Stats {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => Math.round(s[Math.min(s.length - 1, Math.floor(s.length * q))] ?? 0);
  return { n: s.length, p50: at(0.5), p95: at(0.95), max: Math.round(s[s.length - 1] ?? 0) };
}
export const show = (s: Stats) => `p50 ${s.p50} ms, p95 ${s.p95} ms, max ${s.max} ms over ${s.n}`;

/** Wall-clock time in the page, to the microsecond (comparable across pages of one browser). */
const NOW = 'performance.timeOrigin + performance.now()';

/** In B's page: resolves with the time of the first frame after `selector` matches (a string, not a function: see browser.ts). */
function watchFor(page: Page, selector: string, text?: string): Promise<number> {
  return page.evaluate(`new Promise((resolve) => {
    const sel = ${JSON.stringify(selector)}, text = ${JSON.stringify(text ?? null)};
    // text: in an element's text or in a (read-only) field's value
    const has = (el) => (el.textContent || '').includes(text) || [...el.querySelectorAll('input, textarea')].some((f) => f.value.includes(text));
    const hit = () => { const el = document.querySelector(sel); return el && (text === null || has(el)); };
    let stop = false;
    const done = () => { stop = true; obs.disconnect(); requestAnimationFrame(() => resolve(${NOW})); };
    const obs = new MutationObserver(() => { if (!stop && hit()) done(); });
    if (hit()) return done();
    obs.observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true });
    // a field's value is a property, not a mutation: look every frame too
    const poll = () => { if (stop) return; if (hit()) done(); else requestAnimationFrame(poll); };
    requestAnimationFrame(poll);
    setTimeout(() => { if (!stop) { stop = true; obs.disconnect(); resolve(-1); } }, 5000);
  })`) as Promise<number>;
}

async function seed(app: Standalone, user: { userId: string; name: string }, n: number) {
  const call = () => ({
    correlationId: randomUUID(),
    metadata: { now: new Date().toISOString(), actor: { id: user.userId, name: user.name } },
  });
  const deps = app.commandApi.deps;
  const { id: jobId } = await createJob(deps, call(), {
    title: 'Live Bench Role',
    type: 'full-time',
    priority: 'high',
    status: 'open',
    feePercentage: 20,
  } as never);
  const candidates: number[] = [];
  for (let i = 0; i < n; i++) {
    const { id } = await registerCandidate(deps, call(), {
      firstName: `Live${i}`,
      lastName: 'Bench',
      email: `live${i}.${randomUUID().slice(0, 6)}@bench.example`,
      currentTitle: 'Director',
      skills: ['Leadership'],
    } as never);
    await attachCandidateToJob(deps, call(), id!, jobId!);
    candidates.push(id!);
  }
  await app.projector.waitFor(await app.eventStore.headPosition(), 60_000);
  return { jobId: jobId!, candidates };
}

/** Server side, as B1: stage change by HTTP → `changed` at a socket in the pipeline room, one at a time. */
async function serverSide(app: Standalone, a: { email: string; password: string }, appIds: number[]): Promise<Stats> {
  const client = await new Client(app.url).login(a.email, a.password);
  const socket = connect(app.url, {
    path: '/socket.io',
    transports: ['websocket'],
    extraHeaders: { Cookie: client.cookie },
    forceNew: true,
    reconnection: false,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  await socket.emitWithAck('join', 'pipeline');
  const samples: number[] = [];
  const stages = ['offer', 'final_interview'];
  for (let i = 0; i < 30; i++) {
    const id = appIds[i % appIds.length]!;
    const arrived = new Promise<number>((resolve) => {
      const on = (msg: { readModel: string; ids: Array<number | string> }) => {
        if (msg.readModel !== 'applications' || !msg.ids.map(Number).includes(id)) return;
        socket.off('changed', on);
        resolve(performance.now());
      };
      socket.on('changed', on);
    });
    const sent = performance.now();
    await client.patch(`/api/applications/${id}/stage`, { stage: stages[Math.floor(i / appIds.length) % 2] });
    samples.push((await arrived) - sent);
  }
  socket.close();
  return stats(samples);
}

export async function liveBench(app: Standalone, browser: Browser, log: (msg: string) => void) {
  const annUser = await addUser(app, 'recruiter', 'Ann', 'Live');
  const benUser = await addUser(app, 'recruiter', 'Ben', 'Live');
  const { jobId, candidates } = await seed(app, annUser, 40);
  const open = async (user: { email: string; password: string }, path: string) => {
    // wide enough for all seven columns: a drop lands where it is aimed, with no board scrolling
    const context = await newContext(browser, app.url, { width: 2200, height: 1000 });
    const page = await context.newPage();
    await signIn(page, user.email, user.password);
    await page.goto(path);
    return { context, page };
  };
  const board = `/jobs/pipeline?job=${jobId}`;
  const a = await open(annUser, board);
  const b = await open(benUser, board);
  const firstCard = '[data-testid^="application-card-"]:not([data-testid="application-card-skeleton"])';
  await Promise.all([a.page.locator(firstCard).first().waitFor(), b.page.locator(firstCard).first().waitFor()]);
  await a.page.evaluate(`window.addEventListener('pointerup', () => { window.__up = ${NOW}; }, true)`);

  // A drags the top card of Applied into Phone Screen or Interview; B's page times the frame that shows it there
  const moveSamples: number[] = [];
  const movedApps: number[] = [];
  for (let i = 0; i < MOVES + 2; i++) {
    const testId = (await a.page.getByTestId('pipeline-column-applied').locator(firstCard).first().getAttribute('data-testid'))!;
    const to = i % 2 === 0 ? 'phone_screen' : 'interview';
    const seen = watchFor(b.page, `[data-testid="pipeline-column-${to}"] [data-testid="${testId}"]`);
    await dragTo(a.page, testId, `pipeline-column-${to}`);
    const [seenAt, upAt] = [await seen, (await a.page.evaluate('window.__up')) as number];
    if (seenAt < 0) {
      await a.page.screenshot({ path: '/tmp/live-a.png' });
      await b.page.screenshot({ path: '/tmp/live-b.png' });
      throw new Error(`B never saw ${testId} in ${to}`);
    }
    if (i >= 2) moveSamples.push(seenAt - upAt); // two warm-up moves (lazy chunks, first socket messages)
    movedApps.push(Number(testId.replace('application-card-', '')));
    await a.page.waitForTimeout(150);
  }
  const moves = stats(moveSamples);
  log(`live move (A's drop → card in B's column): ${show(moves)}`);

  // A saves a new current title for a candidate whose profile B has open
  const candidateId = candidates[0]!;
  await b.page.goto(`/candidates/${candidateId}`);
  await b.page.getByText('Current Job Title').first().waitFor();
  await a.page.goto(`/candidates/${candidateId}`);
  await a.page.getByText('Current Job Title').first().waitFor();
  const editSamples: number[] = [];
  for (let i = 0; i < EDITS + 2; i++) {
    const title = `Chief Bench Officer ${i}-${randomUUID().slice(0, 4)}`;
    const seen = watchFor(b.page, 'main', title);
    const sentAt = (await a.page.evaluate(`(async () => {
      const t = ${NOW};
      const res = await fetch('/api/candidates/${candidateId}', { method: 'PATCH', headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, body: JSON.stringify({ currentTitle: ${JSON.stringify(title)} }) });
      if (!res.ok) throw new Error('edit failed: ' + res.status);
      return t;
    })()`)) as number;
    const seenAt = await seen;
    if (seenAt < 0) {
      await b.page.screenshot({ path: '/tmp/live-b.png' });
      throw new Error(`B's profile never showed "${title}"`);
    }
    if (i >= 2) editSamples.push(seenAt - sentAt);
    await a.page.waitForTimeout(100);
  }
  const edits = stats(editSamples);
  log(`live edit (A's save → B's open profile): ${show(edits)}`);
  await a.context.close();
  await b.context.close();

  const server = await serverSide(app, annUser, movedApps.slice(0, 10));
  log(`server side, same run (B1 equivalent: command → changed at a socket): ${show(server)}`);
  return { moves, edits, server };
}
