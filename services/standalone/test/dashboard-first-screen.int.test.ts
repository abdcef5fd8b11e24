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

  it('is refused signed out and checks its query like the reads it combines', async () => {
    expect((await new Client(app.url).get(contracts.dashboardFirstScreen.path)).status).toBe(401);
    expect((await recruiter.get(`${contracts.dashboardFirstScreen.path}?limit=0`)).status).toBe(400);
    expect((await recruiter.get(`${contracts.dashboardFirstScreen.path}?tz=Not/AZone`)).status).toBe(400);
  });
});
