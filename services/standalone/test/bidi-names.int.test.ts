import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Standalone } from '../src/server';
import { candidateBody, signedIn, startTestApp } from './support/test-app';

const RLO = '\u202E';
const PDF = '\u202C';

let app: Standalone;
let recruiter: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  app = await startTestApp();
  recruiter = await signedIn(app, 'recruiter', 'Rita');
});
afterAll(async () => {
  await app?.close();
});

describe('a name that opens a bidi override (journey sweep, round six)', () => {
  it('is stored closed, so the words after it on a screen or in a feed line keep their order', async () => {
    const created = await recruiter.post('/api/candidates', candidateBody({ firstName: `Eve${RLO}gnp.exe`, lastName: 'Stone' }));
    expect(created.status).toBe(201);
    const read = await recruiter.get(`/api/candidates/${created.json.id}?minPosition=${created.json.position}`);
    expect(read.json).toMatchObject({ firstName: `Eve${RLO}gnp.exe${PDF}`, lastName: 'Stone' });
    const feed = await recruiter.get(`/api/activities?minPosition=${created.json.position}`);
    const line = feed.json.items.find((a: { entityId: number | null }) => a.entityId === created.json.id);
    expect(line.description).toContain(`Eve${RLO}gnp.exe${PDF} Stone`);

    const job = await recruiter.post('/api/jobs', { title: `CFO${RLO}` });
    const renamed = await recruiter.patch(`/api/jobs/${job.json.id}`, { title: `${RLO}CEO` });
    expect(renamed.status).toBe(200);
    const jobRead = await recruiter.get(`/api/jobs/${job.json.id}?minPosition=${renamed.json.position}`);
    expect(jobRead.json.title).toBe(`${RLO}CEO${PDF}`);
  });
});
