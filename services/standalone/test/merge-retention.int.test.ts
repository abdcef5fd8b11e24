import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CandidateMergesSchema,
  CandidatePrivacySchema,
  DuplicatePairSchema,
  HistoryPageSchema,
  ProblemSchema,
  RetentionReviewSchema,
} from '@ats/contracts';
import { encodeEvent, toCandidateStreamId, type DomainEvent } from '@ats/events';
import type { Standalone } from '../src/server';
import { type Client, candidateBody, signedIn, startTestApp } from './support/test-app';

let app: Standalone;
let recruiter: Awaited<ReturnType<typeof signedIn>>;
let admin: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  app = await startTestApp();
  recruiter = await signedIn(app, 'recruiter', 'Rita');
  admin = await signedIn(app, 'admin', 'Adam');
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
const get = (client: Client, path: string, position: number) => ok(client.get(at(path, position)));
const historyTypes = async (id: number, position: number) =>
  HistoryPageSchema.parse(await get(recruiter, `/api/candidates/${id}/history?limit=100`, position)).entries.map((e) => e.type);

/** two records of one person: same phone written differently, each with a note */
async function twoRecords() {
  const tag = randomUUID().slice(0, 6);
  const a = await ok(recruiter.post('/api/candidates', candidateBody({ lastName: `Byron${tag}`, phone: '+44 20 7946 0101' })), 201);
  const b = await ok(
    recruiter.post(
      '/api/candidates',
      candidateBody({ lastName: `King${tag}`, phone: '020 7946 0101', currentTitle: 'Countess', skills: ['Poetry'] }),
    ),
    201,
  );
  await ok(recruiter.post(`/api/candidates/${a.id}/notes`, { content: 'Note on A' }), 201);
  const noteB = await ok(recruiter.post(`/api/candidates/${b.id}/notes`, { content: 'Note on B' }), 201);
  return { a: a.id as number, b: b.id as number, position: noteB.position as number };
}

describe('duplicates, merge and unmerge through the HTTP API', () => {
  it('finds the pair, merges B into A (notes and History move over), then an unmerge restores both', async () => {
    const { a, b, position } = await twoRecords();
    const matches = await get(recruiter, `/api/candidates/${a}/duplicates`, position);
    expect(matches).toEqual([expect.objectContaining({ candidate: expect.objectContaining({ id: b }), reasons: ['phone'] })]);
    const pairs = DuplicatePairSchema.array().parse(await get(recruiter, '/api/duplicates/candidates', position));
    expect(pairs.find((p) => p.a.id === a && p.b.id === b)?.reasons).toEqual(['phone']);

    const beforeA = await get(recruiter, `/api/candidates/${a}`, position);
    const beforeB = await get(recruiter, `/api/candidates/${b}`, position);
    const historyA = await historyTypes(a, position);
    const historyB = await historyTypes(b, position);

    const merged = await ok(
      recruiter.post(`/api/candidates/${a}/merge`, {
        absorbedId: b,
        choices: { currentTitle: 'absorbed' },
        survivorRevision: beforeA.revision,
        absorbedRevision: beforeB.revision,
      }),
    );
    const survivor = await get(recruiter, `/api/candidates/${a}`, merged.position);
    expect(survivor).toMatchObject({ currentTitle: 'Countess', mergedFrom: [b] });
    expect(survivor.skills).toEqual(expect.arrayContaining(['Mathematics', 'Poetry']));
    expect(await get(recruiter, `/api/candidates/${b}`, merged.position)).toMatchObject({ merged: true, mergedInto: a });
    const notes = (await get(recruiter, `/api/candidates/${a}/notes`, merged.position)) as Array<{ content: string }>;
    expect(notes.map((n) => n.content).sort()).toEqual(['Note on A', 'Note on B']);
    const list = (await get(recruiter, `/api/candidates?search=${encodeURIComponent(beforeB.lastName)}`, merged.position)) as unknown[];
    expect(list).toEqual([]);
    const mergedHistory = await historyTypes(a, merged.position);
    // the survivor's History shows both records' events, the merge on each stream
    expect(mergedHistory.filter((t) => t === 'NoteAdded')).toHaveLength(2);
    expect(mergedHistory.filter((t) => t === 'CandidatesMerged')).toHaveLength(2);
    const merges = CandidateMergesSchema.parse(await get(recruiter, `/api/candidates/${a}/merges`, merged.position));
    expect(merges.absorbed.map((m) => m.id)).toEqual([b]);
    expect(Date.parse(merges.absorbed[0]!.undoUntil) - Date.parse(merges.absorbed[0]!.mergedAt)).toBe(30 * 86_400_000);

    // merging the absorbed record again is refused
    const again = await recruiter.post(`/api/candidates/${a}/merge`, { absorbedId: b });
    expect(ProblemSchema.parse(again.json).status).toBe(404);

    const unmerged = await ok(recruiter.post(`/api/candidates/${a}/unmerge`, { absorbedId: b }));
    const afterA = await get(recruiter, `/api/candidates/${a}`, unmerged.position);
    const afterB = await get(recruiter, `/api/candidates/${b}`, unmerged.position);
    const fields = (c: Record<string, unknown>) => {
      const { revision: _r, updatedAt: _u, updatedBy: _b, mergedFrom: _m, ...rest } = c;
      return rest;
    };
    expect(fields(afterA)).toEqual(fields(beforeA));
    expect(fields(afterB)).toEqual(fields(beforeB));
    expect(afterA.mergedFrom ?? []).toEqual([]);
    expect(((await get(recruiter, `/api/candidates/${a}/notes`, unmerged.position)) as unknown[]).length).toBe(1);
    // both histories are whole again, each with the merge and its undo
    expect(await historyTypes(a, unmerged.position)).toEqual(['CandidatesUnmerged', 'CandidatesMerged', ...historyA]);
    expect(await historyTypes(b, unmerged.position)).toEqual(['CandidatesUnmerged', 'CandidatesMerged', ...historyB]);
    // and a second unmerge is a clear 409
    const twice = await recruiter.post(`/api/candidates/${a}/unmerge`, { absorbedId: b });
    expect(twice.status).toBe(409);
    expect(ProblemSchema.parse(twice.json).code).toBe('not_merged');
  });

  it('refuses a merge when a record changed since the user saw it (409) and merges nothing', async () => {
    const { a, b, position } = await twoRecords();
    const seenB = await get(recruiter, `/api/candidates/${b}`, position);
    await ok(recruiter.patch(`/api/candidates/${b}`, { location: 'Paris' }));
    const res = await recruiter.post(`/api/candidates/${a}/merge`, { absorbedId: b, absorbedRevision: seenB.revision });
    expect(res.status).toBe(409);
    const events = await app.eventStore.readStream(toCandidateStreamId(b));
    expect(events.map((e) => e.type)).not.toContain('CandidatesMerged');
  });

  it('validates the body with field paths', async () => {
    const res = await recruiter.post('/api/candidates/1/merge', { absorbedId: 'x' });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.json)).toContain('absorbedId');
  });
});

describe('consent and the retention review', () => {
  /** appends events dated in the past, as the command side would have written them then */
  async function appendAt(stream: string, event: DomainEvent, occurredAt: string) {
    const encoded = encodeEvent(event);
    return app.eventStore.append(
      stream,
      [
        {
          id: randomUUID(),
          type: encoded.type,
          data: encoded.data,
          metadata: {
            actor: { id: 'system', name: 'System' },
            correlationId: randomUUID(),
            causationId: null,
            occurredAt,
            schemaVersion: encoded.schemaVersion,
          },
        },
      ],
      { expectedRevision: 'any' },
    );
  }

  it('lists a candidate idle past the policy with its consent; keeping it takes it off the list', async () => {
    const policy = await ok(admin.request('PUT', '/api/privacy/retention-policy', { months: 12 }));
    const old = new Date(Date.now() - 400 * 86_400_000).toISOString();
    const id = 900_000 + Math.floor(Math.random() * 90_000);
    await appendAt(
      toCandidateStreamId(id),
      {
        type: 'CandidateRegistered',
        data: {
          ...candidateBody(),
          candidateId: id,
          phone: null,
          mobilePhone: null,
          linkedinUrl: null,
          experience: null,
          summary: null,
          skills: [],
          salaryExpectation: null,
          status: 'active',
          resumeFileName: null,
          resumeText: null,
          resumeUploadedAt: null,
        } as never,
      },
      old,
    );
    const consent = await appendAt(
      toCandidateStreamId(id),
      {
        type: 'CandidateConsentRecorded',
        data: { candidateId: id, basis: 'consent', state: 'given', source: 'signed form', recordedAt: old, note: null },
      },
      old,
    );
    const fresh = await ok(recruiter.post('/api/candidates', candidateBody()), 201);

    const review = RetentionReviewSchema.parse(
      await get(admin, '/api/privacy/retention', Math.max(consent.position, fresh.position, policy.position)),
    );
    expect(review.months).toBe(12);
    const listed = review.candidates.find((c) => c.id === id);
    expect(listed).toMatchObject({ lastActivityAt: old, consent: { basis: 'consent', state: 'given', source: 'signed form' } });
    expect(review.candidates.find((c) => c.id === fresh.id)).toBeUndefined();
    expect((await recruiter.get('/api/privacy/retention')).status).toBe(403);

    const kept = await ok(admin.post('/api/privacy/retention/extend', { candidateIds: [id], months: 6, reason: 'Active search' }));
    const after = RetentionReviewSchema.parse(await get(admin, '/api/privacy/retention', kept.position));
    expect(after.candidates.find((c) => c.id === id)).toBeUndefined();
    const card = CandidatePrivacySchema.parse(await get(admin, `/api/candidates/${id}/privacy`, kept.position));
    expect(Date.parse(card.retainedUntil!)).toBeGreaterThan(Date.now() + 170 * 86_400_000);
  });

  it('records consent from the candidate page (validated)', async () => {
    const c = await ok(recruiter.post('/api/candidates', candidateBody()), 201);
    const bad = await recruiter.request('PUT', `/api/candidates/${c.id}/consent`, {
      basis: 'consent',
      state: 'given',
      source: '',
      recordedAt: 'soon',
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json)).toContain('source');
    const recorded = await ok(
      recruiter.request('PUT', `/api/candidates/${c.id}/consent`, {
        basis: 'legitimate_interest',
        state: 'not_required',
        source: 'LinkedIn profile',
        recordedAt: new Date().toISOString(),
      }),
    );
    const card = CandidatePrivacySchema.parse(await get(recruiter, `/api/candidates/${c.id}/privacy`, recorded.position));
    expect(card.consent).toMatchObject({ basis: 'legitimate_interest', state: 'not_required', recordedBy: recruiter.user.name });
  });
});
