import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { apiCall } from './support/api';
import { runAxe } from './support/axe';
import { DESKTOP, browserSkipReason, newContext, screenshot, signIn } from './support/browser';
import { useTwoUserWorld } from './support/server';

const day = (d: Date) => d.toISOString().slice(0, 10);

describe.skipIf(browserSkipReason !== null)('the Analytics screen', () => {
  const w = useTwoUserWorld();
  const to = day(new Date());
  const from = day(new Date(Date.now() - 2 * 365 * 86_400_000));

  async function open(user: { email: string; password: string }, search = `from=${from}&to=${to}`) {
    const context = await newContext(w.browser, w.app.url);
    const page = await context.newPage();
    await signIn(page, user.email, user.password);
    await page.goto(`/analytics?${search}`);
    await page.getByRole('heading', { level: 1, name: 'Analytics' }).waitFor();
    return { context, page };
  }

  it('shows the figures the API computes, filters by client in the URL, a table view and a CSV', async () => {
    const { context, page } = await open(w.ann);
    for (const title of ['Funnel', 'Time in stage', 'Time to fill', 'Placements and fees']) {
      await page.getByRole('heading', { level: 2, name: title }).waitFor();
    }
    const funnel = page.getByTestId('analytics-funnel');
    const all = await w.app.queryApi.queries.analyticsFunnel({ from, to });
    expect(all.cohort).toBeGreaterThan(0);
    await funnel.getByText(`Applications created in the range (${all.cohort})`).waitFor();
    await screenshot(page, 'analytics-desktop', { fullPage: true });

    // the table view holds the same figures
    await funnel.getByRole('button', { name: 'Table' }).click();
    const table = funnel.getByRole('table', { name: 'Funnel' });
    const applied = table.getByRole('row').filter({ hasText: 'Applied' });
    expect(await applied.getByRole('cell').nth(1).textContent()).toBe(String(all.stages[0]!.reached));

    // CSV of that table
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      funnel.getByRole('button', { name: 'Download Funnel as CSV' }).click(),
    ]);
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toBe('Stage,Reached,Pass-through,Rejected at this stage');
    expect(csv).toContain(`Applied,${all.stages[0]!.reached},`);

    // a client filter goes to the URL and narrows every figure
    const clients = await apiCall<Array<{ id: number; companyName: string }>>(page, 'GET', '/api/clients');
    const client = clients[0]!;
    await page.getByRole('combobox', { name: 'Client' }).click();
    await page.getByRole('option', { name: client.companyName, exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('client')).toBe(String(client.id));
    const narrowed = await w.app.queryApi.queries.analyticsFunnel({ from, to, client: client.id });
    await funnel.getByText(`Applications created in the range (${narrowed.cohort})`).waitFor();
    expect(narrowed.cohort).toBeLessThan(all.cohort);

    // a reload keeps the filters
    await page.reload();
    await page.getByTestId('analytics-funnel').getByText(`Applications created in the range (${narrowed.cohort})`).waitFor();
    await page.getByRole('combobox', { name: 'Client' }).getByText(client.companyName).waitFor();
    expect(new URL(page.url()).searchParams.get('client')).toBe(String(client.id));
    await context.close();
  });

  it('updates open charts within a second when someone else places a candidate', async () => {
    const ann = await open(w.ann);
    const ben = await open(w.ben);
    const placements = ann.page.getByTestId('analytics-placements').locator('[data-figure="Placements"]');
    await placements.waitFor();
    const before = Number(await placements.textContent());
    const apps = await w.app.queryApi.queries.listApplications({});
    const offer = apps.find((a) => a.stage === 'offer');
    if (!offer) throw new Error('the demo has an application at offer');
    await apiCall(ben.page, 'PATCH', `/api/applications/${offer.id}/stage`, { stage: 'placed' });
    const started = Date.now();
    await ann.page.waitForFunction(
      ([selector, expected]) => document.querySelector(selector as string)?.textContent === expected,
      ['[data-testid="analytics-placements"] [data-figure="Placements"]', String(before + 1)],
      { timeout: 3000 },
    );
    expect(Date.now() - started).toBeLessThan(1500);
    await ann.context.close();
    await ben.context.close();
  });

  it('reconciles with the dashboard: Placements This Month and Revenue YTD are the analytics figures', async () => {
    const q = w.app.queryApi.queries;
    const now = new Date();
    const today = day(now);
    const [metrics, changes, month, year] = await Promise.all([
      q.dashboardMetrics('UTC', now),
      q.analyticsDashboardChanges('UTC', now),
      q.analyticsPlacements({ from: `${today.slice(0, 7)}-01`, to: today }, now),
      q.analyticsPlacements({ from: `${today.slice(0, 4)}-01-01`, to: today }, now),
    ]);
    expect(year.totals.placements).toBeGreaterThan(0);
    expect(month.totals.placements).toBe(metrics.placementsThisMonth);
    expect(year.totals.fees).toBe(metrics.revenueYTD);
    expect(changes.placementsThisMonth.current).toBe(metrics.placementsThisMonth);
    expect(changes.revenueYTD.current).toBe(metrics.revenueYTD);
    expect(changes.openPositions.current).toBe(metrics.openPositions);
    expect(changes.activeCandidates?.current).toBe(metrics.activeCandidates);
  });

  it('passes axe (WCAG 2.1 AA) with its charts and tables drawn, in light and dark', async () => {
    for (const scheme of ['light', 'dark'] as const) {
      const context = await newContext(w.browser, w.app.url, DESKTOP, { bypassCSP: true });
      await context.addInitScript((mode) => localStorage.setItem('joy-mode', mode), scheme);
      const page = await context.newPage();
      await signIn(page, w.ann.email, w.ann.password);
      await page.goto(`/analytics?from=${from}&to=${to}`);
      await page.getByTestId('analytics-placements').locator('[data-figure="Placements"]').waitFor();
      await page.locator('.recharts-bar-rectangle').first().waitFor();
      await screenshot(page, `analytics-${scheme}`, { fullPage: true });
      const charts = await runAxe(page);
      for (const section of ['funnel', 'time-in-stage', 'time-to-fill', 'placements']) {
        await page.getByTestId(`analytics-${section}`).getByRole('button', { name: 'Table' }).click();
      }
      const tables = await runAxe(page);
      expect([...charts.violations, ...tables.violations].map((v) => `${scheme}: ${v.rule} ${v.nodes.join(' | ')}`)).toEqual([]);
      await context.close();
    }
  });
});
