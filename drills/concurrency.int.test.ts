/**
 * Drill: write-side uniqueness under real concurrency. 20 registrations with one e-mail at the
 * same instant: exactly one wins. 20 moves of one application from the same fromStage: exactly
 * one wins, the rest get 409 stage_conflict. Runs on the embedded store (one process) and on
 * PostgreSQL (a connection pool, truly parallel transactions) when DATABASE_URL is set.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestSchema, type EventStore, type TestSchema } from '@ats/storage';
import { candidateBody, signedIn, startTestApp, type Client } from '@ats/standalone/testing';
import type { Standalone } from '@ats/standalone';
import { DATABASE_URL } from './support/harness';
import { startPgCommandApi, type PgCommandApi } from './support/pg-app';

const N = 20;

async function raceRegistrations(client: Client, eventStore: EventStore) {
  const email = `race.${randomUUID().slice(0, 8)}@example.com`;
  const results = await Promise.all(
    Array.from({ length: N }, (_, i) =>
      client.post('/api/candidates', candidateBody({ email: i % 2 ? email.toUpperCase() : email, firstName: `Racer${i}` })),
    ),
  );
  const statuses = results.map((r) => r.status);
  expect(
    statuses.filter((s) => s >= 500),
    JSON.stringify(results.filter((r) => r.status >= 500).map((r) => r.json)),
  ).toEqual([]);
  expect(statuses.filter((s) => s === 201)).toHaveLength(1);
  expect(statuses.filter((s) => s === 409)).toHaveLength(N - 1);
  // the log agrees: exactly one CandidateRegistered with this address
  const registered = (await eventStore.readAll({ types: ['CandidateRegistered'] })).filter(
    (e) => String((e.data as { email: string }).email).toLowerCase() === email,
  );
  expect(registered).toHaveLength(1);
}

async function raceStageChanges(client: Client, eventStore: EventStore) {
  const co = await client.post('/api/clients', { companyName: `Race Co ${randomUUID().slice(0, 4)}` });
  const job = await client.post('/api/jobs', { title: 'Race Director', clientId: co.json.id });
  const cand = await client.post('/api/candidates', candidateBody());
  const app = await client.post('/api/applications', { candidateId: cand.json.id, jobId: job.json.id });
  expect(app.status).toBe(201);
  const stages = ['phone_screen', 'interview', 'final_interview', 'offer', 'rejected'] as const;
  const results = await Promise.all(
    Array.from({ length: N }, (_, i) =>
      client.patch(`/api/applications/${app.json.id}/stage`, { stage: stages[i % stages.length], fromStage: 'applied' }),
    ),
  );
  const statuses = results.map((r) => r.status);
  expect(statuses.filter((s) => s >= 500)).toEqual([]);
  expect(statuses.filter((s) => s === 200)).toHaveLength(1);
  const conflicts = results.filter((r) => r.status === 409);
  expect(conflicts).toHaveLength(N - 1);
  for (const c of conflicts) expect(['stage_conflict', 'concurrent_change']).toContain(c.json.code);
  const moves = (await eventStore.readAll({ types: ['ApplicationStageChanged'] })).filter(
    (e) => (e.data as { applicationId: number }).applicationId === app.json.id,
  );
  expect(moves).toHaveLength(1);
}

describe('concurrency drill on the embedded store', () => {
  let app: Standalone;
  let client: Client;
  beforeAll(async () => {
    app = await startTestApp();
    client = await signedIn(app, 'recruiter');
  });
  afterAll(async () => app?.close());

  it('20 concurrent registrations with the same e-mail: exactly one succeeds', () => raceRegistrations(client, app.eventStore));
  it('20 concurrent stage changes from the same fromStage: exactly one succeeds', () => raceStageChanges(client, app.eventStore));
});

if (!DATABASE_URL) console.warn('[skip] concurrency drill on PostgreSQL: DATABASE_URL is not set');
describe.skipIf(!DATABASE_URL)('concurrency drill on PostgreSQL', () => {
  let schema: TestSchema;
  let api: PgCommandApi;
  let client: Client;
  beforeAll(async () => {
    schema = await createTestSchema(DATABASE_URL!, 'drill_race');
    api = await startPgCommandApi(schema.url);
    client = await api.signedIn('recruiter');
  });
  afterAll(async () => {
    await api?.close();
    await schema?.drop();
  });

  it('20 concurrent registrations with the same e-mail: exactly one succeeds', () => raceRegistrations(client, api.storage.eventStore));
  it('20 concurrent stage changes from the same fromStage: exactly one succeeds', () => raceStageChanges(client, api.storage.eventStore));
});
