import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { candidateKeyId } from '@ats/events';
import type { Standalone } from '../src/server';
import { placeCandidate, tablesHolding } from './support/privacy';
import { candidateBody, signedIn, startTestApp, type Client } from './support/test-app';

/** Anonymisation from the retention review: the identity goes, the record stays for statistics. */
const EMAIL = 'orla.fennimore@anon.example';
const FIRST = 'Orlaith';
const LAST = 'Fennimore';
const NOTE = 'Lives by the canal, two children, ask about the move';

let app: Standalone;
let admin: Client;
let recruiter: Client;
let candidateId: number;
let applicationId: number;

const NEEDLES = [EMAIL, FIRST, LAST, NOTE.slice(0, 30)];

beforeAll(async () => {
  app = await startTestApp();
  admin = await signedIn(app, 'admin');
  recruiter = await signedIn(app, 'recruiter');
  const created = await recruiter.post(
    '/api/candidates',
    candidateBody({
      firstName: FIRST,
      lastName: LAST,
      email: EMAIL,
      skills: ['Treasury', 'IFRS'],
      source: 'referral',
      salaryExpectation: 185,
    }),
  );
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  candidateId = created.json.id;
  expect((await recruiter.post(`/api/candidates/${candidateId}/notes`, { content: NOTE })).status).toBe(201);
  applicationId = await placeCandidate(app, recruiter, candidateId, {
    companyName: 'Canal Holdings',
    title: 'Group Treasurer',
    salaryMax: 160_000,
    feePercentage: 20,
  });
});
afterAll(async () => {
  await app?.close();
});

describe('anonymise (POST /api/candidates/:id/anonymise)', () => {
  it('refuses non-admins, a missing reason and unknown candidates', async () => {
    expect((await recruiter.post(`/api/candidates/${candidateId}/anonymise`, { reason: 'Retention' })).status).toBe(403);
    const blank = await admin.post(`/api/candidates/${candidateId}/anonymise`, { reason: '' });
    expect(blank.status).toBe(400);
    expect(blank.json.errors[0]).toMatchObject({ path: 'reason', message: 'Required' });
    expect((await admin.post('/api/candidates/999999/anonymise', { reason: 'x' })).status).toBe(404);
  });

  it('destroys the identity everywhere but keeps the record, its placement, fee and stage history', async () => {
    const before = (await admin.get('/api/dashboard/metrics')).json;
    expect(before.placementsThisMonth).toBe(1);
    expect((await tablesHolding(app, NEEDLES)).length).toBeGreaterThan(0);

    const done = await admin.post(`/api/candidates/${candidateId}/anonymise`, { reason: 'Retention review 2026-11' });
    expect(done.status, JSON.stringify(done.json)).toBe(200);
    expect(done.json).toEqual({ id: candidateId, anonymisedAt: expect.any(String) });

    expect(await tablesHolding(app, NEEDLES)).toEqual([]);
    const record = await admin.get(`/api/candidates/${candidateId}`);
    expect(record.status).toBe(200);
    expect(record.json).toMatchObject({
      firstName: 'Anonymised',
      lastName: 'candidate',
      email: '',
      phone: null,
      salaryExpectation: null,
      anonymised: true,
      status: 'placed',
      source: 'referral',
      skills: ['Treasury', 'IFRS'],
    });
    const list = (await admin.get('/api/candidates?limit=50')).json as Array<{ id: number; firstName: string; lastName: string }>;
    expect(list.find((c) => c.id === candidateId)).toMatchObject({ firstName: 'Anonymised', lastName: 'candidate' });
    const applications = (await admin.get('/api/applications?limit=50')).json as Array<{ id: number; stage: string; candidate?: unknown }>;
    const application = applications.find((a) => a.id === applicationId);
    expect(application).toMatchObject({ stage: 'placed', candidate: { firstName: 'Anonymised', lastName: 'candidate' } });

    const after = (await admin.get('/api/dashboard/metrics')).json;
    expect({ placements: after.placementsThisMonth, revenue: after.revenueYTD }).toEqual({
      placements: before.placementsThisMonth,
      revenue: before.revenueYTD,
    });
    expect((await admin.get('/api/audit/verify')).json.ok).toBe(true);
    const { rows } = await app.sql!.query<{ data_key: string | null }>('SELECT data_key FROM subject_keys WHERE key_id = $1', [
      candidateKeyId(candidateId),
    ]);
    expect(rows).toEqual([{ data_key: null }]);
    // recorded: the PII-free event with the reason, in the candidate's History
    const [last] = (await app.eventStore.readStream(`candidate-${candidateId}`)).slice(-1);
    expect(last).toMatchObject({ type: 'CandidateAnonymised', data: { candidateId, reason: 'Retention review 2026-11' } });
    const history = await admin.get(`/api/candidates/${candidateId}/history`);
    expect(history.json.entries[0]).toMatchObject({ type: 'CandidateAnonymised' });
    // off the retention review
    const { rows: privacy } = await app.sql!.query<{ active: string }>(
      `SELECT doc->>'active' AS active FROM doc_candidate_privacy WHERE (doc->>'id')::int = $1`,
      [candidateId],
    );
    expect(privacy).toEqual([{ active: 'false' }]);
  });

  it('a rebuild keeps it anonymised', async () => {
    await app.projector.rebuild();
    expect(await tablesHolding(app, NEEDLES)).toEqual([]);
    const record = await admin.get(`/api/candidates/${candidateId}`);
    expect(record.json).toMatchObject({
      firstName: 'Anonymised',
      lastName: 'candidate',
      salaryExpectation: null,
      anonymised: true,
      status: 'placed',
    });
    expect((await admin.get('/api/dashboard/metrics')).json.placementsThisMonth).toBe(1);
  });

  it('answers 409 the second time; an anonymised record can still be erased for good', async () => {
    const again = await admin.post(`/api/candidates/${candidateId}/anonymise`, { reason: 'again' });
    expect(again.status).toBe(409);
    expect(again.json.code).toBe('already_erased');
    const erased = await admin.post(`/api/candidates/${candidateId}/erase`, { reason: 'Art. 17 request' });
    expect(erased.status).toBe(200);
    expect((await admin.get(`/api/candidates/${candidateId}`)).status).toBe(404);
    expect((await admin.post(`/api/candidates/${candidateId}/erase`, { reason: 'again' })).status).toBe(409);
  });
});
