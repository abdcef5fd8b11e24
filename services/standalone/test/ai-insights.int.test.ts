import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AiInsightsSchema, ProblemSchema } from '@ats/contracts';
import type { Standalone } from '../src/server';
import { Client, candidateBody, signedIn, startTestApp } from './support/test-app';

/** The AI screen's Insights over real HTTP: computed from the interviews and the analytics read models, nothing fixed. */
let app: Standalone;
let rita: Awaited<ReturnType<typeof signedIn>>;
let auditor: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  app = await startTestApp();
  rita = await signedIn(app, 'recruiter', 'Rita');
  auditor = await signedIn(app, 'auditor', 'Audrey');
});
afterAll(async () => {
  await app?.close();
});

const read = async (user: typeof rita, position: number) => {
  const res = await user.get(`/api/analytics/ai-insights?minPosition=${position}`);
  expect(res.status).toBe(200);
  return AiInsightsSchema.parse(res.json);
};

describe('GET /api/analytics/ai-insights', () => {
  it('has no figure before there is anything to measure, and is refused to a signed-out caller', async () => {
    const empty = await read(auditor, 0);
    expect(empty.interviewRating).toEqual({ interviews: 0, mean: null });
    expect(empty.timeToFill).toMatchObject({ jobs: 0, medianDays: null });
    const today = new Date().toISOString().slice(0, 10);
    expect(empty.timeToFill.to).toBe(today);
    expect(Date.parse(empty.timeToFill.to) - Date.parse(empty.timeToFill.from)).toBe(364 * 86_400_000);
    const anonymous = await new Client(app.url).get('/api/analytics/ai-insights');
    expect(anonymous.status).toBe(401);
    ProblemSchema.parse(anonymous.json);
  });

  it('follows completed interviews (their mean rating, cancelled and open ones left out) and placements', async () => {
    const company = await rita.post('/api/clients', { companyName: 'Halcyon Group' });
    const job = await rita.post('/api/jobs', { title: 'General Counsel', clientId: company.json.id, salaryMin: 200, salaryMax: 300 });
    const candidate = await rita.post('/api/candidates', candidateBody());
    const at = new Date(Date.now() - 3 * 86_400_000).toISOString();
    const interview = async () =>
      (
        await rita.post('/api/interviews', {
          candidateId: candidate.json.id,
          jobId: job.json.id,
          scheduledAt: at,
          interviewerName: 'Pat Board',
        })
      ).json.id as number;
    const [first, second, third, open] = [await interview(), await interview(), await interview(), await interview()];
    const complete = async (id: number, rating: number) => {
      const res = await rita.post(`/api/interviews/${id}/complete`, { feedback: 'Clear thinker', rating });
      expect(res.status).toBe(200);
      return res.json.position as number;
    };
    await complete(first, 4);
    let position = await complete(second, 5);
    expect((await read(rita, position)).interviewRating).toEqual({ interviews: 2, mean: 4.5 });
    // a cancelled interview has no rating; one still scheduled neither
    const cancelled = await rita.post(`/api/interviews/${open}/cancel`, { reason: 'Candidate withdrew' });
    expect(cancelled.status).toBe(200);
    position = await complete(third, 2);
    // 4, 5 and 2: 3.7
    expect((await read(rita, position)).interviewRating).toEqual({ interviews: 3, mean: 3.7 });

    const attached = await rita.post('/api/applications', { candidateId: candidate.json.id, jobId: job.json.id });
    const placed = await rita.patch(`/api/applications/${attached.json.id}/stage`, { stage: 'placed' });
    expect(placed.status).toBe(200);
    const fill = (await read(rita, placed.json.position)).timeToFill;
    // opened and filled moments apart: one job, a median of 0.0 days
    expect(fill).toMatchObject({ jobs: 1, medianDays: 0 });
  });
});
