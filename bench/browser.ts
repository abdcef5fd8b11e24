/**
 * B6, the browser: the pipeline board with 2,000 applications loads and is interactive in ≤ 1 s
 * in Chromium, a drag keeps frames under 50 ms (Performance API in the page), and the initial
 * JavaScript is ≤ 350 KB gzipped; B8 (`browser-live.ts`), live for two users: a drop and a profile
 * edit are drawn on the other user's screen within 100 ms (p95), next to the server-side B1 of the
 * same run; B8 first screens (`browser-first-screens.ts`): sign-in → dashboard with data, and a
 * full reload of each main screen. Run with `pnpm bench:browser` after `node scripts/build.mjs`
 * (`--live` runs the live B8 rows alone, `--first` the first-screen rows alone; `--analytics` the
 * Analytics screen of issue 15 alone, `browser-analytics.ts`).
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { attachCandidateToJob, createClient, createJob, createTask, registerCandidate } from '@ats/command-api';
import { CHROMIUM, launchBrowser, newContext, signIn } from '../web/e2e/support/browser';
import { WEB_DIST, addUser, startServer } from '../web/e2e/support/server';
import { LIVE_TARGET_MS, liveBench, show } from './browser-live';
import { firstScreenRows, firstScreensBench } from './browser-first-screens';
import { analyticsScreenBench } from './browser-analytics';

const APPLICATIONS = process.argv.includes('--first') ? 100 : process.argv.includes('--quick') ? 500 : 2000;
const LIVE_ONLY = process.argv.includes('--live');
const FIRST_ONLY = process.argv.includes('--first');
const log = (msg: string) => process.stdout.write(`[bench:browser] ${msg}\n`);

/** Gzipped size of the JavaScript the first page load fetches: the entry script and its modulepreloads. */
function initialJsKb(): { kb: number; files: string[] } {
  const html = readFileSync(join(WEB_DIST, 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  const bytes = files.reduce((sum, f) => sum + gzipSync(readFileSync(join(WEB_DIST, f))).length, 0);
  return { kb: Math.round(bytes / 102.4) / 10, files };
}

async function main() {
  if (process.argv.includes('--analytics')) return analyticsScreenBench(log);
  const js = initialJsKb();
  log(`initial JS: ${js.kb} KB gzipped (${js.files.length} files)`);
  const app = await startServer();
  try {
    if (LIVE_ONLY) {
      const browser = await launchBrowser();
      const live = await liveBench(app, browser, log);
      await browser.close();
      printRows(liveRows(live));
      return;
    }
    const user = await addUser(app, 'recruiter', 'Bench', 'Browser');
    const call = () => ({
      correlationId: randomUUID(),
      metadata: { now: new Date().toISOString(), actor: { id: user.userId, name: user.name } },
    });
    const jobs: number[] = [];
    for (let j = 0; j < 10; j++) {
      const { id } = await createJob(app.commandApi.deps, call(), {
        title: `Bench Role ${j}`,
        type: 'full-time',
        priority: 'medium',
        status: 'open',
        feePercentage: 20,
      } as never);
      jobs.push(id!);
    }
    const t0 = Date.now();
    let firstCandidate = 0;
    for (let i = 0; i < APPLICATIONS; i++) {
      const { id } = await registerCandidate(app.commandApi.deps, call(), {
        firstName: `Cand${i}`,
        lastName: 'Bench',
        email: `cand${i}.${randomUUID().slice(0, 6)}@bench.example`,
        currentTitle: 'Director',
        skills: ['Strategy', 'M&A', 'Leadership', 'Finance'],
      } as never);
      await attachCandidateToJob(app.commandApi.deps, call(), id!, jobs[i % jobs.length]!);
      firstCandidate ||= id!;
    }
    await app.projector.waitFor(await app.eventStore.headPosition(), 60_000);
    log(`seeded ${APPLICATIONS} applications in ${Date.now() - t0} ms`);

    // the first screens also open the clients, a client and the tasks: a few of each
    let clientId = 0;
    for (let c = 0; c < 5; c++) {
      const { id } = await createClient(app.commandApi.deps, call(), {
        companyName: `Bench Client ${c}`,
        industry: 'Finance',
        priority: 'medium',
        status: 'active',
      } as never);
      clientId ||= id!;
    }
    for (let t = 0; t < 5; t++) {
      await createTask(app.commandApi.deps, call(), {
        title: `Bench task ${t}`,
        priority: 'medium',
        status: 'pending',
        assignedTo: user.userId,
        dueDate: new Date().toISOString().slice(0, 10),
      } as never);
    }
    await app.projector.waitFor(await app.eventStore.headPosition(), 60_000);
    const browser = await launchBrowser();
    if (FIRST_ONLY) {
      const first = await firstScreensBench(browser, app.url, user, { candidateId: firstCandidate, clientId }, log);
      await browser.close();
      printRows(firstScreenRows(first));
      return;
    }
    const context = await newContext(browser, app.url);
    const page = await context.newPage();
    await signIn(page, user.email, user.password);
    await page.goto('/');
    // load: from navigation to the board showing its cards, then two painted frames
    const navStart = Date.now();
    await page.goto('/jobs/pipeline');
    await page
      .locator('[data-testid^="application-card-"]:not([data-testid="application-card-skeleton"])')
      .first()
      .waitFor({ timeout: 30_000 });
    const visibleMs = Date.now() - navStart;
    // interactive: a frame is painted promptly after the cards are up (the main thread is not blocked)
    const frameGap = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const t = performance.now();
          requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now() - t)));
        }),
    );
    const interactiveMs = Date.now() - navStart;
    const cards = await page.locator('[data-testid^="application-card-"]').count();
    log(
      `board: first card after ${visibleMs} ms, interactive after ${interactiveMs} ms (next frames ${Math.round(frameGap)} ms), ${cards} cards in the DOM`,
    );

    // drag: record frame-to-frame times while dragging a card across columns
    const card = page.locator('[data-testid^="application-card-"]:not([data-testid="application-card-skeleton"])').first();
    const box = (await card.boundingBox())!;
    const target = (await page.getByTestId('pipeline-column-interview').boundingBox())!;
    // a string, not a function: the TS runner's name helpers do not exist in the page
    await page.evaluate(`(() => {
      window.__frames = [];
      window.__recording = true;
      let last = performance.now();
      const tick = (t) => { window.__frames.push(t - last); last = t; if (window.__recording) requestAnimationFrame(tick); };
      requestAnimationFrame(tick);
    })()`);
    await page.mouse.move(box.x + box.width / 2, box.y + 20);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 15, box.y + 25, { steps: 3 });
    await page.mouse.move(target.x + target.width / 2, target.y + 100, { steps: 30 });
    await page.mouse.up();
    const frames = (await page.evaluate('(() => { window.__recording = false; return window.__frames.slice(1); })()')) as number[];
    const sorted = [...frames].sort((a, b) => a - b);
    const p99 = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? 0;
    const max = sorted[sorted.length - 1] ?? 0;
    log(`drag: ${frames.length} frames, p99 ${Math.round(p99)} ms, max ${Math.round(max)} ms`);
    await context.close();
    const live = await liveBench(app, browser, log);
    const first = await firstScreensBench(browser, app.url, user, { candidateId: firstCandidate, clientId }, log);
    await browser.close();

    const rows = [
      [
        'B6',
        `pipeline with ${APPLICATIONS} applications: load to interactive`,
        `${interactiveMs} ms (first card ${visibleMs} ms)`,
        '≤ 1 s',
        interactiveMs <= 1000,
      ],
      ['B6', 'drag frame time', `p99 ${Math.round(p99)} ms, max ${Math.round(max)} ms over ${frames.length} frames`, '< 50 ms', max < 50],
      ['B6', 'initial JavaScript', `${js.kb} KB gzipped`, '≤ 350 KB', js.kb <= 350],
      ...liveRows(live),
      ...firstScreenRows(first),
    ] as const;
    printRows(rows);
  } finally {
    await app.close();
  }
}

type Row = readonly [string, string, string, string, boolean];
function liveRows(live: Awaited<ReturnType<typeof liveBench>>): Row[] {
  return [
    ['B8', "A's drop → card drawn in B's column", show(live.moves), `p95 ≤ ${LIVE_TARGET_MS} ms`, live.moves.p95 <= LIVE_TARGET_MS],
    [
      'B8',
      "A's profile edit → B's open profile shows it",
      show(live.edits),
      `p95 ≤ ${LIVE_TARGET_MS} ms`,
      live.edits.p95 <= LIVE_TARGET_MS,
    ],
    ['B1', 'server side, same run: command → changed at B', show(live.server), '(reference)', true],
  ];
}

function printRows(rows: readonly Row[]) {
  process.stdout.write(
    `\n| id | measure | value | target | met |\n|---|---|---|---|---|\n${rows.map((r) => `| ${r[0]} | ${r[1]} | ${r[2]} | ${r[3]} | ${r[4] ? 'yes' : 'no'} |`).join('\n')}\n`,
  );
}

if (!CHROMIUM) throw new Error('no Chromium');
main().catch((error) => {
  process.stderr.write(`${error?.stack ?? error}\n`);
  process.exit(1);
});
