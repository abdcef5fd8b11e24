import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FunnelSchema, PlacementsReportSchema, ProblemSchema } from '@ats/contracts';
import type { Standalone } from '../src/server';
import { Client, candidateBody, signedIn, startTestApp } from './support/test-app';

/** The analytics endpoints over real HTTP on the embedded store: roles, bad input, and figures that follow the commands. */
let app: Standalone;
let recruiter: Awaited<ReturnType<typeof signedIn>>;
let auditor: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  app = await startTestApp();
  recruiter = await signedIn(app, 'recruiter', 'Rita');
  auditor = await signedIn(app, 'auditor', 'Audrey');
});
afterAll(async () => {
  await app?.close();
});

const today = new Date().toISOString().slice(0, 10);
const range = `from=${today.slice(0, 4)}-01-01&to=${today}`;

describe('GET /api/analytics/*', () => {
  it('is for every role that reads, never for a signed-out caller', async () => {
    for (const figure of ['funnel', 'time-in-stage', 'time-to-fill', 'placements']) {
      expect((await auditor.get(`/api/analytics/${figure}?${range}`)).status).toBe(200);
      expect((await new Client(app.url).get(`/api/analytics/${figure}?${range}`)).status).toBe(401);
    }
    expect((await auditor.get('/api/analytics/dashboard-changes?tz=Europe/Berlin')).status).toBe(200);
  });

  it('answers bad filters with problem+json naming the field', async () => {
    const reversed = await recruiter.get('/api/analytics/funnel?from=2025-05-01&to=2025-04-01');
    expect(reversed.status).toBe(400);
    expect(ProblemSchema.parse(reversed.json).errors).toEqual([
      { path: 'query.to', message: 'The start date must be on or before the end date' },
    ]);
    const bad = await recruiter.get('/api/analytics/placements?from=2025-13-45&to=2025-04-01&client=abc');
    expect(bad.status).toBe(400);
    expect(ProblemSchema.parse(bad.json).errors?.map((e) => e.path)).toEqual(expect.arrayContaining(['query.from', 'query.client']));
    expect((await recruiter.get('/api/analytics/funnel')).status).toBe(400);
  });

  it('follows the commands: attach, place, detach', async () => {
    const company = await recruiter.post('/api/clients', { companyName: 'Northwind Capital' });
    const job = await recruiter.post('/api/jobs', { title: 'CFO', clientId: company.json.id, salaryMin: 200, salaryMax: 300 });
    const candidate = await recruiter.post('/api/candidates', candidateBody());
    const attached = await recruiter.post('/api/applications', { candidateId: candidate.json.id, jobId: job.json.id });
    const scoped = `${range}&client=${company.json.id}`;
    let funnel = FunnelSchema.parse((await recruiter.get(`/api/analytics/funnel?${scoped}&minPosition=${attached.json.position}`)).json);
    expect([funnel.cohort, funnel.stages.find((s) => s.stage === 'placed')!.reached]).toEqual([1, 0]);

    const placed = await recruiter.patch(`/api/applications/${attached.json.id}/stage`, { stage: 'placed' });
    expect(placed.status).toBe(200);
    funnel = FunnelSchema.parse((await recruiter.get(`/api/analytics/funnel?${scoped}&minPosition=${placed.json.position}`)).json);
    expect(funnel.stages.map((s) => s.reached)).toEqual([1, 1, 1, 1, 1, 1]);
    const report = PlacementsReportSchema.parse((await recruiter.get(`/api/analytics/placements?${scoped}`)).json);
    // the job's midpoint salary 250k at the default 20% fee
    expect(report.totals).toEqual({ placements: 1, fees: 50_000 });
    expect(report.byRecruiter).toEqual([{ userId: expect.any(String), name: 'Rita Tester', placements: 1, fees: 50_000 }]);
    expect(report.byClient).toEqual([{ clientId: company.json.id, clientName: 'Northwind Capital', placements: 1, fees: 50_000 }]);
    // the recruiter filter is the job's owner: Rita opened it, the auditor opened none
    const mine = await recruiter.get(`/api/analytics/placements?${range}&recruiter=${report.byRecruiter[0]!.userId}`);
    expect(mine.json.totals.placements).toBeGreaterThanOrEqual(1);
    expect((await recruiter.get(`/api/analytics/placements?${range}&recruiter=nobody`)).json.totals).toEqual({ placements: 0, fees: 0 });

    const detached = await recruiter.delete(`/api/applications/${attached.json.id}`);
    expect(detached.status).toBeLessThan(300);
    funnel = FunnelSchema.parse((await recruiter.get(`/api/analytics/funnel?${scoped}&minPosition=${detached.json.position}`)).json);
    expect(funnel.cohort).toBe(0);
    expect((await recruiter.get(`/api/analytics/placements?${scoped}`)).json.totals).toEqual({ placements: 0, fees: 0 });
  });
});
