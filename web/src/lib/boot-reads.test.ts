import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { APPLICATION_STAGES, contracts } from '@ats/contracts';
import { apiFetch, contractPath } from './api-client';
import { notePosition, resetReadPosition } from './read-position';
import { SIGNED_IN_HINT_COOKIE, SIGNED_IN_HINT_KEY, noteSignedIn } from './boot-reads';

const BOOT_JS = readFileSync(join(import.meta.dirname, '..', '..', 'public', 'boot.js'), 'utf8');

/**
 * Runs public/boot.js as the browser would, at `location`, with the session check answering
 * `status` and the combined dashboard read `combinedStatus`; `chunks` stands for the build's table.
 */
async function runBoot(
  at: string,
  status: number,
  options: { combinedStatus?: number; chunks?: Record<string, string[]>; hint?: string; referrer?: string; cookie?: string } = {},
) {
  const url = new URL(at, 'http://localhost');
  const urls: string[] = [];
  const links: Array<{ rel: string; as?: string; href: string; crossOrigin?: string }> = [];
  const window: Record<string, unknown> = {};
  // the page's first use of Intl costs the main thread (its data loads): counted
  let intlUses = 0;
  const countedIntl = new Proxy(Intl, {
    get: (target, key) => {
      intlUses += 1;
      return Reflect.get(target, key) as unknown;
    },
  });
  const source = options.chunks ? BOOT_JS.replace('{} /*__ATS_ROUTE_CHUNKS__*/', JSON.stringify(options.chunks)) : BOOT_JS;
  runInNewContext(source, {
    window,
    location: { pathname: url.pathname, search: url.search },
    localStorage: { getItem: (key: string) => (key === SIGNED_IN_HINT_KEY ? (options.hint ?? null) : null) },
    document: {
      referrer: options.referrer ?? '',
      cookie: options.cookie ?? '',
      createElement: () => ({}),
      head: { appendChild: (link: (typeof links)[number]) => links.push(link) },
    },
    Intl: countedIntl,
    Response,
    encodeURIComponent,
    fetch: (url: string) => {
      urls.push(url);
      if (url === '/api/auth/user') return Promise.resolve(new Response('{"id":"u1"}', { status }));
      if (url.startsWith(contracts.dashboardFirstScreen.path)) {
        const body = Object.fromEntries(
          ['metrics', 'jobs', 'recentActivities', 'todaysInterviews', 'priorityTasks', 'changes', 'aiAnalytics'].map((part) => [
            part,
            part,
          ]),
        );
        return Promise.resolve(
          new Response(JSON.stringify(body), {
            status: options.combinedStatus ?? 200,
            headers: { 'X-Read-Position': '7', 'X-Log-Head': '9' },
          }),
        );
      }
      return Promise.resolve(new Response(`"${url}"`, { status: 200 }));
    },
  });
  await new Promise((resolve) => setTimeout(resolve, 0));
  return { urls, links, intlUses, reads: window.__atsBootReads as { take(url: string): Promise<Response> | undefined } };
}

afterEach(() => {
  vi.unstubAllGlobals();
  resetReadPosition();
});

describe('boot.js: the first reads start before the app loads', () => {
  it('asks for the session and, signed in on the dashboard, for the combined read of what the dashboard shows', async () => {
    const { urls } = await runBoot('/', 200);
    const tz = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(urls).toEqual([contractPath(contracts.currentUser), contractPath(contracts.dashboardFirstScreen, undefined, { tz, limit: 8 })]);
  });

  it('reads the time zone (Intl) only for the dashboard: the other screens send their reads without it', async () => {
    expect((await runBoot('/', 200, { cookie: 'ats_signed_in=1' })).intlUses).toBeGreaterThan(0);
    for (const path of ['/jobs/pipeline', '/candidates', '/jobs', '/candidates/7']) {
      const { urls, intlUses } = await runBoot(path, 200, { cookie: 'ats_signed_in=1' });
      expect(urls.length).toBeGreaterThan(1);
      expect(intlUses).toBe(0);
    }
  });

  it("answers each of the dashboard's own reads from its part of the combined reply, with its read position", async () => {
    const { reads } = await runBoot('/', 200);
    const tz = Intl.DateTimeFormat().resolvedOptions().timeZone;
    // the URLs the dashboard's query options build: a changed widget read must change boot.js too
    const parts = {
      metrics: contractPath(contracts.dashboardMetrics, undefined, { tz }),
      jobs: contractPath(contracts.listJobs),
      recentActivities: contractPath(contracts.recentActivities, undefined, { limit: 8 }),
      todaysInterviews: contractPath(contracts.todaysInterviews, undefined, { tz }),
      priorityTasks: contractPath(contracts.priorityTasks, undefined, { limit: 8 }),
      changes: contractPath(contracts.analyticsDashboardChanges, undefined, { tz }),
      aiAnalytics: contractPath(contracts.aiAnalytics),
    };
    for (const [part, url] of Object.entries(parts)) {
      const reply = await reads.take(url);
      expect(reply?.headers.get('X-Read-Position')).toBe('7');
      expect(reply?.headers.get('X-Log-Head')).toBe('9');
      await expect(reply?.json()).resolves.toBe(part);
      expect(reads.take(url)).toBeUndefined();
    }
  });

  it('starts the first page of reads of the candidates, jobs, pipeline, candidate, clients and client screens', async () => {
    const auth = contractPath(contracts.currentUser);
    const page = { limit: 30, offset: 0 };
    expect((await runBoot('/candidates', 200)).urls).toEqual([auth, contractPath(contracts.listCandidates, undefined, page)]);
    expect((await runBoot('/jobs', 200)).urls).toEqual([auth, contractPath(contracts.listJobs)]);
    expect((await runBoot('/candidates/12', 200)).urls).toEqual([auth, contractPath(contracts.getCandidate, { id: 12 })]);
    expect((await runBoot('/clients', 200)).urls).toEqual([auth, contractPath(contracts.listClients)]);
    expect((await runBoot('/clients/4', 200)).urls).toEqual([auth, contractPath(contracts.getClient, { id: 4 })]);
    expect((await runBoot('/jobs/pipeline', 200)).urls.sort()).toEqual(
      [
        auth,
        contractPath(contracts.pipelineSummary),
        ...APPLICATION_STAGES.map((stage) => contractPath(contracts.listApplications, undefined, { stage, ...page })),
        contractPath(contracts.listJobs),
      ].sort(),
    );
  });

  it('sends nothing more for a signed-out visitor, for a filtered screen, nor on other screens', async () => {
    expect((await runBoot('/', 401)).urls).toEqual(['/api/auth/user']);
    expect((await runBoot('/candidates', 401)).urls).toEqual(['/api/auth/user']);
    expect((await runBoot('/candidates?search=ada', 200)).urls).toEqual(['/api/auth/user']);
    expect((await runBoot('/jobs/pipeline?job=3', 200)).urls).toEqual(['/api/auth/user']);
    expect((await runBoot('/clients', 401)).urls).toEqual(['/api/auth/user']);
    expect((await runBoot('/settings', 200)).urls).toEqual(['/api/auth/user']);
  });

  it('with the signed-in hint or right after the sign-in form, starts the reads beside the session check', async () => {
    const candidates = contractPath(contracts.listCandidates, undefined, { limit: 30, offset: 0 });
    // the session check refuses: the reads went out anyway (a stale hint costs one load a few 401s)
    expect((await runBoot('/candidates', 401, { hint: '1' })).urls).toEqual(['/api/auth/user', candidates]);
    expect((await runBoot('/candidates', 401, { referrer: 'http://localhost:3000/api/login' })).urls).toEqual([
      '/api/auth/user',
      candidates,
    ]);
    expect((await runBoot('/candidates', 401, { referrer: 'http://localhost:3000/candidates?q=/api/login' })).urls).toEqual([
      '/api/auth/user',
    ]);
    // the hint as a cookie (kept with the session cookie when the storage is not)
    expect((await runBoot('/candidates', 200, { cookie: 'theme=dark; ats_signed_in=1' })).urls).toEqual(['/api/auth/user', candidates]);
    expect((await runBoot('/', 401, { cookie: 'ats_signed_in=10' })).urls).toEqual(['/api/auth/user']);
  });

  it('notes the session check for boot.js: the hint set for a user, cleared when signed out', () => {
    const store = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      setItem: (k: string, v: string) => store.set(k, v),
      removeItem: (k: string) => store.delete(k),
    });
    noteSignedIn(true);
    expect(store.get(SIGNED_IN_HINT_KEY)).toBe('1');
    noteSignedIn(false);
    expect(store.has(SIGNED_IN_HINT_KEY)).toBe(false);
    // storage that refuses is no error: boot.js then waits for the session check
    vi.stubGlobal('localStorage', {
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    });
    expect(() => noteSignedIn(true)).not.toThrow();
  });

  it('notes the hint as a cookie too, and clears it when signed out', () => {
    const written: string[] = [];
    vi.stubGlobal('localStorage', { setItem: () => undefined, removeItem: () => undefined });
    vi.stubGlobal('document', {
      set cookie(value: string) {
        written.push(value);
      },
    });
    noteSignedIn(true);
    noteSignedIn(false);
    expect(written).toEqual([
      `${SIGNED_IN_HINT_COOKIE}=1; max-age=2592000; path=/; SameSite=Lax`,
      `${SIGNED_IN_HINT_COOKIE}=; max-age=0; path=/; SameSite=Lax`,
    ]);
  });

  it("preloads the opened screen's chunks (modulepreload, CSS as a style preload) and no other screen's", async () => {
    const chunks = { pipeline: ['assets/pipeline.lazy-1.js', 'assets/pipeline-2.css'], jobs: ['assets/jobs.lazy-3.js'] };
    const { links } = await runBoot('/jobs/pipeline', 401, { chunks });
    expect(links).toEqual([
      { rel: 'modulepreload', crossOrigin: '', href: '/assets/pipeline.lazy-1.js' },
      { rel: 'preload', as: 'style', crossOrigin: '', href: '/assets/pipeline-2.css' },
    ]);
    expect((await runBoot('/candidates/5', 200, { chunks: { 'candidate-detail': ['assets/c.js'] } })).links).toEqual([
      { rel: 'modulepreload', crossOrigin: '', href: '/assets/c.js' },
    ]);
    expect((await runBoot('/team', 200, { chunks })).links).toEqual([]);
  });

  it('leaves the dashboard reads to the network when the combined read fails', async () => {
    const { reads } = await runBoot('/', 200, { combinedStatus: 500 });
    vi.stubGlobal('window', { __atsBootReads: reads });
    const network = vi.fn(async () => new Response('"from the network"', { status: 200 }));
    vi.stubGlobal('fetch', network);
    await expect(apiFetch('/api/jobs')).resolves.toBe('from the network');
    expect(network).toHaveBeenCalledTimes(1);
  });

  it('apiFetch takes an early reply once, then asks the network', async () => {
    const { reads } = await runBoot('/jobs', 200);
    vi.stubGlobal('window', { __atsBootReads: reads });
    const network = vi.fn(async () => new Response('"from the network"', { status: 200 }));
    vi.stubGlobal('fetch', network);
    await expect(apiFetch('/api/jobs')).resolves.toBe('/api/jobs');
    expect(network).not.toHaveBeenCalled();
    await expect(apiFetch('/api/jobs')).resolves.toBe('from the network');
    expect(network).toHaveBeenCalledTimes(1);
  });

  it('does not use an early reply when the read must include an own write (minPosition)', async () => {
    const { reads } = await runBoot('/', 200);
    vi.stubGlobal('window', { __atsBootReads: reads });
    const network = vi.fn(async () => new Response('"fresh"', { status: 200 }));
    vi.stubGlobal('fetch', network);
    notePosition(42);
    await expect(apiFetch('/api/jobs')).resolves.toBe('fresh');
  });
});
