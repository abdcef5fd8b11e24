import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DashboardFirstScreenSchema, contracts } from '@ats/contracts';
import type { Standalone } from '../src/server';
import { Client, candidateBody, signedIn, startTestApp } from './support/test-app';

// B8 first screens: the dashboard's first screen in one read, each part what its own read answers
let app: Standalone;
let recruiter: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  app = await startTestApp();
  recruiter = await signedIn(app, 'recruiter', 'Dana');
});
afterAll(async () => {
  await app?.close();
});

const read = (client: Client, path: string, position: number) =>
  client.get(`${path}${path.includes('?') ? '&' : '?'}minPosition=${position}`);

describe('GET /api/dashboard/first-screen', () => {
  it("answers each part exactly as the dashboard's own reads do, including the caller's own writes", async () => {
    const candidate = await recruiter.post('/api/candidates', candidateBody({ firstName: 'Grace', lastName: 'Hopper' }));
    expect(candidate.status).toBe(201);
    const job = await recruiter.post('/api/jobs', { title: 'Chief Navy Officer', status: 'open' });
    expect(job.status).toBe(201);
    const application = await recruiter.post('/api/applications', { candidateId: candidate.json.id, jobId: job.json.id });
    expect(application.status).toBe(201);
    const task = await recruiter.post('/api/tasks', {
      title: 'Call Grace',
      priority: 'high',
      dueDate: new Date().toISOString().slice(0, 10),
    });
    expect(task.status).toBe(201);
    const position = Math.max(...[candidate, job, application, task].map((res) => res.json.position as number));

    const tz = 'Europe/London';
    // read first, right after the writes: minPosition must hold for the combined read too
    const combined = await read(recruiter, `${contracts.dashboardFirstScreen.path}?tz=${tz}&limit=8`, position);
    expect(combined.status).toBe(200);
    const screen = DashboardFirstScreenSchema.parse(combined.json);
    expect(screen.jobs.map((j) => j.title)).toContain('Chief Navy Officer');
    expect(screen.recentActivities.length).toBeGreaterThan(0);
    expect(screen.priorityTasks.map((t) => t.title)).toContain('Call Grace');
    expect(screen.metrics.openPositions).toBe(1);

    const own = async (path: string) => {
      const res = await read(recruiter, path, position);
      expect(res.status).toBe(200);
      return res.json;
    };
    expect(combined.json).toEqual({
      metrics: await own(`/api/dashboard/metrics?tz=${tz}`),
      jobs: await own('/api/jobs'),
      recentActivities: await own('/api/dashboard/recent-activities?limit=8'),
      todaysInterviews: await own(`/api/dashboard/todays-interviews?tz=${tz}`),
      priorityTasks: await own('/api/dashboard/priority-tasks?limit=8'),
      changes: await own(`/api/analytics/dashboard-changes?tz=${tz}`),
      aiAnalytics: await own('/api/dashboard/ai-analytics'),
    });
  });

  it("computes the cards' change labels the same before and after the analytics copy is loaded, and keeps them current", async () => {
    const changes = async (position: number) => {
      const res = await read(recruiter, '/api/analytics/dashboard-changes?tz=UTC', position);
      expect(res.status).toBe(200);
      return res.json;
    };
    const start = await changes(0);
    const ada = await recruiter.post('/api/candidates', candidateBody({ firstName: 'Ada', lastName: 'Byron' }));
    const alan = await recruiter.post('/api/candidates', candidateBody({ firstName: 'Alan', lastName: 'Turing' }));
    const job = await recruiter.post('/api/jobs', {
      title: 'Chief Engine Officer',
      status: 'open',
      salaryMin: 100,
      salaryMax: 200,
      feePercentage: 20,
    });
    const application = await recruiter.post('/api/applications', { candidateId: ada.json.id, jobId: job.json.id });
    const placed = await recruiter.patch(`/api/applications/${application.json.id}/stage`, { stage: 'placed' });
    expect(placed.status).toBe(200);
    // the store path (the dashboard reads this before any analytics screen loaded the copy of every application)
    const fromStore = await changes(placed.json.position);
    expect(fromStore.placementsThisMonth.current).toBe(start.placementsThisMonth.current + 1);
    expect(fromStore.revenueYTD.current).toBe(start.revenueYTD.current + 30_000);
    // Ada was placed (placed candidates are not active); Alan is new and active
    expect(fromStore.activeCandidates.current).toBe(start.activeCandidates.current + 1);
    // the analytics screen loads the copy; the same figures come from it
    const today = new Date().toISOString().slice(0, 10);
    const funnel = await read(recruiter, `/api/analytics/funnel?from=${today}&to=${today}`, placed.json.position);
    expect(funnel.status, funnel.text).toBe(200);
    expect(await changes(placed.json.position)).toEqual(fromStore);
    // a change later: the in-memory spans follow it
    const passive = await recruiter.patch(`/api/candidates/${alan.json.id}`, { status: 'inactive' });
    expect(passive.status).toBe(200);
    expect((await changes(passive.json.position)).activeCandidates.current).toBe(start.activeCandidates.current);
  });

  it('is refused signed out and checks its query like the reads it combines', async () => {
    expect((await new Client(app.url).get(contracts.dashboardFirstScreen.path)).status).toBe(401);
    expect((await recruiter.get(`${contracts.dashboardFirstScreen.path}?limit=0`)).status).toBe(400);
    expect((await recruiter.get(`${contracts.dashboardFirstScreen.path}?tz=Not/AZone`)).status).toBe(400);
  });
});
