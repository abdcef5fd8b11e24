import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contracts } from '@ats/contracts';
import { apiFetch, contractPath } from './api-client';
import { notePosition, resetReadPosition } from './read-position';

const BOOT_JS = readFileSync(join(import.meta.dirname, '..', '..', 'public', 'boot.js'), 'utf8');

/** Runs public/boot.js as the browser would, at `pathname`, with the session check answering `status`. */
async function runBoot(pathname: string, status: number) {
  const urls: string[] = [];
  const window: Record<string, unknown> = {};
  runInNewContext(BOOT_JS, {
    window,
    location: { pathname },
    Intl,
    encodeURIComponent,
    fetch: (url: string) => {
      urls.push(url);
      return Promise.resolve(
        new Response(url === '/api/auth/user' ? '{"id":"u1"}' : `"${url}"`, { status: url === '/api/auth/user' ? status : 200 }),
      );
    },
  });
  await new Promise((resolve) => setTimeout(resolve, 0));
  return { urls, reads: window.__atsBootReads as { take(url: string): Promise<Response> | undefined } };
}

afterEach(() => {
  vi.unstubAllGlobals();
  resetReadPosition();
});

describe('boot.js: the first reads start before the app loads', () => {
  it('asks for the session and, signed in on the dashboard, for exactly the reads the dashboard makes', async () => {
    const { urls } = await runBoot('/', 200);
    const tz = Intl.DateTimeFormat().resolvedOptions().timeZone;
    // the URLs the dashboard's query options build: a changed widget read must change boot.js too
    expect(urls.sort()).toEqual(
      [
        contractPath(contracts.currentUser),
        contractPath(contracts.dashboardMetrics, undefined, { tz }),
        contractPath(contracts.listJobs),
        contractPath(contracts.recentActivities, undefined, { limit: 8 }),
        contractPath(contracts.todaysInterviews, undefined, { tz }),
        contractPath(contracts.priorityTasks, undefined, { limit: 8 }),
        contractPath(contracts.analyticsDashboardChanges, undefined, { tz }),
        contractPath(contracts.aiAnalytics),
      ].sort(),
    );
  });

  it('sends nothing more for a signed-out visitor, nor on other screens', async () => {
    expect((await runBoot('/', 401)).urls).toEqual(['/api/auth/user']);
    expect((await runBoot('/candidates', 200)).urls).toEqual(['/api/auth/user']);
  });

  it('apiFetch takes an early reply once, then asks the network', async () => {
    const { reads } = await runBoot('/', 200);
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
