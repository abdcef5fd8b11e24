import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Standalone } from '../src/server';
import { candidateBody, signedIn, startTestApp, type Client } from './support/test-app';

/**
 * The audit browser's free text finds a person by name or e-mail although the log holds both
 * only as ciphertext (the person index `audit_subjects`); after an erasure it finds nothing.
 */
let app: Standalone;
let admin: Client;
let auditor: Client;
let recruiter: Client;
const tag = randomUUID().slice(0, 6);
const LAST = `Zwirbelmayr${tag}`;
const EMAIL = `hedy.${tag}@audit-search.example`;
const CONTACT = `Quirinus Pfefferkorn${tag}`;
let candidateId: number;

type AuditPage = { events: Array<{ type: string; stream: string; data: Record<string, unknown> }>; next: number | null };
const search = async (q: string, extra = '') => {
  const res = await auditor.get(`/api/events?q=${encodeURIComponent(q)}&limit=1000${extra}`);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json as AuditPage;
};

beforeAll(async () => {
  app = await startTestApp();
  admin = await signedIn(app, 'admin');
  auditor = await signedIn(app, 'auditor');
  recruiter = await signedIn(app, 'recruiter');
  const created = await recruiter.post('/api/candidates', candidateBody({ firstName: 'Hedy', lastName: LAST, email: EMAIL }));
  expect(created.status).toBe(201);
  candidateId = created.json.id;
  expect((await recruiter.post(`/api/candidates/${candidateId}/notes`, { content: 'Met at the radio fair' })).status).toBe(201);
  // someone else, who must not be found
  expect((await recruiter.post('/api/candidates', candidateBody({ firstName: 'Other', lastName: `Person${tag}` }))).status).toBe(201);
  const client = await recruiter.post('/api/clients', { companyName: `Signal Works ${tag}` });
  const contact = await recruiter.post(`/api/clients/${client.json.id}/contacts`, { name: CONTACT, email: `qp.${tag}@signal.example` });
  expect(contact.status, JSON.stringify(contact.json)).toBe(201);
  await app.projector.waitFor(await app.eventStore.headPosition(), 5_000);
});
afterAll(async () => {
  await app?.close();
});

describe('audit free text finds sealed people', () => {
  it('finds a candidate by last name, full name or e-mail: their own events, read back in the clear', async () => {
    for (const q of [LAST, `hedy ${LAST.toLowerCase()}`, EMAIL.toUpperCase()]) {
      const page = await search(q);
      const types = page.events.map((e) => e.type);
      expect(types, q).toEqual(expect.arrayContaining(['CandidateRegistered', 'NoteAdded']));
      expect(page.events.every((e) => e.stream === `candidate-${candidateId}` || e.data.candidateId === candidateId)).toBe(true);
      const registered = page.events.find((e) => e.type === 'CandidateRegistered')!;
      expect(registered.data).toMatchObject({ lastName: LAST, email: EMAIL });
    }
    // other filters still hold
    expect((await search(LAST, '&type=NoteAdded')).events.map((e) => e.type)).toEqual(['NoteAdded']);
    // and nobody else is found
    expect((await search(`Person${tag}`)).events.some((e) => e.stream === `candidate-${candidateId}`)).toBe(false);
  });

  it('finds a client contact by name', async () => {
    const page = await search(CONTACT.split(' ')[1]!);
    expect(page.events.map((e) => e.type)).toContain('ClientContactAdded');
  });

  it('stores no name or e-mail in the log to do it', async () => {
    const { rows } = await app.sql!.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM events e WHERE e::text ILIKE $1 OR e::text ILIKE $2`,
      [`%${LAST}%`, `%${EMAIL}%`],
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('finds nothing after an erasure (and the person index holds nothing of them)', async () => {
    expect((await admin.post(`/api/candidates/${candidateId}/erase`, { reason: 'Art. 17 request' })).status).toBe(200);
    for (const q of [LAST, EMAIL, 'Hedy'])
      expect((await search(q)).events.filter((e) => e.stream === `candidate-${candidateId}`)).toEqual([]);
    const { rows } = await app.sql!.query<{ n: number }>(`SELECT count(*)::int AS n FROM doc_audit_subjects t WHERE t::text ILIKE $1`, [
      `%${tag}@audit-search%`,
    ]);
    expect(rows[0]!.n).toBe(0);
    // a rebuild brings nothing back
    await app.projector.rebuild();
    expect((await search(LAST)).events).toEqual([]);
  });
});
