import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectionsOverview } from '@ats/contracts';
import { DEAD_LETTER_COLLECTION, type DeadLetterDoc } from '@ats/projector';
import type { Standalone } from '../src/server';
import { candidateBody, signedIn, startTestApp, type Client } from './support/test-app';

let app: Standalone;
let admin: Client;
let others: Client[];

beforeAll(async () => {
  app = await startTestApp();
  admin = await signedIn(app, 'admin');
  others = [await signedIn(app, 'manager'), await signedIn(app, 'recruiter'), await signedIn(app, 'auditor')];
  for (const lastName of ['Lovelace', 'Hopper'])
    expect((await admin.request('POST', '/api/candidates', candidateBody({ lastName }))).status).toBe(201);
});
afterAll(async () => {
  await app?.close();
});

const overview = async () => {
  const res = await admin.request('GET', '/api/admin/projections');
  expect(res.status).toBe(200);
  return res.json as ProjectionsOverview;
};

/** A dead letter as the projector writes it when a projection throws on an event (see drills/poison-event). */
async function poison(projection: string): Promise<DeadLetterDoc> {
  const [event] = (await app.eventStore.readAll({ after: 0, limit: 1000 })).filter((e) => e.type === 'CandidateRegistered');
  const doc: DeadLetterDoc = {
    id: `${event!.id}:${projection}`,
    eventId: event!.id,
    position: event!.position,
    eventType: event!.type,
    stream: event!.stream,
    projection,
    error: 'Error: poison: this projection cannot digest it',
    attempts: 3,
    failedAt: new Date().toISOString(),
  };
  await app.documents.collection<DeadLetterDoc>(DEAD_LETTER_COLLECTION).upsert(doc);
  return doc;
}

describe('projection health', () => {
  it('is for admins only', async () => {
    for (const client of others) {
      expect((await client.request('GET', '/api/admin/projections')).status).toBe(403);
      expect((await client.request('POST', '/api/admin/projections/rebuild', {})).status).toBe(403);
      expect((await client.request('POST', '/api/admin/projections/dead-letters/x/skip', {})).status).toBe(403);
    }
  });

  it('shows each read model with its version, the shared checkpoint, the head and the lag', async () => {
    const head = await app.eventStore.headPosition();
    await expect.poll(async () => (await overview()).checkpoint, { timeout: 10_000 }).toBe(head);
    const body = await overview();
    expect(body).toMatchObject({ head, lag: 0, controllable: true, rebuild: null });
    const candidates = body.readModels.find((r) => r.name === 'candidates');
    expect(candidates).toMatchObject({ state: 'live', checkpoint: head, lag: 0, deadLetters: [] });
    expect(candidates!.version).toBeGreaterThanOrEqual(1);
    expect(body.readModels.length).toBeGreaterThan(5);
  });

  it('rejects unknown read models with a field error', async () => {
    const res = await admin.request('POST', '/api/admin/projections/rebuild', { readModels: ['nope'] });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.json)).toContain('readModels');
  });

  it('starts a rebuild whose progress reaches done, with the read model intact', async () => {
    const started = await admin.request('POST', '/api/admin/projections/rebuild', { readModels: ['candidates'] });
    expect(started.status).toBe(202);
    expect(started.json).toMatchObject({ status: 'running', readModels: ['candidates'] });
    await expect.poll(async () => (await overview()).rebuild?.status, { timeout: 30_000 }).toBe('done');
    const body = await overview();
    expect(body.rebuild).toMatchObject({ phase: 'done', percent: 100, error: null });
    expect(body.rebuild!.events).toBeGreaterThan(0);
    expect(body.readModels.find((r) => r.name === 'candidates')!.state).toBe('live');
    const list = await admin.request('GET', '/api/candidates');
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.json)).toContain('Lovelace');
  });

  it('lists a dead-lettered event; Skip dismisses it, Retry re-projects its read model', async () => {
    const skipped = await poison('candidates');
    let row = (await overview()).readModels.find((r) => r.name === 'candidates')!;
    expect(row.deadLetters).toEqual([
      expect.objectContaining({ id: skipped.id, eventType: 'CandidateRegistered', position: skipped.position }),
    ]);
    expect(row.deadLetters[0]!.error).toContain('poison');
    const skip = await admin.request('POST', `/api/admin/projections/dead-letters/${encodeURIComponent(skipped.id)}/skip`, {});
    expect(skip.status).toBe(200);
    row = (await overview()).readModels.find((r) => r.name === 'candidates')!;
    expect(row.deadLetters).toEqual([]);
    expect((await admin.request('POST', `/api/admin/projections/dead-letters/${encodeURIComponent(skipped.id)}/skip`, {})).status).toBe(
      404,
    );

    // the projection handles the event now: the retry's replay finds no error and the dead letter goes
    const retried = await poison('candidates');
    const retry = await admin.request('POST', `/api/admin/projections/dead-letters/${encodeURIComponent(retried.id)}/retry`, {});
    expect(retry.status).toBe(202);
    await expect.poll(async () => (await overview()).rebuild?.status, { timeout: 30_000 }).toBe('done');
    expect((await overview()).readModels.find((r) => r.name === 'candidates')!.deadLetters).toEqual([]);
  });
});
