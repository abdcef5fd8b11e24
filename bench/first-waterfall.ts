/**
 * B8 first screens, where the time goes (issue 18): one cold load of a screen in Chromium with
 * the network waterfall (each request's start and end from the Resource Timing API, relative to
 * navigation start) and the paint marks, so a render waterfall shows as a gap between requests.
 * `npx tsx bench/first-waterfall.ts [path ...]` after `node scripts/build.mjs`.
 * `--cpu`: instead, 5 cold loads of each main screen (or of the paths given) until its data shows, with the renderer's
 * main-thread and process CPU time for each (CDP Performance.getMetrics: ThreadTime, ProcessTime), a
 * figure the box's load changes far less than the wall-clock time, and the number and bytes (as
 * sent, compressed) of the requests started before the data showed.
 * The `data shown` line gives the number of elements in the page at that frame (what the first render built).
 * `--rounds=N` repeats each waterfall; `--profile` adds the main thread's CPU profile until the data
 * shows (self time by file and the top functions; `--profile-out=prefix` also writes each profile as
 * `prefix-N.cpuprofile`, which DevTools opens, to map names after `vite build --sourcemap`).
 */
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { attachCandidateToJob, createJob, registerCandidate } from '@ats/command-api';
import { DESKTOP, launchBrowser, newContext, signIn } from '../web/e2e/support/browser';
import { addUser, startServer } from '../web/e2e/support/server';

type Profile = {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number } }>;
  samples?: number[];
  timeDeltas?: number[];
};

/** `--profile`: the main thread's JavaScript until the data shows, self time by file and the top functions. */
function printProfile(profile: Profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const files = new Map<string, number>();
  const functions = new Map<string, number>();
  const samples = profile.samples ?? [];
  samples.forEach((id, i) => {
    const frame = byId.get(id)!;
    const us = profile.timeDeltas?.[i + 1] ?? 0;
    const file = frame.url.replace(/^.*\//, '') || `(${frame.functionName || 'native'})`;
    files.set(file, (files.get(file) ?? 0) + us);
    const fn = `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`;
    functions.set(fn, (functions.get(fn) ?? 0) + us);
  });
  const top = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, us]) => `  ${String(Math.round(us / 1000)).padStart(5)} ms  ${k}`)
      .join('\n');
  process.stdout.write(`self time by file:\n${top(files, 15)}\ntop functions:\n${top(functions, 25)}\n`);
}

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
  // how each main screen tells that it shows its data (as bench/browser-first-screens.ts)
  const ready: Record<string, string> = {
    '/': `(() => { const m = [...document.querySelectorAll('[data-metric]')]; return m.length === 4 && m.every((e) => !e.querySelector('.MuiSkeleton-root') && e.textContent.trim() !== '') && !!document.querySelector('[data-testid="job-row"]'); })()`,
    '/candidates': `!!document.querySelector('[data-testid^="candidate-card-"]:not([data-testid="candidate-card-skeleton"])')`,
    '/jobs': `!!document.querySelector('[data-testid^="job-card-"]:not([data-testid="job-card-skeleton"])')`,
    '/jobs/pipeline': `!!document.querySelector('[data-testid^="application-card-"]:not([data-testid="application-card-skeleton"])')`,
    [`/candidates/${candidate}`]: `!!document.querySelector('h1') && document.querySelector('h1').textContent.includes('Bench')`,
  };
  const signedIn = await newContext(browser, app.url, DESKTOP, { bypassCSP: true });
  const signInPage = await signedIn.newPage();
  await signIn(signInPage, user.email, user.password);
  // the cookies once the dashboard shows its data (as bench/browser-first-screens.ts): by then the
  // app's session check has set the signed-in hint cookie, which lets boot.js start a screen's
  // reads beside the session check; taken earlier, the cold loads waited for the check
  await signInPage.waitForFunction(ready['/']!, undefined, { timeout: 20_000, polling: 50 });
  const cookies = await signedIn.cookies();
  await signedIn.close();
  const rounds = Number(
    process.argv.find((a) => a.startsWith('--rounds='))?.slice('--rounds='.length) ?? (process.argv.includes('--cpu') ? 5 : 1),
  );
  if (process.argv.includes('--cpu')) {
    for (const [path, predicate] of Object.entries(ready)) {
      if (paths.length && !paths.includes(path)) continue;
      const rows: string[] = [];
      for (let round = 0; round < rounds; round++) {
        const context = await newContext(browser, app.url, DESKTOP, { bypassCSP: true });
        await context.addCookies(cookies);
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Performance.enable');
        const t = Date.now();
        await page.goto(path);
        await page.waitForFunction(predicate, undefined, { timeout: 20_000, polling: 50 });
        const wall = Date.now() - t;
        // the requests started before the data showed (the document's own excluded) and their bytes
        const [requests, bytes] = (await page.evaluate(
          `(() => { const r = performance.getEntriesByType('resource'); return [r.length, r.reduce((n, e) => n + e.encodedBodySize, 0)]; })()`,
        )) as [number, number];
        const { metrics } = await cdp.send('Performance.getMetrics');
        const m = (name: string) => Math.round((metrics.find((x) => x.name === name)?.value ?? 0) * 1000);
        rows.push(
          `${wall} ms (main thread CPU ${m('ThreadTime')}, renderer CPU ${m('ProcessTime')}, script ${m('ScriptDuration')}; ${requests} requests, ${(bytes / 1024).toFixed(1)} KB)`,
        );
        await context.close();
      }
      process.stdout.write(`${path}: ${rows.join('; ')}\n`);
    }
    await browser.close();
    process.exit(0);
  }
  for (const path of paths.length ? paths : Object.keys(ready)) {
    for (let round = 0; round < rounds; round++) {
      const context = await newContext(browser, app.url, DESKTOP, { bypassCSP: true });
      await context.addCookies(cookies);
      const page = await context.newPage();
      // the main thread's long tasks (> 50 ms) and the moment the screen first shows its data
      await page.addInitScript(`(() => {
        window.__longTasks = [];
        try { new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__longTasks.push([Math.round(e.startTime), Math.round(e.duration)]); }).observe({ type: 'longtask', buffered: true }); } catch (e) {}
      })()`);
      const profiling = process.argv.includes('--profile');
      const cdp = profiling ? await context.newCDPSession(page) : null;
      if (cdp) {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
        await cdp.send('Profiler.start');
      }
      await page.goto(path);
      const predicate = ready[path];
      if (predicate) {
        // marked by the same frame's check that first sees it
        await page.waitForFunction(
          `(() => { const shown = ${predicate}; if (shown) performance.mark('data shown', { detail: document.getElementsByTagName('*').length }); return shown; })()`,
          undefined,
          {
            timeout: 20_000,
            polling: 'raf',
          },
        );
      }
      if (cdp) {
        const { profile } = await cdp.send('Profiler.stop');
        printProfile(profile);
        const out = process.argv.find((a) => a.startsWith('--profile-out='))?.slice('--profile-out='.length);
        if (out) writeFileSync(`${out}-${round + 1}.cpuprofile`, JSON.stringify(profile));
      }
      await page.waitForTimeout(3000);
      const lines = (await page.evaluate(`(() => {
        const r = performance.getEntriesByType('resource').map((e) => [Math.round(e.startTime), Math.round(e.requestStart ? e.requestStart - e.startTime : -1), Math.round(e.responseStart ? e.responseStart - e.requestStart : -1), Math.round(e.responseEnd), e.encodedBodySize, e.name.replace(location.origin, '')]);
        const p = [...performance.getEntriesByType('paint'), ...performance.getEntriesByName('data shown')].map((e) => [Math.round(e.startTime), 0, 0, 0, 0, e.detail ? e.name + ' (' + e.detail + ' elements in the page)' : e.name]);
        const t = window.__longTasks.map(([s, d]) => [s, 0, 0, s + d, 0, 'long task ' + d + ' ms']);
        const n = performance.getEntriesByType('navigation')[0];
        return [[0, 0, Math.round(n.responseStart - n.requestStart), Math.round(n.responseEnd), n.encodedBodySize, 'document'], [Math.round(n.domContentLoadedEventEnd), 0, 0, 0, 0, 'DOMContentLoaded'], ...r, ...p, ...t].sort((a, b) => a[0] - b[0]);
      })()`)) as Array<[number, number, number, number, number, string]>;
      process.stdout.write(
        `\n== ${path} (round ${round + 1})\n${'start'.padStart(6)} ${'queued'.padStart(6)} ${'wait'.padStart(6)} ${'end'.padStart(6)} ${'bytes'.padStart(8)}\n`,
      );
      for (const [s, q, w, e, b, n] of lines)
        process.stdout.write(`${[s, q, w, e].map((x) => String(x).padStart(6)).join(' ')} ${String(b).padStart(8)} ${n}\n`);
      await context.close();
    }
  }
  await browser.close();
} finally {
  await app.close();
}
