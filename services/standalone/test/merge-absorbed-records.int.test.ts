import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Standalone } from '../src/server';
import { type Client, candidateBody, signedIn, startTestApp } from './support/test-app';

/** A merge brings the absorbed record's interviews and tasks to the survivor, with the e-mail the user chose; an unmerge takes them back. */
let app: Standalone;
let recruiter: Client;

beforeAll(async () => {
  app = await startTestApp();
  recruiter = await signedIn(app, 'recruiter', 'Rita');
});
afterAll(async () => {
  await app?.close();
});

const at = (path: string, position: number) => `${path}${path.includes('?') ? '&' : '?'}minPosition=${position}`;
async function ok(res: Promise<{ status: number; json: any }>, status = 200) {
  const r = await res;
  expect(r.status, JSON.stringify(r.json)).toBe(status);
  return r.json;
}
const get = (path: string, position: number) => ok(recruiter.get(at(path, position)));
const interviewIds = async (candidateId: number, position: number) =>
  ((await get(`/api/interviews?candidate=${candidateId}`, position)).items as Array<{ id: number }>).map((i) => i.id).sort();
const taskTitles = async (candidateId: number, position: number) =>
  ((await get(`/api/tasks?scope=all&status=open&related=candidate:${candidateId}`, position)).items as Array<{ title: string }>)
    .map((t) => t.title)
    .sort();

describe('merge: the absorbed record follows the survivor', () => {
  it("shows the absorbed record's interviews and tasks on the survivor, keeps the chosen e-mail (sealed in the log), and an unmerge undoes all of it", async () => {
    const tag = randomUUID().slice(0, 6);
    const emailA = `lovelace.${tag}@merge.example`;
    const emailB = `countess.${tag}@merge.example`;
    const a = await ok(recruiter.post('/api/candidates', candidateBody({ lastName: `Byron${tag}`, email: emailA })), 201);
    const b = await ok(
      recruiter.post('/api/candidates', candidateBody({ lastName: `Byron${tag}`, email: emailB, phone: '+44 20 7946 0202' })),
      201,
    );
    const soon = new Date(Date.now() + 2 * 86_400_000).toISOString();
    const interviewA = await ok(recruiter.post('/api/interviews', { candidateId: a.id, scheduledAt: soon }), 201);
    const interviewB = await ok(recruiter.post('/api/interviews', { candidateId: b.id, scheduledAt: soon }), 201);
    await ok(recruiter.post('/api/tasks', { title: `Call A ${tag}`, relatedTo: { kind: 'candidate', id: a.id } }), 201);
    const taskB = await ok(recruiter.post('/api/tasks', { title: `Call B ${tag}`, relatedTo: { kind: 'candidate', id: b.id } }), 201);
    const seenA = await get(`/api/candidates/${a.id}`, taskB.position);
    const seenB = await get(`/api/candidates/${b.id}`, taskB.position);
    expect(await interviewIds(a.id, taskB.position)).toEqual([interviewA.id]);

    const merged = await ok(
      recruiter.post(`/api/candidates/${a.id}/merge`, {
        absorbedId: b.id,
        choices: { email: 'absorbed', phone: 'absorbed' },
        survivorRevision: seenA.revision,
        absorbedRevision: seenB.revision,
      }),
    );
    const survivor = await get(`/api/candidates/${a.id}`, merged.position);
    expect(survivor).toMatchObject({ email: emailB, phone: '+44 20 7946 0202', mergedFrom: [b.id] });
    expect(await interviewIds(a.id, merged.position)).toEqual([interviewA.id, interviewB.id].sort());
    expect(await taskTitles(a.id, merged.position)).toEqual([`Call A ${tag}`, `Call B ${tag}`]);

    // recorded in the merge event, sealed: the log reads it back, the events table holds no address
    const events = await app.eventStore.readStream(`candidate-${a.id}`);
    const mergeEvent = events.find((e) => e.type === 'CandidatesMerged')!;
    expect(mergeEvent.data).toMatchObject({ changes: { email: emailB }, previous: { email: emailA } });
    const { rows } = await app.sql!.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM events e WHERE type = 'CandidatesMerged' AND e::text ILIKE $1`,
      [`%${tag}@merge%`],
    );
    expect(rows[0]!.n).toBe(0);
    // both addresses stay reserved while merged: neither can be registered anew
    for (const email of [emailA, emailB]) {
      const taken = await recruiter.post('/api/candidates', candidateBody({ email }));
      expect(taken.status).toBe(409);
    }

    const unmerged = await ok(recruiter.post(`/api/candidates/${a.id}/unmerge`, { absorbedId: b.id }));
    expect(await get(`/api/candidates/${a.id}`, unmerged.position)).toMatchObject({ email: emailA, phone: seenA.phone });
    expect(await get(`/api/candidates/${b.id}`, unmerged.position)).toMatchObject({ email: emailB });
    expect(await interviewIds(a.id, unmerged.position)).toEqual([interviewA.id]);
    expect(await interviewIds(b.id, unmerged.position)).toEqual([interviewB.id]);
    expect(await taskTitles(a.id, unmerged.position)).toEqual([`Call A ${tag}`]);
    expect(await taskTitles(b.id, unmerged.position)).toEqual([`Call B ${tag}`]);
  });

  it('keeps the survivor’s e-mail by default', async () => {
    const tag = randomUUID().slice(0, 6);
    const a = await ok(recruiter.post('/api/candidates', candidateBody({ email: `keep.${tag}@merge.example` })), 201);
    const b = await ok(recruiter.post('/api/candidates', candidateBody({ email: `other.${tag}@merge.example` })), 201);
    const merged = await ok(recruiter.post(`/api/candidates/${a.id}/merge`, { absorbedId: b.id }));
    expect(await get(`/api/candidates/${a.id}`, merged.position)).toMatchObject({ email: `keep.${tag}@merge.example` });
  });
});
