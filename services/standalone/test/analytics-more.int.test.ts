import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobHealthSchema, RecruiterActivitySchema, SourceEffectivenessSchema, weekOf } from '@ats/contracts';
import type { Standalone } from '../src/server';
import { candidateBody, signedIn, startTestApp } from './support/test-app';

// Source effectiveness, recruiter activity and job health over the HTTP API, from the real
// projections: a small history made through the commands, figures counted by hand.

let app: Standalone;
let rita: Awaited<ReturnType<typeof signedIn>>;
let maria: Awaited<ReturnType<typeof signedIn>>;
let ritaId = '';
let last = 0;
let jobA = 0;
let jobB = 0;
let clientId = 0;
const today = new Date().toISOString().slice(0, 10);

const track = <T extends { json: any; status: number }>(res: T): T => {
  if (typeof res.json?.position === 'number') last = Math.max(last, res.json.position as number);
  return res;
};

beforeAll(async () => {
  app = await startTestApp();
  rita = await signedIn(app, 'recruiter', 'Rita');
  maria = await signedIn(app, 'manager', 'Maria');
  ritaId = (await rita.get('/api/auth/user')).json.id as string;
  clientId = track(await maria.post('/api/clients', { companyName: 'Orion Partners' })).json.id;
  jobA = track(await maria.post('/api/jobs', { title: 'Chief Financial Officer', clientId })).json.id;
  jobB = track(await maria.post('/api/jobs', { title: 'Chief Operating Officer' })).json.id;
  // Rita adds three candidates: a referral, one from a job board, one without a source
  const referral = track(await rita.post('/api/candidates', candidateBody({ source: 'referral' }))).json.id;
  const board = track(await rita.post('/api/candidates', candidateBody({ source: 'job_board' }))).json.id;
  const unknown = track(await rita.post('/api/candidates', candidateBody())).json.id;
  // referral → job A: to Interview, moved back to Phone Screen, with an interview
  const a1 = track(await rita.post('/api/applications', { candidateId: referral, jobId: jobA })).json.id;
  track(await rita.patch(`/api/applications/${a1}/stage`, { stage: 'interview', fromStage: 'applied' }));
  track(await rita.patch(`/api/applications/${a1}/stage`, { stage: 'phone_screen', fromStage: 'interview' }));
  track(
    await rita.post('/api/interviews', {
      candidateId: referral,
      jobId: jobA,
      scheduledAt: new Date(Date.now() + 86_400_000).toISOString(),
    }),
  );
  // job board → job A: placed by Maria
  const a2 = track(await maria.post('/api/applications', { candidateId: board, jobId: jobA })).json.id;
  track(await maria.patch(`/api/applications/${a2}/stage`, { stage: 'placed', fromStage: 'applied' }));
  // unknown → job B, its application marked as sourced; another attached and detached
  const a3 = track(await rita.post('/api/applications', { candidateId: unknown, jobId: jobB })).json.id;
  expect(track(await rita.patch(`/api/applications/${a3}/source`, { source: 'sourced' })).status).toBe(200);
  const a4 = track(await rita.post('/api/applications', { candidateId: referral, jobId: jobB })).json.id;
  track(await rita.delete(`/api/applications/${a4}`));
  // a note and a call logged (the call is not an e-mail)
  track(await rita.post(`/api/candidates/${referral}/notes`, { content: 'Strong board experience' }));
});
afterAll(async () => {
  await app?.close();
});

const get = async (path: string) => {
  const res = await maria.get(`${path}${path.includes('?') ? '&' : '?'}minPosition=${last}`);
  expect(res.status).toBe(200);
  return res.json;
};

describe('GET /api/analytics/sources', () => {
  it('counts candidates and applications per source, the application’s own source first', async () => {
    const body = SourceEffectivenessSchema.parse(await get(`/api/analytics/sources?from=${today}&to=${today}`));
    const row = (source: string) => body.rows.find((r) => r.source === source);
    expect(row('referral')).toEqual({ source: 'referral', candidates: 1, applications: 1, pastScreening: 1, interviewed: 1, placed: 0 });
    expect(row('job_board')).toEqual({ source: 'job_board', candidates: 1, applications: 1, pastScreening: 1, interviewed: 0, placed: 1 });
    expect(row('sourced')).toEqual({ source: 'sourced', candidates: 0, applications: 1, pastScreening: 0, interviewed: 0, placed: 0 });
    expect(row('unknown')).toMatchObject({ candidates: 1, applications: 0 });
  });

  it('filters by client (its jobs) and restates when a candidate’s source is edited', async () => {
    const ofClient = SourceEffectivenessSchema.parse(await get(`/api/analytics/sources?client=${clientId}`));
    expect(ofClient.rows.reduce((n, r) => n + r.applications, 0)).toBe(2);
    expect(ofClient.rows.find((r) => r.source === 'unknown')!.candidates).toBe(0);
    const unknownId = (await maria.get('/api/candidates?limit=10')).json.find((c: { source: string | null }) => c.source == null).id;
    track(await rita.patch(`/api/candidates/${unknownId}`, { source: 'inbound' }));
    const after = SourceEffectivenessSchema.parse(await get('/api/analytics/sources'));
    expect(after.rows.find((r) => r.source === 'inbound')!.candidates).toBe(1);
    // the application keeps its own source
    expect(after.rows.find((r) => r.source === 'sourced')!.applications).toBe(1);
  });

  it('refuses a malformed range with the field named (400, not 500)', async () => {
    const res = await maria.get('/api/analytics/sources?from=2025-13-45&to=x');
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.json)).toContain('from');
    const reversed = await maria.get('/api/analytics/sources?from=2025-03-02&to=2025-03-01');
    expect(res.status).toBe(400);
    expect(reversed.status).toBe(400);
  });
});

describe('GET /api/analytics/recruiter-activity', () => {
  it('counts each user’s week, and a leaderboard', async () => {
    const body = RecruiterActivitySchema.parse(await get('/api/analytics/recruiter-activity'));
    const rita_ = body.leaderboard.find((u) => u.name.startsWith('Rita'))!;
    expect(rita_).toMatchObject({ candidatesAdded: 3, notes: 1, emails: 0, stageMoves: 2, interviews: 1, placements: 0 });
    const maria_ = body.leaderboard.find((u) => u.name.startsWith('Maria'))!;
    expect(maria_).toMatchObject({ candidatesAdded: 0, stageMoves: 1, placements: 1 });
    // most placements first
    expect(body.leaderboard[0]!.name).toMatch(/^Maria/);
    expect(body.weeks.find((w) => w.userId === ritaId)!.week).toBe(weekOf(new Date().toISOString()));
    const onlyRita = RecruiterActivitySchema.parse(await get(`/api/analytics/recruiter-activity?recruiter=${ritaId}`));
    expect(onlyRita.leaderboard.map((u) => u.userId)).toEqual([ritaId]);
    // a job filter leaves the work on that job only (no candidates added, notes)
    const onJobB = RecruiterActivitySchema.parse(await get(`/api/analytics/recruiter-activity?job=${jobB}`));
    expect(onJobB.leaderboard).toEqual([]);
  });
});

describe('GET /api/analytics/job-health', () => {
  it('lists open jobs with candidates per stage and the last move; a new job is not stale', async () => {
    const body = JobHealthSchema.parse(await get('/api/analytics/job-health'));
    const a = body.rows.find((r) => r.jobId === jobA)!;
    expect(a).toMatchObject({
      clientName: 'Orion Partners',
      daysOpen: 0,
      activeCandidates: 1,
      daysSinceLastMove: 0,
      stale: false,
      flags: [],
    });
    expect(a.stages).toMatchObject({ phone_screen: 1, placed: 1, applied: 0 });
    const b = body.rows.find((r) => r.jobId === jobB)!;
    expect(b.stages.applied).toBe(1);
    track(await maria.delete(`/api/jobs/${jobB}`));
    const after = JobHealthSchema.parse(await get(`/api/analytics/job-health?client=${clientId}`));
    expect(after.rows.map((r) => r.jobId)).toEqual([jobA]);
  });
});

describe('GET /api/analytics/ai-figures', () => {
  it('counts the candidates analysed and those scored 90+ from the read model', async () => {
    const { AiFiguresSchema } = await import('@ats/contracts');
    const before = AiFiguresSchema.parse(await get('/api/analytics/ai-figures'));
    expect(before).toMatchObject({ analyzed: 0, scored: 0, averageScore: null, highScore: 90, highScorers: 0 });
    const id = (await maria.get('/api/candidates?limit=1')).json[0].id as number;
    const analysed = track(await rita.post(`/api/ai/analyze-candidate/${id}`, {}));
    expect(analysed.status).toBe(200);
    const score = (await get(`/api/candidates/${id}`)).aiMatchScore as number;
    const after = AiFiguresSchema.parse(await get('/api/analytics/ai-figures'));
    expect(after).toMatchObject({
      candidates: before.candidates,
      analyzed: 1,
      scored: 1,
      averageScore: Math.round(score),
      highScorers: score >= 90 ? 1 : 0,
    });
  });
});
