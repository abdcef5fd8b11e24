import { inflateRawSync } from 'node:zlib';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { warmWorkPool } from '@ats/ai';
import { candidateKeyId } from '@ats/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Standalone } from '../src/server';
import { tablesHolding } from './support/privacy';
import { candidateBody, signedIn, startTestApp, type Client } from './support/test-app';

// Defects found by the eighth attacker sweep (2026-12-07), one case each.

let app: Standalone;
let admin: Client;
let recruiter: Client;
beforeAll(async () => {
  app = await startTestApp();
  admin = await signedIn(app, 'admin', 'Root');
  recruiter = await signedIn(app, 'recruiter', 'Rita');
});
afterAll(async () => {
  await app?.close();
});

const caughtUp = async () => app.projector.waitFor(await app.eventStore.headPosition(), 5_000);

describe('sweep eight: an erasure takes the e-mails and interview notes about the person out of the read models', () => {
  it('a candidate: subjects, bodies and interview notes are gone from every table but the sealed log; others keep theirs', async () => {
    const person = await recruiter.post(
      '/api/candidates',
      candidateBody({ firstName: 'Octavia', lastName: 'Wexcombe', email: 'octavia.wexcombe@erase.example' }),
    );
    expect(person.status).toBe(201);
    const id = person.json.id as number;
    const other = await recruiter.post(
      '/api/candidates',
      candidateBody({ firstName: 'Bruno', lastName: 'Keeps', email: 'bruno@keep.example' }),
    );
    // a template e-mail: its subject is the template's, shared with other people's e-mails
    const templated = await recruiter.post(`/api/candidates/${id}/email`, {
      template: 'follow_up',
      customData: { subject: 'Following Up', message: 'She wants 240k and a company car before March' },
    });
    expect(templated.status).toBe(200);
    // a composed e-mail to her address (recorded on her by the address)
    const composed = await recruiter.post('/api/email/send', {
      to: 'octavia.wexcombe@erase.example',
      subject: 'Your counter-offer from Halvorsen Marine',
      // a long body (5,300 characters) is looked for in pieces
      text: 'Leaving Halvorsen because of the divorce settlement. '.repeat(100),
    });
    expect(composed.status).toBe(200);
    const interview = await recruiter.post('/api/interviews', {
      candidateId: id,
      scheduledAt: new Date(Date.now() + 86_400_000).toISOString(),
      interviewers: [{ name: 'Panel' }],
      notes: 'On medical leave until the end of the month',
    });
    expect(interview.status).toBe(201);
    // someone else's e-mail with the same template subject
    expect(
      (
        await recruiter.post(`/api/candidates/${other.json.id}/email`, {
          template: 'follow_up',
          customData: { subject: 'Following Up', message: 'Bruno is free on Thursday afternoon' },
        })
      ).status,
    ).toBe(200);
    await caughtUp();
    const secrets = [
      'She wants 240k',
      'Your counter-offer from Halvorsen',
      'divorce settlement',
      'medical leave until the end',
      'octavia.wexcombe@erase.example',
    ];
    expect((await tablesHolding(app, secrets)).length).toBeGreaterThan(0);

    const erased = await admin.post(`/api/candidates/${id}/erase`, { reason: 'Art. 17 request' });
    expect(erased.status).toBe(200);

    // was: doc_communications (subject and body of both e-mails), doc_activities (the feed line
    // "… e-mailed [erased]: Your counter-offer…"), doc_record_events (History's "Sent an e-mail: …")
    // and doc_interviews (the notes) still held them; the log reads "[erased]" (a rebuild showed it)
    expect((await tablesHolding(app, secrets)).filter((hit) => !hit.startsWith('events:'))).toEqual([]);
    const mails = (await admin.get(`/api/candidates/${id}/communications`)).json as Array<{ subject: string; content: string }>;
    expect(mails.length).toBe(2);
    // a long body goes piece by piece: "[erased][erased] [erased]…", nothing else left
    for (const mail of mails) {
      expect(mail.subject).toBe('[erased]');
      expect(mail.content).toMatch(/^(\[erased\]|\s)+$/);
    }
    expect((await admin.get(`/api/interviews/${interview.json.id}`)).json.notes).toBe('[erased]');
    // the same template subject on someone else's e-mail is theirs
    const brunos = (await admin.get(`/api/candidates/${other.json.id}/communications`)).json as Array<{ subject: string; content: string }>;
    expect(brunos.map((m) => m.subject)).toEqual(['Following Up']);
    expect(brunos[0]!.content).toContain('Bruno is free on Thursday afternoon');
  });

  it("a client contact: the e-mails to them lose subject and body; another contact's keep theirs", async () => {
    const client = await recruiter.post('/api/clients', { companyName: 'Erasure Shipping' });
    const gone = await recruiter.post(`/api/clients/${client.json.id}/contacts`, {
      name: 'Ingrid Volkerson',
      email: 'ingrid@shipping.example',
    });
    const stays = await recruiter.post(`/api/clients/${client.json.id}/contacts`, { name: 'Paul Remains', email: 'paul@shipping.example' });
    expect([gone.status, stays.status]).toEqual([201, 201]);
    await caughtUp();
    const sent = await recruiter.post(`/api/client-contacts/${gone.json.id}/email`, {
      template: 'client_update',
      customData: { subject: 'Client Update', message: 'Ingrid asked us to keep her move to Oslo confidential' },
    });
    expect(sent.status).toBe(200);
    const kept = await recruiter.post(`/api/client-contacts/${stays.json.id}/email`, {
      template: 'client_update',
      customData: { subject: 'Client Update', message: 'Paul will sign the terms on Monday' },
    });
    expect(kept.status).toBe(200);
    await caughtUp();
    expect((await tablesHolding(app, ['move to Oslo confidential'])).length).toBeGreaterThan(0);

    const erased = await admin.post(`/api/client-contacts/${gone.json.id}/erase`, { reason: 'Art. 17 request' });
    expect(erased.status).toBe(200);
    expect((await tablesHolding(app, ['move to Oslo confidential'])).filter((hit) => !hit.startsWith('events:'))).toEqual([]);
    const mails = (await admin.get(`/api/communications?limit=50`)).json.items as Array<{
      recipientType: string;
      recipientId: number;
      subject: string;
      content: string;
    }>;
    const theirs = mails.filter((m) => m.recipientType === 'contact' && m.recipientId === gone.json.id);
    expect(theirs.map((m) => [m.subject, m.content])).toEqual([['[erased]', '[erased]']]);
    const pauls = mails.filter((m) => m.recipientType === 'contact' && m.recipientId === stays.json.id);
    expect(pauls.map((m) => m.subject)).toEqual(['Client Update']);
    expect(pauls[0]!.content).toContain('Paul will sign the terms on Monday');
  });
});

describe('sweep eight: sign-in does not send a signed-in visitor to another host through dot segments', () => {
  it('GET /api/login?next=/..//evil.invalid redirects to / (was 302 Location: //evil.invalid)', async () => {
    for (const bad of ['/..//evil.invalid', '/.//evil.invalid/phish', '/%2e%2e//evil.invalid', '/a/..//evil.invalid'])
      expect((await recruiter.get('/api/login?next=' + encodeURIComponent(bad))).headers.get('location'), bad).toBe('/');
    expect((await recruiter.get('/api/login?next=' + encodeURIComponent('/jobs/../candidates/3'))).headers.get('location')).toBe(
      '/candidates/3',
    );
  });
});

/** every entry of a zip in order, by its central directory (a name may come twice) */
function zipEntries(zip: Buffer): Array<{ name: string; bytes: Buffer }> {
  const entries: Array<{ name: string; bytes: Buffer }> = [];
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let at = zip.readUInt32LE(eocd + 16);
  for (let i = 0; i < zip.readUInt16LE(eocd + 10); i++) {
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const local = zip.readUInt32LE(at + 42);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const raw = zip.subarray(start, start + size);
    entries.push({ name, bytes: method === 8 ? inflateRawSync(raw) : raw });
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return entries;
}

const pdfOf = async (title: string) => {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([612, 792]).drawText(`Twice Uploaded, ${title}`, { x: 50, y: 740, size: 12, font });
  return Buffer.from(await doc.save({ useObjectStreams: false }));
};

describe('sweep eight: a subject access zip holds every resume under a name of its own', () => {
  it('two uploads named cv.pdf are files/cv.pdf and files/cv (2).pdf; a name of dots is no path step', async () => {
    // as the server does at its start: a cold reader thread on a loaded machine can pass the 10 s work limit
    await warmWorkPool();
    const person = await recruiter.post(
      '/api/candidates',
      candidateBody({ firstName: 'Twice', lastName: 'Uploaded', email: 'twice@sar8.example' }),
    );
    const id = person.json.id as number;
    const uploads = [
      { fileName: 'cv.pdf', bytes: await pdfOf('first version') },
      { fileName: 'cv.pdf', bytes: await pdfOf('second version') },
      { fileName: '..', bytes: await pdfOf('dots') },
    ];
    for (const upload of uploads) {
      const res = await recruiter.post(`/api/candidates/${id}/resume`, {
        fileName: upload.fileName,
        fileData: `data:application/pdf;base64,${upload.bytes.toString('base64')}`,
      });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
    }
    await caughtUp();
    const res = await fetch(`${app.url}/api/candidates/${id}/subject-access`, { headers: { Cookie: admin.cookie } });
    expect(res.status).toBe(200);
    const entries = zipEntries(Buffer.from(await res.arrayBuffer()));
    const files = entries.filter((e) => e.name !== 'subject-access.json');
    // was: files/cv.pdf twice (an unzip keeps one: the person's first resume lost) and files/..
    expect(files.map((e) => e.name)).toEqual(['files/cv.pdf', 'files/cv (2).pdf', 'files/file']);
    expect(files.map((e) => e.bytes.equals(uploads[files.indexOf(e)]!.bytes))).toEqual([true, true, true]);
    const json = JSON.parse(entries.find((e) => e.name === 'subject-access.json')!.bytes.toString('utf8'));
    expect(json.files.map((f: { name: string; path: string }) => [f.name, f.path])).toEqual([
      ['cv.pdf', 'files/cv.pdf'],
      ['cv.pdf', 'files/cv (2).pdf'],
      ['..', 'files/file'],
    ]);
  });
});

describe('sweep eight: a command that races an erasure is a 409, not a 500', () => {
  it('an e-mail or a note recorded after the key went answers 409 subject_erased (was 500 internal_error)', async () => {
    const person = await recruiter.post(
      '/api/candidates',
      candidateBody({ firstName: 'Racing', lastName: 'Erasure', email: 'racing@erase8.example' }),
    );
    const id = person.json.id as number;
    await caughtUp();
    // where a racing command stands: it read the candidate as live, the erasure then destroyed the key
    // (8 e-mails sent at once with an erasure gave one 500 this way)
    await app.subjectKeys!.erase(candidateKeyId(id));
    const mail = await recruiter.post(`/api/candidates/${id}/email`, {
      template: 'custom',
      customData: { subject: 'Too late', message: 'Recorded after the erasure' },
    });
    expect(mail.status).toBe(409);
    expect(mail.headers.get('content-type')).toContain('application/problem+json');
    expect(mail.json).toMatchObject({
      code: 'subject_erased',
      detail: `Candidate ${id} was erased: nothing more can be recorded about them.`,
    });
    const note = await recruiter.post(`/api/candidates/${id}/notes`, { content: 'Also too late' });
    expect(note.status).toBe(409);
    expect(note.json.code).toBe('subject_erased');
  });
});

describe("sweep eight: an interview's later texts are sealed with the candidate's key, so an erasure takes them from the log", () => {
  it('edited notes, feedback and cancel and reschedule reasons are in no table after the erasure, the log included', async () => {
    const person = await recruiter.post(
      '/api/candidates',
      candidateBody({ firstName: 'Later', lastName: 'Texts', email: 'later@erase8.example' }),
    );
    const id = person.json.id as number;
    const at = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
    const first = await recruiter.post('/api/interviews', { candidateId: id, scheduledAt: at(1), interviewers: [{ name: 'Panel' }] });
    const second = await recruiter.post('/api/interviews', { candidateId: id, scheduledAt: at(2), interviewers: [{ name: 'Panel' }] });
    expect([first.status, second.status]).toEqual([201, 201]);
    await caughtUp();
    const revisionOf = async (interviewId: number) => (await recruiter.get(`/api/interviews/${interviewId}`)).json.revision as number;
    const edited = await recruiter.patch(`/api/interviews/${first.json.id}`, {
      notes: 'Expecting twins in the spring, keep it quiet',
      baseRevision: await revisionOf(first.json.id),
    });
    expect(edited.status, JSON.stringify(edited.json)).toBe(200);
    await caughtUp();
    const moved = await recruiter.post(`/api/interviews/${first.json.id}/reschedule`, {
      scheduledAt: at(3),
      reason: 'Hospital appointment on the first date',
      baseRevision: await revisionOf(first.json.id),
    });
    expect(moved.status, JSON.stringify(moved.json)).toBe(200);
    await caughtUp();
    const done = await recruiter.post(`/api/interviews/${first.json.id}/complete`, {
      feedback: 'Mentioned the burnout of last year openly',
      rating: 4,
    });
    expect(done.status, JSON.stringify(done.json)).toBe(200);
    const cancelled = await recruiter.post(`/api/interviews/${second.json.id}/cancel`, { reason: 'Withdrew after the court hearing' });
    expect(cancelled.status, JSON.stringify(cancelled.json)).toBe(200);
    await caughtUp();
    const secrets = ['twins in the spring', 'Hospital appointment', 'burnout of last year', 'court hearing'];
    // sealed: the events table holds none of them even before the erasure (was: all four in plaintext)
    expect((await tablesHolding(app, secrets)).filter((hit) => hit.startsWith('events:'))).toEqual([]);
    expect((await recruiter.get(`/api/interviews/${first.json.id}`)).json).toMatchObject({
      notes: 'Expecting twins in the spring, keep it quiet',
      feedback: 'Mentioned the burnout of last year openly',
    });

    expect((await admin.post(`/api/candidates/${id}/erase`, { reason: 'Art. 17 request' })).status).toBe(200);
    expect(await tablesHolding(app, secrets)).toEqual([]);
    const events = await app.eventStore.readStream(`interview-${first.json.id}`);
    const completed = events.find((e) => e.type === 'InterviewCompleted');
    expect((completed!.data as { feedback: string }).feedback).toBe('[erased]');
  });
});
