import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SubjectKeyMissingError, candidateKeyId } from '@ats/events';
import type { Standalone } from '../src/server';
import { placeCandidate, tablesHolding } from './support/privacy';
import { candidateBody, signedIn, startTestApp, type Client } from './support/test-app';

const EMAIL = 'ada.quarkington@privacy.example';
const FIRST = 'Adalind';
const LAST = 'Quarkington';
const NOTE = 'Prefers calls after six, lives near the harbour';

let app: Standalone;
let admin: Client;
let recruiter: Client;
let blobDir: string;
let candidateId: number;
let bystanderId: number;

async function makePdf(lines: readonly string[]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  lines.forEach((line, i) => page.drawText(line, { x: 50, y: 740 - i * 20, size: 12, font }));
  // uncompressed content, so a byte search would see the text
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/** every table of the store, and every file under the blob dir, that holds one of `needles` */
async function whereStored(needles: readonly string[]): Promise<string[]> {
  const hits = await tablesHolding(app, needles);
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? walk(join(dir, f)) : [join(dir, f)]));
  for (const file of walk(blobDir)) {
    const text = readFileSync(file).toString('latin1').toLowerCase();
    for (const needle of needles) if (text.includes(needle.toLowerCase())) hits.push(`blob ${file}: ${needle}`);
  }
  return hits;
}

const NEEDLES = [EMAIL, FIRST, LAST, NOTE.slice(0, 30)];

beforeAll(async () => {
  blobDir = mkdtempSync(join(tmpdir(), 'ats-privacy-blobs-'));
  app = await startTestApp({ blobDir });
  admin = await signedIn(app, 'admin');
  recruiter = await signedIn(app, 'recruiter');
  const created = await recruiter.post(
    '/api/candidates',
    candidateBody({ firstName: FIRST, lastName: LAST, email: EMAIL, phone: '+44 20 7946 0999' }),
  );
  expect(created.status).toBe(201);
  candidateId = created.json.id;
  expect((await recruiter.post(`/api/candidates/${candidateId}/notes`, { content: NOTE })).status).toBe(201);
  // a short note that is also a word of everyone else's data (a role, a title): erasing must not take it from them
  expect((await recruiter.post(`/api/candidates/${candidateId}/notes`, { content: 'recruiter' })).status).toBe(201);
  // someone else with the same title, company and city
  bystanderId = (await recruiter.post('/api/candidates', candidateBody({ firstName: 'Grace', lastName: 'Bystander' }))).json.id;
  const pdf = await makePdf([`${FIRST} ${LAST}`, EMAIL, 'Chief Financial Officer']);
  const uploaded = await recruiter.post(`/api/candidates/${candidateId}/resume`, {
    fileName: `${LAST}-cv.pdf`,
    fileData: `data:application/pdf;base64,${pdf.toString('base64')}`,
  });
  expect(uploaded.status).toBe(200);
  await placeCandidate(app, recruiter, candidateId, {
    companyName: 'Harbour Capital',
    title: 'Chief Financial Officer',
    salaryMax: 200_000,
    feePercentage: 25,
  });
});
afterAll(async () => {
  await app?.close();
});

describe('personal data in the log is sealed per person', () => {
  it('stores no name or e-mail of a candidate in the events table, yet reads them back', async () => {
    const { rows } = await app.sql!.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM events e WHERE e::text ILIKE $1 OR e::text ILIKE $2`,
      [`%${EMAIL}%`, `%${LAST}%`],
    );
    expect(rows[0]!.n).toBe(0);
    const { rows: sealed } = await app.sql!.query<{ data: { _pii?: { kid: string } } }>(
      `SELECT data FROM events WHERE type = 'CandidateRegistered' AND stream = $1`,
      [`candidate-${candidateId}`],
    );
    expect(sealed[0]!.data._pii?.kid).toBe(candidateKeyId(candidateId));
    const [registered] = await app.eventStore.readStream(`candidate-${candidateId}`);
    expect(registered!.data).toMatchObject({ firstName: FIRST, lastName: LAST, email: EMAIL });
  });
});

describe('erasure (POST /api/candidates/:id/erase)', () => {
  it('refuses non-admins, a missing reason and unknown candidates', async () => {
    expect((await recruiter.post(`/api/candidates/${candidateId}/erase`, { reason: 'Asked to be forgotten' })).status).toBe(403);
    const blank = await admin.post(`/api/candidates/${candidateId}/erase`, { reason: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.json.errors[0]).toMatchObject({ path: 'reason', message: 'Required' });
    expect((await admin.post('/api/candidates/999999/erase', { reason: 'x' })).status).toBe(404);
  });

  it('erases within a second and leaves no byte of the person in the store or the blob dir; the chain verifies; placements stay', async () => {
    const before = (await admin.get('/api/dashboard/metrics')).json;
    expect(before.placementsThisMonth).toBe(1);
    expect((await whereStored(NEEDLES)).length).toBeGreaterThan(0);

    const started = performance.now();
    const erased = await admin.post(`/api/candidates/${candidateId}/erase`, { reason: 'Art. 17 request of 2026-11-24' });
    const ms = performance.now() - started;
    expect(erased.status).toBe(200);
    expect(erased.json).toEqual({ id: candidateId, erasedAt: expect.any(String) });
    expect(ms).toBeLessThan(1_000);

    expect(await whereStored(NEEDLES)).toEqual([]);
    expect((await admin.get(`/api/candidates/${candidateId}`)).status).toBe(404);
    const verify = await admin.get('/api/audit/verify');
    expect(verify.json.ok).toBe(true);
    const after = (await admin.get('/api/dashboard/metrics')).json;
    expect({ placements: after.placementsThisMonth, revenue: after.revenueYTD }).toEqual({
      placements: before.placementsThisMonth,
      revenue: before.revenueYTD,
    });
    // the log reads "[erased]" where the person was
    const [registered] = await app.eventStore.readStream(`candidate-${candidateId}`);
    expect(registered!.data).toMatchObject({ firstName: '[erased]', lastName: '[erased]', email: '[erased]' });
    const { rows } = await app.sql!.query<{ data_key: string | null }>('SELECT data_key FROM subject_keys WHERE key_id = $1', [
      candidateKeyId(candidateId),
    ]);
    expect(rows).toEqual([{ data_key: null }]);
  });

  it('answers 409 already_erased the second time', async () => {
    const again = await admin.post(`/api/candidates/${candidateId}/erase`, { reason: 'again' });
    expect(again.status).toBe(409);
    expect(again.json.code).toBe('already_erased');
  });

  it("takes nothing of anyone else: accounts, sessions and other people's records keep their words", async () => {
    const me = await recruiter.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.json.role).toBe('recruiter');
    // as stored (sign-in caches accounts for a while): the accounts keep their roles
    const { rows: roles } = await app.sql!.query<{ role: string }>(`SELECT doc->>'role' AS role FROM doc_accounts`);
    expect(roles.map((r) => r.role)).toContain('recruiter');
    expect(roles.map((r) => r.role)).not.toContain('[erased]');
    const other = await recruiter.get(`/api/candidates/${bystanderId}`);
    expect(other.json).toMatchObject({
      firstName: 'Grace',
      lastName: 'Bystander',
      currentTitle: 'Chief Technology Officer',
      currentCompany: 'Analytical Engines',
      location: 'London, UK',
    });
  });

  it('a rebuild of every read model brings nothing back', async () => {
    const result = await app.projector.rebuild();
    expect(result).toBeTruthy();
    expect(await whereStored(NEEDLES)).toEqual([]);
    const metrics = (await admin.get('/api/dashboard/metrics')).json;
    expect(metrics.placementsThisMonth).toBe(1);
    expect((await admin.get('/api/audit/verify')).json.ok).toBe(true);
  });
});

describe('key store loss', () => {
  it('fails loudly (503 subject_key_missing, SubjectKeyMissingError), never reading plaintext or blanks', async () => {
    const other = await recruiter.post(
      '/api/candidates',
      candidateBody({ firstName: 'Lost', lastName: 'Keyholder', email: 'lost.key@privacy.example' }),
    );
    expect(other.status).toBe(201);
    const kid = candidateKeyId(other.json.id);
    await app.sql!.query('DELETE FROM subject_keys WHERE key_id = $1', [kid]);
    app.subjectKeys!.evict(kid);
    await expect(app.eventStore.readStream(`candidate-${other.json.id}`)).rejects.toThrow(SubjectKeyMissingError);
    const edit = await recruiter.patch(`/api/candidates/${other.json.id}`, { currentTitle: 'CEO' });
    expect(edit.status).toBe(503);
    expect(edit.json.code).toBe('subject_key_missing');
    expect(edit.json.detail).toContain('subject_keys');
  });
});
