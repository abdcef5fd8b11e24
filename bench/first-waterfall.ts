/**
 * B8 first screens, where the time goes (issue 18): one cold load of a screen in Chromium with
 * the network waterfall (each request's start and end from the Resource Timing API, relative to
 * navigation start) and the paint marks, so a render waterfall shows as a gap between requests.
 * `npx tsx bench/first-waterfall.ts [path ...]` after `node scripts/build.mjs`.
 * `--cpu`: instead, 5 cold loads of each main screen until its data shows, with the renderer's
 * main-thread and process CPU time for each (CDP Performance.getMetrics: ThreadTime, ProcessTime), a
 * figure the box's load changes far less than the wall-clock time.
 */
import { randomUUID } from 'node:crypto';
import { attachCandidateToJob, createJob, registerCandidate } from '@ats/command-api';
import { DESKTOP, launchBrowser, newContext, signIn } from '../web/e2e/support/browser';
import { addUser, startServer } from '../web/e2e/support/server';

const paths = process.argv.slice(2).filter((a) => a.startsWith('/'));
const app = await startServer();
try {
  const user = await addUser(app, 'recruiter', 'Bench', 'Browser');
  const call = () => ({
    correlationId: randomUUID(),
    metadata: { now: new Date().toISOString(), actor: { id: user.userId, name: user.name } },
  });
  const { id: job } = await createJob(app.commandApi.deps, call(), {
    title: 'Bench Role',
    type: 'full-time',
    priority: 'medium',
    status: 'open',
    feePercentage: 20,
  } as never);
  let candidate = 0;
  for (let i = 0; i < 20; i++) {
    const { id } = await registerCandidate(app.commandApi.deps, call(), {
      firstName: `Cand${i}`,
      lastName: 'Bench',
      email: `cand${i}.${randomUUID().slice(0, 6)}@bench.example`,
      currentTitle: 'Director',
      skills: ['Strategy'],
    } as never);
    await attachCandidateToJob(app.commandApi.deps, call(), id!, job!);
    candidate ||= id!;
  }
  await app.projector.waitFor(await app.eventStore.headPosition(), 60_000);
  const browser = await launchBrowser();
  const signedIn = await newContext(browser, app.url, DESKTOP);
  await signIn(await signedIn.newPage(), user.email, user.password);
  const cookies = await signedIn.cookies();
  await signedIn.close();
  if (process.argv.includes('--cpu')) {
    const ready: Record<string, string> = {
      '/': `(() => { const m = [...document.querySelectorAll('[data-metric]')]; return m.length === 4 && m.every((e) => !e.querySelector('.MuiSkeleton-root') && e.textContent.trim() !== '') && !!document.querySelector('[data-testid="job-row"]'); })()`,
      '/candidates': `!!document.querySelector('[data-testid^="candidate-card-"]:not([data-testid="candidate-card-skeleton"])')`,
      '/jobs': `!!document.querySelector('[data-testid^="job-card-"]:not([data-testid="job-card-skeleton"])')`,
      '/jobs/pipeline': `!!document.querySelector('[data-testid^="application-card-"]:not([data-testid="application-card-skeleton"])')`,
      [`/candidates/${candidate}`]: `!!document.querySelector('h1') && document.querySelector('h1').textContent.includes('Bench')`,
    };
    for (const [path, predicate] of Object.entries(ready)) {
      const rows: string[] = [];
      for (let round = 0; round < 5; round++) {
        const context = await newContext(browser, app.url, DESKTOP, { bypassCSP: true });
        await context.addCookies(cookies);
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Performance.enable');
        const t = Date.now();
        await page.goto(path);
        await page.waitForFunction(predicate, undefined, { timeout: 20_000, polling: 50 });
        const wall = Date.now() - t;
        const { metrics } = await cdp.send('Performance.getMetrics');
        const m = (name: string) => Math.round((metrics.find((x) => x.name === name)?.value ?? 0) * 1000);
        rows.push(`${wall} ms (main thread CPU ${m('ThreadTime')}, renderer CPU ${m('ProcessTime')}, script ${m('ScriptDuration')})`);
        await context.close();
      }
      process.stdout.write(`${path}: ${rows.join('; ')}\n`);
    }
    await browser.close();
    process.exit(0);
  }
  for (const path of paths.length ? paths : ['/', '/candidates', '/jobs', '/jobs/pipeline', `/candidates/${candidate}`]) {
    const context = await newContext(browser, app.url, DESKTOP, { bypassCSP: true });
    await context.addCookies(cookies);
    const page = await context.newPage();
    await page.goto(path);
    await page.waitForTimeout(4000);
    const lines = (await page.evaluate(`(() => {
      const r = performance.getEntriesByType('resource').map((e) => [Math.round(e.startTime), Math.round(e.responseEnd), e.encodedBodySize, e.name.replace(location.origin, '')]);
      const p = performance.getEntriesByType('paint').map((e) => [Math.round(e.startTime), 0, 0, e.name]);
      const n = performance.getEntriesByType('navigation')[0];
      return [[0, Math.round(n.responseEnd), n.encodedBodySize, 'document'], [Math.round(n.domContentLoadedEventEnd), 0, 0, 'DOMContentLoaded'], ...r, ...p].sort((a, b) => a[0] - b[0]);
    })()`)) as Array<[number, number, number, string]>;
    process.stdout.write(`\n== ${path}\n`);
    for (const [s, e, b, n] of lines)
      process.stdout.write(`${String(s).padStart(6)} ${String(e).padStart(6)} ${String(b).padStart(8)} ${n}\n`);
    await context.close();
  }
  await browser.close();
} finally {
  await app.close();
}
