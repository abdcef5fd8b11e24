import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ActivityFeedPageSchema, ProblemSchema, contracts } from '@ats/contracts';
import type { Standalone } from '../src/server';
import { candidateBody, signedIn, startTestApp } from './support/test-app';

let app: Standalone;
let rita: Awaited<ReturnType<typeof signedIn>>;
let maria: Awaited<ReturnType<typeof signedIn>>;
let auditor: Awaited<ReturnType<typeof signedIn>>;
let last = 0;
let started = '';
let ritaId = '';
let mariaId = '';

beforeAll(async () => {
  app = await startTestApp();
  rita = await signedIn(app, 'recruiter', 'Rita');
  maria = await signedIn(app, 'manager', 'Maria');
  auditor = await signedIn(app, 'auditor', 'Audrey');
  ritaId = (await rita.get('/api/auth/user')).json.id as string;
  mariaId = (await maria.get('/api/auth/user')).json.id as string;
  started = new Date(Date.now() - 1000).toISOString();
  // Rita adds five candidates; Maria adds a client and places one of Rita's candidates
  const ids: number[] = [];
  for (let i = 0; i < 5; i++) {
    const res = await rita.post('/api/candidates', candidateBody({ firstName: `Feed${i}` }));
    ids.push(res.json.id as number);
  }
  const client = await maria.post('/api/clients', { companyName: 'Orion Partners' });
  const job = await maria.post('/api/jobs', { title: 'Chief Financial Officer', clientId: client.json.id });
  const application = await maria.post('/api/applications', { candidateId: ids[0], jobId: job.json.id });
  const placed = await maria.patch(`/api/applications/${application.json.id}/stage`, { stage: 'placed', fromStage: 'applied' });
  expect(placed.status).toBe(200);
  last = placed.json.position as number;
});
afterAll(async () => {
  await app?.close();
});

const feed = async (query: string) => {
  const res = await auditor.get(`/api/activities?minPosition=${last}${query ? `&${query}` : ''}`);
  expect(res.status).toBe(200);
  return ActivityFeedPageSchema.parse(res.json);
};

describe('the full activity feed (GET /api/activities)', () => {
  it('pages newest first by cursor, every line once, and ends with a null cursor', async () => {
    const seen: string[] = [];
    let cursor: number | null = null;
    let pages = 0;
    do {
      const page = await feed(`limit=3${cursor ? `&before=${cursor}` : ''}`);
      expect(page.items.length).toBeLessThanOrEqual(3);
      seen.push(...page.items.map((a) => a.id));
      const positions = page.items.map((a) => a.position);
      expect(positions).toEqual([...positions].sort((a, b) => b - a));
      cursor = page.nextCursor;
      pages++;
    } while (cursor !== null && pages < 20);
    expect(new Set(seen).size).toBe(seen.length);
    const all = await feed('limit=100');
    expect(all.nextCursor).toBeNull();
    expect(seen).toEqual(all.items.map((a) => a.id));
    expect(pages).toBe(Math.ceil(all.items.length / 3));
  });

  it('filters by type, by user and by date range', async () => {
    const placements = await feed('type=placement');
    expect(placements.items.map((a) => a.description)).toEqual([
      expect.stringMatching(/^Feed0 Lovelace was placed as Chief Financial Officer at Orion Partners by Maria Tester$/),
    ]);
    const ritaLines = await feed(`user=${encodeURIComponent(ritaId)}`);
    expect(ritaLines.items).toHaveLength(5);
    expect(ritaLines.items.every((a) => a.description.endsWith('was added as a candidate by Rita Tester'))).toBe(true);
    expect((await feed(`from=${encodeURIComponent(started)}`)).items.length).toBeGreaterThanOrEqual(8);
    expect((await feed(`to=${encodeURIComponent(started)}`)).items).toEqual([]);
  });

  it('lists who appears in the feed', async () => {
    const res = await auditor.get(`/api/activities/actors?minPosition=${last}`);
    expect(contracts.activityActors.response.parse(res.json)).toEqual(
      expect.arrayContaining([
        { id: ritaId, name: 'Rita Tester' },
        { id: mariaId, name: 'Maria Tester' },
      ]),
    );
  });

  it('refuses bad filters with problem+json field paths', async () => {
    const res = await auditor.get('/api/activities?type=nope&before=-1&from=2025-03-02T00:00:00Z&to=2025-03-01T00:00:00Z');
    expect(res.status).toBe(400);
    const paths = ProblemSchema.parse(res.json).errors?.map((e) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['query.type', 'query.before']));
    const range = await auditor.get('/api/activities?from=2025-03-02T00:00:00Z&to=2025-03-01T00:00:00Z');
    expect(ProblemSchema.parse(range.json).errors).toEqual([{ path: 'query.to', message: 'The end of the range must be after its start' }]);
  });
});
