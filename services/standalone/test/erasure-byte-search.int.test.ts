import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { warmWorkPool } from '@ats/ai';
import { recordAiAnalysis } from '@ats/command-api';
import { docxFromParagraphs } from '@ats/ai/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Standalone } from '../src/server';
import { tablesHolding } from './support/privacy';
import { type Client, candidateBody, signedIn, startTestApp } from './support/test-app';

/**
 * Issue 16's proof for a person with a full life in the app (sweep nine): imported from a CSV,
 * merged with a duplicate that had its own e-mail, notes and e-mails, applied and placed on a job,
 * interviewed (notes, feedback), tasks whose titles name her, e-mails sent, a resume, an AI
 * analysis, her record viewed (access log) and exported (CSV export audit); sweep ten: the
 * interview's place and video link and its invitation e-mail, an AI analysis of her application;
 * then erased. Every row
 * of every table of the store and every file under the blob dir is searched for her name, her two
 * e-mail addresses and the free texts about her (case-insensitive, and in base64).
 */
const FIRST = 'Zephyrine';
const LAST = 'Quillfeather';
const EMAIL = 'zephyrine.quillfeather@erase9.example';
const DUP_EMAIL = 'zq.private.box@erase9.example';
const NOTE = 'Her sister runs the harbour pharmacy';
const DUP_NOTE = 'Asked us not to call the office line';
const DUP_MAIL_SUBJECT = 'Private line for the Halden offer';
const DUP_MAIL_BODY = 'Only use this address, never the office';
const INTERVIEW_NOTES = 'Relocating for her partner in March';
const FEEDBACK = 'Spoke about the illness of last winter';
const TASK_FIRST_NAME = 'Call Zephyrine back';
const TASK_DESCRIPTION = 'Discuss the counter offer she got from Halden';
// sweep ten: an interview's place and video link and an AI analysis of her application name her
const INTERVIEW_LOCATION = `The ${LAST} family house, 4 Quay Street`;
const VIDEO_LINK = `https://meet.example/${FIRST.toLowerCase()}-panel`;
const APPLICATION_ANALYSIS = `${FIRST} ${LAST} fits the Finance Director role`;

let app: Standalone;
let admin: Client;
let recruiter: Client;
let blobDir: string;
let candidateId: number;
let duplicateId: number;
let taskId: number;
let applicationId: number;
const NEEDLES = [
  FIRST,
  LAST,
  EMAIL,
  DUP_EMAIL,
  NOTE,
  DUP_NOTE,
  DUP_MAIL_SUBJECT,
  DUP_MAIL_BODY,
  INTERVIEW_NOTES,
  FEEDBACK,
  TASK_DESCRIPTION,
  INTERVIEW_LOCATION,
  VIDEO_LINK,
];

/** the needle's base64 forms at its three alignments (a blob or a JSON field holding it encoded) */
function base64Forms(needle: string): string[] {
  const out: string[] = [];
  for (let pad = 0; pad < 3; pad++) {
    const encoded = Buffer.from('x'.repeat(pad) + needle).toString('base64');
    // drop the characters that depend on the padding before and the bytes after
    const start = pad === 0 ? 0 : Math.ceil(((pad + 1) * 4) / 3);
    out.push(encoded.slice(start, encoded.length - 4));
  }
  return out.filter((s) => s.length >= 8);
}

const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? walk(join(dir, f)) : [join(dir, f)]));

/** every table row (as text) and every file under the blob dir holding one of the needles, plain or base64 */
async function whereStored(): Promise<string[]> {
  const encoded = [EMAIL, DUP_EMAIL, `${FIRST} ${LAST}`].flatMap(base64Forms);
  const hits = await tablesHolding(app, NEEDLES);
  // base64 is case-sensitive: LIKE, not ILIKE
  for (const hit of await tablesHolding(app, encoded)) hits.push(`base64 ${hit}`);
  for (const file of walk(blobDir)) {
    const bytes = readFileSync(file);
    const text = bytes.toString('utf8').toLowerCase();
    for (const needle of NEEDLES) if (text.includes(needle.toLowerCase())) hits.push(`blob ${file}: ${needle}`);
    const raw = bytes.toString('latin1');
    for (const needle of encoded) if (raw.includes(needle)) hits.push(`blob ${file}: base64 ${needle}`);
  }
  return hits;
}

const caughtUp = async () => app.projector.waitFor(await app.eventStore.headPosition(), 10_000);
async function ok(res: Promise<{ status: number; json: any }>, status = 200) {
  const r = await res;
  expect(r.status, JSON.stringify(r.json)).toBe(status);
  return r.json;
}

beforeAll(async () => {
  blobDir = mkdtempSync(join(tmpdir(), 'ats-erasure9-blobs-'));
  app = await startTestApp({ blobDir, accessLog: true });
  // the resume is read in a worker thread: warm them first, as the server does at its start
  await warmWorkPool();
  admin = await signedIn(app, 'admin');
  recruiter = await signedIn(app, 'recruiter', 'Rita');

  // 1. imported from a CSV (the upload is kept for a resumable import)
  const csv = ['First name,Last name,Email,Title,Company', `${FIRST},${LAST},${EMAIL},Finance Director,Halden Shipping`, ''].join('\r\n');
  const upload = await ok(recruiter.post('/api/imports', { kind: 'candidates', fileName: 'agency-export.csv', csv }), 201);
  await ok(recruiter.post(`/api/imports/${upload.importId}/start`, { mapping: upload.mapping }), 202);
  await app.commandApi.imports.settled(upload.importId);
  await caughtUp();
  const found = await ok(recruiter.get(`/api/candidates?search=${LAST}`));
  candidateId = found[0].id;
  await ok(recruiter.post(`/api/candidates/${candidateId}/notes`, { content: NOTE }), 201);
  // a resume (a DOCX: reading a PDF is heavier work, which a loaded box can take past its 10 s limit)
  const resume = docxFromParagraphs([`${FIRST} ${LAST}`, EMAIL, 'Finance Director at Halden Shipping']);
  // reading a resume has a 10 s work limit, which a loaded 2-core box can pass: tried up to five times
  const sendResume = () =>
    recruiter.post(`/api/candidates/${candidateId}/resume`, {
      fileName: `${LAST}-cv.docx`,
      fileData: `data:application/vnd.openxmlformats-officedocument.wordprocessingml.document;base64,${resume.toString('base64')}`,
    });
  let uploaded = await sendResume();
  for (let tries = 1; tries < 5 && uploaded.status === 422; tries++) uploaded = await sendResume();
  expect(uploaded.status, JSON.stringify(uploaded.json)).toBe(200);

  // 2. a duplicate with its own e-mail, note and e-mail sent to it, merged into her
  const dup = await ok(
    recruiter.post('/api/candidates', candidateBody({ firstName: FIRST, lastName: LAST, email: DUP_EMAIL, phone: '+44 20 7946 0444' })),
    201,
  );
  duplicateId = dup.id;
  await ok(recruiter.post(`/api/candidates/${duplicateId}/notes`, { content: DUP_NOTE }), 201);
  await ok(recruiter.post('/api/email/send', { to: DUP_EMAIL, subject: DUP_MAIL_SUBJECT, text: DUP_MAIL_BODY }));
  await caughtUp();
  const seenA = await ok(recruiter.get(`/api/candidates/${candidateId}`));
  const seenB = await ok(recruiter.get(`/api/candidates/${duplicateId}`));
  await ok(
    recruiter.post(`/api/candidates/${candidateId}/merge`, {
      absorbedId: duplicateId,
      choices: { phone: 'absorbed' },
      survivorRevision: seenA.revision,
      absorbedRevision: seenB.revision,
    }),
  );

  // 3. applied, moved and placed on a job
  const client = await ok(recruiter.post('/api/clients', { companyName: 'Halden Shipping' }), 201);
  const job = await ok(
    recruiter.post('/api/jobs', { title: 'Finance Director', clientId: client.id, salaryMax: 180_000, feePercentage: 20 }),
    201,
  );
  const application = await ok(recruiter.post('/api/applications', { candidateId, jobId: job.id }), 201);
  applicationId = application.id;
  for (const stage of ['phone_screen', 'interview', 'offer', 'placed'])
    await ok(recruiter.patch(`/api/applications/${application.id}/stage`, { stage }));

  // 4. interviewed: notes, then feedback
  const interview = await ok(
    recruiter.post('/api/interviews', {
      candidateId,
      jobId: job.id,
      scheduledAt: new Date(Date.now() - 86_400_000).toISOString(),
      interviewers: [{ name: 'Panel' }],
      notes: INTERVIEW_NOTES,
      location: INTERVIEW_LOCATION,
      videoLink: VIDEO_LINK,
    }),
    201,
  );
  // its calendar invitation e-mailed to her (the address was plaintext in InterviewInvitationSent)
  await ok(recruiter.post(`/api/interviews/${interview.id}/invitation`, {}));
  await ok(recruiter.post(`/api/interviews/${interview.id}/complete`, { feedback: FEEDBACK, rating: 4 }));

  // 5. tasks naming her (one by her first name alone), one edited later
  await ok(recruiter.post('/api/tasks', { title: TASK_FIRST_NAME, relatedTo: { kind: 'candidate', id: candidateId } }), 201);
  const task = await ok(
    recruiter.post('/api/tasks', {
      title: `Send ${FIRST} ${LAST} the contract`,
      description: TASK_DESCRIPTION,
      relatedTo: { kind: 'application', id: application.id },
    }),
    201,
  );
  taskId = task.id;
  await caughtUp();
  const taskNow = await ok(recruiter.get(`/api/tasks/${taskId}`));
  await ok(recruiter.patch(`/api/tasks/${taskId}`, { title: `Chase ${LAST} for the signed contract`, baseRevision: taskNow.revision }));

  // 6. an e-mail to her, a resume, an AI analysis (the built-in engine, no network)
  await ok(
    recruiter.post(`/api/candidates/${candidateId}/email`, {
      template: 'follow_up',
      customData: { subject: `Next steps, ${FIRST}`, message: `Dear ${FIRST}, the contract is on its way` },
    }),
  );
  await ok(recruiter.post(`/api/ai/analyze-candidate/${candidateId}`));
  // an AI analysis of her application (recorded by the engines' handler; no route records one yet)
  await recordAiAnalysis(
    app.commandApi.deps,
    { correlationId: 'erase-ten', metadata: { now: new Date().toISOString(), actor: { id: 'system', name: 'System' } } },
    {
      engine: 'builtin',
      model: 'm',
      promptVersion: '1',
      inputHash: 'h',
      analysisType: 'prediction',
      entityType: 'application',
      entityId: applicationId,
      results: { summary: APPLICATION_ANALYSIS },
      score: 80,
      confidence: 0.6,
    },
  );

  // 7. viewed (access log) and exported (the export's audit record)
  await ok(admin.get(`/api/candidates/${candidateId}`));
  const exported = await recruiter.get(`/api/exports/candidates?search=${LAST}`);
  expect(exported.status).toBe(200);
  expect(exported.text).toContain(EMAIL);
  await new Promise((resolve) => setTimeout(resolve, 1_500)); // the access log writes a second after a read
  await caughtUp();
}, 180_000);

afterAll(async () => {
  await app?.close();
});

describe('erasure of a person with a full history: every stored byte searched (issue 16, sweep nine)', () => {
  let metricsBefore: { placementsThisMonth: number; revenueYTD: number };

  it('finds her everywhere before the erasure (the search can see her)', async () => {
    const hits = await whereStored();
    for (const table of ['doc_candidates', 'doc_tasks', 'doc_communications', 'doc_interviews'])
      expect(
        hits.some((h) => h.startsWith(`${table}:`)),
        table,
      ).toBe(true);
    // the log holds none of it in plaintext, the task texts included
    expect(hits.filter((h) => h.startsWith('events:'))).toEqual([]);
    // the resume and the import's upload
    expect(walk(blobDir).length).toBe(2);
    metricsBefore = (await admin.get('/api/dashboard/metrics')).json;
    expect(metricsBefore.placementsThisMonth).toBe(1);
  });

  it('after the erasure no table row and no file holds her name, addresses or the texts about her; the chain verifies', async () => {
    await ok(admin.post(`/api/candidates/${candidateId}/erase`, { reason: 'Art. 17 request (sweep nine)' }));
    await caughtUp();
    expect(await whereStored()).toEqual([]);
    // the resume is deleted; the import's upload stays, her row in it "[erased]"
    expect(walk(blobDir).length).toBe(1);
    expect(readFileSync(walk(blobDir)[0]!, 'utf8')).toContain('[erased],[erased],[erased],Finance Director');
    expect((await admin.get('/api/audit/verify')).json.ok).toBe(true);
    const after = (await admin.get('/api/dashboard/metrics')).json;
    expect({ p: after.placementsThisMonth, r: after.revenueYTD }).toEqual({
      p: metricsBefore.placementsThisMonth,
      r: metricsBefore.revenueYTD,
    });
    expect((await admin.get(`/api/candidates/${candidateId}`)).status).toBe(404);
    expect((await admin.get(`/api/candidates/${duplicateId}`)).status).toBe(404);
  });

  it('her tasks stay as work to do, without her name: title and description read "[erased]"', async () => {
    const task = await ok(admin.get(`/api/tasks/${taskId}`));
    expect(task.title).toBe('[erased]');
    expect(task.description).toBe('[erased]');
    // ticking it off works; a new title would be recorded about her, so it is refused as any such write
    const ticked = await ok(recruiter.request('PUT', `/api/tasks/${taskId}`, { status: 'completed' }));
    const now = await ok(recruiter.get(`/api/tasks/${taskId}?minPosition=${ticked.position}`));
    expect(now.status).toBe('completed');
    const edit = await recruiter.patch(`/api/tasks/${taskId}`, { title: 'Chase the contract', baseRevision: now.revision });
    expect(edit.status, JSON.stringify(edit.json)).toBe(409);
    expect(edit.json.code).toBe('subject_erased');
    // the audit browser's events of the task and the application's History read "[erased]" where she was
    const events = JSON.stringify((await ok(admin.get(`/api/events?stream=task-${taskId}`))).events);
    const history = JSON.stringify(await ok(admin.get(`/api/applications/${applicationId}/history`)));
    for (const text of [events, history]) {
      expect(text).toContain('[erased]');
      expect(text).not.toMatch(new RegExp(`${FIRST}|${LAST}`, 'i'));
    }
  });

  it('a rebuild of every read model brings nothing back', async () => {
    await app.projector.rebuild();
    await caughtUp();
    expect(await whereStored()).toEqual([]);
    expect((await admin.get('/api/audit/verify')).json.ok).toBe(true);
    expect((await admin.get('/api/dashboard/metrics')).json.placementsThisMonth).toBe(1);
  });
});
