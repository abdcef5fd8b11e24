import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProblemSchema } from '@ats/contracts';
import { ROUTE_BUDGETS } from '@ats/http-kit';
import { signedIn, startTestApp } from './support/test-app';
import type { Standalone } from '../src/server';

let app: Standalone;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const RESUME = ['Jane Doe', 'jane.doe@example.com', '+1 555 0100', 'Chief Financial Officer at Acme', 'Skills: M&A, FP&A'].join('\n');

describe('per-user budgets of the costly routes', () => {
  it(`answers the AI call over ${ROUTE_BUDGETS.ai.points} a minute with 429 problem+json and Retry-After; other users are not affected`, async () => {
    const busy = await signedIn(app, 'recruiter', 'Busy');
    const calm = await signedIn(app, 'recruiter', 'Calm');
    const body = { jobTitle: 'CFO', location: 'New York, NY', skills: ['M&A'] };
    const replies = await Promise.all(
      Array.from({ length: ROUTE_BUDGETS.ai.points + 5 }, () => busy.post('/api/ai/generate-search-strings', body)),
    );
    expect(replies.filter((r) => r.status === 200)).toHaveLength(ROUTE_BUDGETS.ai.points);
    const refused = replies.filter((r) => r.status === 429);
    expect(refused).toHaveLength(5);
    const problem = ProblemSchema.parse(refused[0]!.json);
    expect(refused[0]!.headers.get('content-type')).toContain('application/problem+json');
    expect(problem).toMatchObject({ status: 429, code: 'rate_limited' });
    expect(problem.detail).toMatch(/^Too many AI requests: at most 30 per minute\. Try again in \d+ s\.$/);
    const retryAfter = Number(refused[0]!.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // a different AI route shares the budget; another user has their own
    expect((await busy.post('/api/ai/suggest-actions', {})).status).toBe(429);
    expect((await calm.post('/api/ai/generate-search-strings', body)).status).toBe(200);
    // resume parsing has its own budget
    expect((await busy.post('/api/ai/parse-resume', { resumeText: RESUME })).status).toBe(200);
  });

  it(`answers the resume parse over ${ROUTE_BUDGETS.resumeParsing.points} a minute with 429`, async () => {
    const user = await signedIn(app, 'manager');
    const replies = await Promise.all(
      Array.from({ length: ROUTE_BUDGETS.resumeParsing.points + 2 }, () => user.post('/api/ai/parse-resume', { resumeText: RESUME })),
    );
    expect(replies.filter((r) => r.status === 200)).toHaveLength(ROUTE_BUDGETS.resumeParsing.points);
    const refused = replies.filter((r) => r.status === 429);
    expect(refused).toHaveLength(2);
    expect(ProblemSchema.parse(refused[0]!.json).detail).toMatch(/^Too many resume parses: at most 20 per minute/);
    const file = await user.request('POST', '/api/ai/parse-resume-file', undefined, { 'Content-Type': 'multipart/form-data; boundary=x' });
    expect(file.status).toBe(429);
    expect(file.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('does not count requests the route refuses (bad input, unknown ids)', async () => {
    const user = await signedIn(app, 'recruiter', 'Sloppy');
    for (let i = 0; i < ROUTE_BUDGETS.ai.points + 5; i++) expect((await user.post('/api/ai/generate-search-strings', {})).status).toBe(400);
    expect((await user.post('/api/ai/analyze-candidate/999999', {})).status).toBe(404);
    expect((await user.post('/api/ai/generate-search-strings', { jobTitle: 'CFO' })).status).toBe(200);
  });

  it('still answers signed-out calls with 401, not a budget', async () => {
    const { Client } = await import('@ats/http-kit/testing');
    expect((await new Client(app.url).post('/api/ai/suggest-actions', {})).status).toBe(401);
  });
});
