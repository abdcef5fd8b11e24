import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApplicationSchema,
  CandidateSchema,
  HistoryPageSchema,
  JobDetailSchema,
  PipelineSummarySchema,
  ProblemSchema,
  type HistoryEntry,
} from '@ats/contracts';
import type { Standalone } from '../src/server';
import { type Client, candidateBody, signedIn, startTestApp } from './support/test-app';

/** A record's History, reads as of a past moment, and the access log, over real HTTP on PGlite. */
let app: Standalone;
let recruiter: Awaited<ReturnType<typeof signedIn>>;
let auditor: Awaited<ReturnType<typeof signedIn>>;
let manager: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  app = await startTestApp({ accessLog: true });
  recruiter = await signedIn(app, 'recruiter', 'Rita');
  auditor = await signedIn(app, 'auditor', 'Audrey');
  manager = await signedIn(app, 'manager', 'Dana');
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

async function history(client: Client, path: string, position: number) {
  return HistoryPageSchema.parse(await ok(client.get(at(path, position))));
}

/** a story: a candidate created, edited twice, a note, attached to a job and moved */
async function story() {
  const created = await ok(recruiter.post('/api/candidates', candidateBody({ currentTitle: 'VP Finance', salaryExpectation: 250 })), 201);
  const id = created.id as number;
  const createdAt = new Date().toISOString();
  const edit1 = await ok(recruiter.patch(`/api/candidates/${id}`, { currentTitle: 'CFO', salaryExpectation: 280 }));
  const note = await ok(recruiter.post(`/api/candidates/${id}/notes`, { content: 'Met for coffee' }), 201);
  const job = await ok(recruiter.post('/api/jobs', { title: 'Group CFO' }), 201);
  const app1 = await ok(recruiter.post('/api/applications', { candidateId: id, jobId: job.id }), 201);
  const moved = await ok(recruiter.patch(`/api/applications/${app1.id}/stage`, { stage: 'interview' }));
  const moved2 = await ok(recruiter.patch(`/api/applications/${app1.id}/stage`, { stage: 'offer' }));
  return { id, created, createdAt, edit1, note, job, app: app1, moved, moved2 };
}

describe('GET /api/{records}/:id/history', () => {
  it("lists a candidate's events newest first, with field changes, related events and links", async () => {
    const s = await story();
    const page = await history(auditor, `/api/candidates/${s.id}/history`, s.moved2.position);
    const types = page.entries.map((e) => e.type);
    expect(types).toEqual([
      'ApplicationStageChanged',
      'ApplicationStageChanged',
      'ApplicationCreated',
      'NoteAdded',
      'CandidateUpdated',
      'CandidateRegistered',
    ]);
    const edit = page.entries.find((e) => e.type === 'CandidateUpdated')!;
    expect(edit.kind).toBe('change');
    expect(edit.actor.name).toBe('Rita Tester');
    expect(edit.changes).toEqual([
      { field: 'currentTitle', label: 'Current Job Title', from: 'VP Finance', to: 'CFO' },
      { field: 'salaryExpectation', label: 'Salary Expectation', from: '$250,000', to: '$280,000' },
    ]);
    const move = page.entries[0]!;
    expect(move.kind).toBe('related');
    expect(move.changes).toEqual([{ field: 'stage', label: 'Stage', from: 'Interview', to: 'Offer' }]);
    expect(move.summary).toBe('Moved Ada Lovelace Interview → Offer (Group CFO)');
    expect(move.links).toEqual(
      expect.arrayContaining([
        { kind: 'job', id: s.job.id, label: 'Group CFO' },
        { kind: 'application', id: s.app.id, label: 'Ada Lovelace — Group CFO' },
      ]),
    );
    expect(page.entries.find((e) => e.type === 'NoteAdded')!.summary).toBe('Added a note: “Met for coffee”');
    expect(page.next).toBeNull();
  });

  it('pages with `before` and `next`', async () => {
    const s = await story();
    const first = await history(auditor, `/api/candidates/${s.id}/history?limit=4`, s.moved2.position);
    expect(first.entries).toHaveLength(4);
    expect(first.next).toBe(first.entries[3]!.position);
    const second = await history(auditor, `/api/candidates/${s.id}/history?limit=4&before=${first.next}`, s.moved2.position);
    expect(second.entries.map((e) => e.type)).toEqual(['CandidateUpdated', 'CandidateRegistered']);
    expect(second.next).toBeNull();
    // the field changes are the same whichever page an event is on
    expect(second.entries[0]!.changes.map((c) => c.field)).toEqual(['currentTitle', 'salaryExpectation']);
  });

  it('as of a past moment (a position or a time) lists only what had happened by then', async () => {
    const s = await story();
    const path = `/api/candidates/${s.id}/history`;
    const byPosition = await history(auditor, `${path}?asOf=${s.note.position}`, s.moved2.position);
    expect(byPosition.entries.map((e) => e.type)).toEqual(['NoteAdded', 'CandidateUpdated', 'CandidateRegistered']);
    const now = await history(auditor, path, s.moved2.position);
    const noteAt = now.entries.find((e) => e.type === 'NoteAdded')!.occurredAt;
    const byTime = await history(auditor, `${path}?asOf=${encodeURIComponent(noteAt)}`, s.moved2.position);
    expect(byTime.entries.map((e) => e.type)).toEqual(['NoteAdded', 'CandidateUpdated', 'CandidateRegistered']);
    // paging stays within the moment
    const first = await history(auditor, `${path}?asOf=${s.note.position}&limit=2`, s.moved2.position);
    expect(first.entries.map((e) => e.type)).toEqual(['NoteAdded', 'CandidateUpdated']);
    const second = await history(auditor, `${path}?asOf=${s.note.position}&limit=2&before=${first.next}`, s.moved2.position);
    expect(second.entries.map((e) => e.type)).toEqual(['CandidateRegistered']);
    // a job order viewed as of its board's first move: the later move is not in its History
    const job = await history(manager, `/api/jobs/${s.job.id}/history?asOf=${s.moved.position}`, s.moved2.position);
    expect(job.entries.map((e) => e.type)).toEqual(['ApplicationStageChanged', 'ApplicationCreated', 'JobCreated']);
    const bad = await recruiter.get(`${path}?asOf=yesterday`);
    expect(bad.status).toBe(400);
    expect(ProblemSchema.parse(bad.json).errors?.[0]?.path ?? '').toContain('asOf');
  });

  it("a job's and an application's History; the application's shows each move", async () => {
    const s = await story();
    const job = await history(manager, `/api/jobs/${s.job.id}/history`, s.moved2.position);
    expect(job.entries.map((e) => e.type)).toEqual([
      'ApplicationStageChanged',
      'ApplicationStageChanged',
      'ApplicationCreated',
      'JobCreated',
    ]);
    expect(job.entries.at(-1)!.changes).toContainEqual({ field: 'title', label: 'Job Title', from: null, to: 'Group CFO' });
    const application = await history(manager, `/api/applications/${s.app.id}/history`, s.moved2.position);
    const moves = application.entries.filter((e: HistoryEntry) => e.type === 'ApplicationStageChanged');
    expect(moves.map((e) => e.kind)).toEqual(['change', 'change']);
    expect(moves.map((e) => e.changes[0])).toEqual([
      { field: 'stage', label: 'Stage', from: 'Interview', to: 'Offer' },
      { field: 'stage', label: 'Stage', from: 'Applied', to: 'Interview' },
    ]);
  });

  it("a client's History lists its edits, contacts and job orders", async () => {
    const client = await ok(recruiter.post('/api/clients', { companyName: 'Orion Partners' }), 201);
    const edited = await ok(recruiter.patch(`/api/clients/${client.id}`, { industry: 'Finance' }));
    const job = await ok(recruiter.post('/api/jobs', { title: 'COO', clientId: client.id }), 201);
    const page = await history(auditor, `/api/clients/${client.id}/history`, job.position);
    expect(page.entries.map((e) => e.type)).toEqual(['JobCreated', 'ClientUpdated', 'ClientCreated']);
    expect(page.entries[1]!.changes).toEqual([{ field: 'industry', label: 'Industry', from: null, to: 'Finance' }]);
    expect(edited.position).toBeGreaterThan(0);
  });

  it('is a 404 for a record that never existed and a 400 for a bad page', async () => {
    expect(ProblemSchema.parse(await ok(auditor.get('/api/candidates/987654/history'), 404)).code).toBe('not_found');
    const bad = ProblemSchema.parse(await ok(auditor.get('/api/candidates/1/history?limit=0'), 400));
    expect(bad.errors?.[0]?.path).toBe('query.limit');
  });
});

describe('reads as of a moment (?asOf=)', () => {
  it('answers a candidate as it was at a position and at a time, in the same shape as today', async () => {
    const s = await story();
    const then = CandidateSchema.parse(await ok(auditor.get(at(`/api/candidates/${s.id}?asOf=${s.created.position}`, s.moved2.position))));
    expect(then.currentTitle).toBe('VP Finance');
    expect(then.salaryExpectation).toBe(250);
    const now = CandidateSchema.parse(await ok(auditor.get(`/api/candidates/${s.id}`)));
    expect(now.currentTitle).toBe('CFO');
    // everything up to the position equals today's read (the same evolve)
    const latest = CandidateSchema.parse(await ok(auditor.get(`/api/candidates/${s.id}?asOf=${s.moved2.position}`)));
    expect(latest).toEqual(now);
    const byTime = CandidateSchema.parse(
      await ok(auditor.get(`/api/candidates/${s.id}?asOf=${encodeURIComponent(new Date().toISOString())}`)),
    );
    expect(byTime.currentTitle).toBe('CFO');
  });

  it('is a 404 before the record existed and a 400 for a bad asOf', async () => {
    const s = await story();
    const before = await ok(auditor.get(`/api/candidates/${s.id}?asOf=${s.created.position - 1}`), 404);
    expect(ProblemSchema.parse(before).code).toBe('not_found');
    expect((await auditor.get(`/api/candidates/${s.id}?asOf=2000-01-01T00:00:00Z`)).status).toBe(404);
    const bad = ProblemSchema.parse(await ok(auditor.get(`/api/candidates/${s.id}?asOf=yesterday`), 400));
    expect(bad.errors?.[0]?.path).toBe('query.asOf');
    expect((await auditor.get(`/api/jobs/${s.job.id}?asOf=-3`)).status).toBe(400);
  });

  it('answers the board and its summary, and the job, as they were', async () => {
    const s = await story();
    const board = (await ok(auditor.get(at(`/api/applications?job=${s.job.id}&asOf=${s.moved.position}`, s.moved2.position)))) as unknown[];
    const cards = board.map((c) => ApplicationSchema.parse(c));
    expect(cards.map((c) => [c.id, c.stage])).toEqual([[s.app.id, 'interview']]);
    expect(cards[0]!.candidate.lastName).toBe('Lovelace');
    const summary = PipelineSummarySchema.parse(
      await ok(auditor.get(`/api/applications/summary?job=${s.job.id}&asOf=${s.moved.position}`)),
    );
    expect(summary.total).toBe(1);
    expect(summary.stages.interview).toBe(1);
    const empty = PipelineSummarySchema.parse(await ok(auditor.get(`/api/applications/summary?job=${s.job.id}&asOf=${s.job.position}`)));
    expect(empty.total).toBe(0);
    const job = JobDetailSchema.parse(await ok(auditor.get(`/api/jobs/${s.job.id}?asOf=${s.moved.position}`)));
    expect(job.candidateCount).toBe(1);
    expect(job.title).toBe('Group CFO');
    const client = await ok(recruiter.post('/api/clients', { companyName: 'Vega' }), 201);
    await ok(recruiter.patch(`/api/clients/${client.id}`, { companyName: 'Vega Holdings' }));
    const clientThen = await ok(auditor.get(`/api/clients/${client.id}?asOf=${client.position}`));
    expect(clientThen.companyName).toBe('Vega');
  });
});

describe('who saw what', () => {
  it("a read of a candidate shows up in the candidate's History within a couple of seconds", async () => {
    const s = await story();
    await ok(auditor.get(`/api/candidates/${s.id}`));
    await expect
      .poll(
        async () => {
          const page = HistoryPageSchema.parse(await ok(manager.get(`/api/candidates/${s.id}/history`)));
          return page.entries.filter((e) => e.kind === 'access').flatMap((e) => e.accesses.map((a) => [a.userName, a.kind]));
        },
        { timeout: 5000, interval: 200 },
      )
      .toContainEqual(['Audrey Tester', 'read']);
    const page = HistoryPageSchema.parse(await ok(manager.get(`/api/candidates/${s.id}/history`)));
    const access = page.entries.find((e) => e.kind === 'access')!;
    expect(access.summary).toContain('Viewed by Audrey Tester');
  });

  it("a resume download serves the uploaded file and shows up as 'Downloaded by' in the History and the log", async () => {
    const s = await story();
    // no file uploaded yet: a clear 404, and nothing is logged
    const none = await auditor.get(`/api/candidates/${s.id}/resume/file`);
    expect(none.status).toBe(404);
    expect(ProblemSchema.parse(none.json).detail).toBe('No resume file has been uploaded for this candidate.');
    const bytes = Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1');
    const fileName = 'Résumé Jane.pdf';
    await ok(
      recruiter.post(`/api/candidates/${s.id}/resume`, { fileName, fileData: `data:application/pdf;base64,${bytes.toString('base64')}` }),
    );
    const res = await fetch(`${app.url}/api/candidates/${s.id}/resume/file?minPosition=${await app.eventStore.headPosition()}`, {
      headers: { Cookie: auditor.cookie },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="R_sum_ Jane.pdf"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    );
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
    await expect
      .poll(
        async () => {
          const page = HistoryPageSchema.parse(await ok(manager.get(`/api/candidates/${s.id}/history`)));
          return page.entries.filter((e) => e.kind === 'access').flatMap((e) => e.accesses.map((a) => [a.userName, a.kind, a.detail]));
        },
        { timeout: 5000, interval: 200 },
      )
      .toContainEqual(['Audrey Tester', 'download', fileName]);
    const log = await ok(auditor.get(`/api/events?type=RecordsAccessed&stream=access-log&order=desc&limit=20`));
    const downloads = (log.events as Array<{ data: { entityId: number; accesses: Array<{ kind: string }> } }>).filter(
      (e) => e.data.entityId === s.id && e.data.accesses.some((a) => a.kind === 'download'),
    );
    expect(downloads).toHaveLength(1);
  });
});

describe('data as of event N', () => {
  it('every read names the read models position and the log head, which differ while the projector is behind', async () => {
    const first = await recruiter.get(`/api/candidates?minPosition=${await app.eventStore.headPosition()}`);
    expect(first.status).toBe(200);
    const position = Number(first.headers.get('x-read-position'));
    expect(position).toBeGreaterThan(0);
    expect(Number(first.headers.get('x-log-head'))).toBe(position);
    // the projector stops: the log moves on, the read models do not
    await app.projector.stop();
    try {
      const created = await ok(recruiter.post('/api/candidates', candidateBody()), 201);
      await new Promise((resolve) => setTimeout(resolve, 1100)); // the head is asked at most once a second
      const behind = await recruiter.get('/api/candidates');
      expect(Number(behind.headers.get('x-read-position'))).toBe(position);
      expect(Number(behind.headers.get('x-log-head'))).toBeGreaterThanOrEqual(created.position as number);
    } finally {
      await app.projector.start();
    }
    const head = await app.eventStore.headPosition();
    const after = await recruiter.get(`/api/candidates?minPosition=${head}`);
    expect(Number(after.headers.get('x-read-position'))).toBe(Number(after.headers.get('x-log-head')));
  });
});
