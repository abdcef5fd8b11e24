import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { createLlmEngine } from '@ats/ai';
import { docxFromParagraphs, zipFiles } from '@ats/ai/testing';
import { createPostmarkSender } from '@ats/mail';
import { AiStatsSchema, CandidateSchema, CommunicationSchema, JobSchema, ProblemSchema, RESUME_MESSAGES, contracts } from '@ats/contracts';
import type { Standalone } from '../src/server';
import { Client, candidateBody, signedIn, startTestApp } from './support/test-app';

/**
 * Issue 5 over real HTTP on the embedded store: every AI route (built-in engine, and the LLM
 * engine against a local OpenAI-compatible server), resume parsing and upload (blob store, magic
 * bytes, limits), e-mail through the outbox and through Postmark against a local server.
 */

// ── a local OpenAI-compatible server ────────────────────────────────────────────────────────────
type LlmMode = 'good' | 'malformed' | 'slow' | 'refusal' | 'resume';
let llmMode: LlmMode = 'good';
const completion = (message: Record<string, unknown>) => ({
  id: 'chatcmpl-test',
  object: 'chat.completion',
  created: 1,
  model: 'gpt-test',
  choices: [{ index: 0, message: { role: 'assistant', ...message }, finish_reason: 'stop', logprobs: null }],
  usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
});
/** The model's reading of RESUME_LINES: one field the rules also find, a mobile it invents, a summary. */
const GOOD_RESUME = {
  firstName: 'Katherine',
  lastName: 'Johnson',
  email: 'katherine.johnson@example.com',
  phone: '(757) 555-0142',
  mobilePhone: '+1 202 555 0199',
  currentTitle: 'Chief Financial Officer',
  currentCompany: 'Langley Capital',
  location: 'Hampton, VA',
  linkedinUrl: null,
  skills: ['Financial Planning', 'IPO Readiness'],
  experience: '18 years',
  salaryExpectation: null,
  summary: 'Finance executive leading FP&A, M&A and IPO readiness.',
};
const GOOD_INTERVIEW = {
  communicationSkills: 8,
  technicalCompetency: 7,
  culturalFit: 9,
  motivation: 8,
  recommendation: 'Advance to the final round.',
};

// ── a local server that answers like Postmark ───────────────────────────────────────────────────
let postmarkReply: { status: number; body: unknown } = { status: 200, body: {} };
const postmarkSeen: Array<{ method: string; url: string; body: any }> = [];

function jsonServer(
  handle: (req: { method: string; url: string; body: any }, send: (status: number, body: unknown) => void) => void,
): Promise<{ server: Server; address: string }> {
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () =>
      handle({ method: req.method!, url: req.url!, body: raw ? JSON.parse(raw) : null }, (status, body) => {
        if (res.writableEnded) return;
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(body));
      }),
    );
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, address: `127.0.0.1:${(server.address() as AddressInfo).port}` })),
  );
}

let app: Standalone;
let llmApp: Standalone;
let recruiter: Awaited<ReturnType<typeof signedIn>>;
let auditor: Awaited<ReturnType<typeof signedIn>>;
let llmRecruiter: Awaited<ReturnType<typeof signedIn>>;
const servers: Server[] = [];

beforeAll(async () => {
  const llm = await jsonServer((req, send) => {
    switch (llmMode) {
      case 'good':
        return send(200, completion({ content: JSON.stringify(GOOD_INTERVIEW), refusal: null }));
      case 'malformed':
        return send(200, completion({ content: '{"communicationSkills": 8, "technic', refusal: null }));
      case 'refusal':
        return send(200, completion({ content: null, refusal: "I can't help with that." }));
      case 'resume':
        return send(200, completion({ content: JSON.stringify(GOOD_RESUME), refusal: null }));
      case 'slow':
        setTimeout(() => send(200, completion({ content: JSON.stringify(GOOD_INTERVIEW), refusal: null })), 2000).unref();
        return;
    }
  });
  const postmark = await jsonServer((req, send) => {
    postmarkSeen.push(req);
    if (req.url.startsWith('/server')) return send(200, { ID: 1, Name: 'ATS Test' });
    send(postmarkReply.status, postmarkReply.body);
  });
  servers.push(llm.server, postmark.server);

  app = await startTestApp({ blobDir: mkdtempSync(join(tmpdir(), 'ats-test-blobs-')), teamName: 'Agency Search' });
  llmApp = await startTestApp({
    ai: createLlmEngine({ apiKey: 'sk-test', baseURL: `http://${llm.address}/v1`, model: 'gpt-test', timeoutMs: 500 }),
    mail: createPostmarkSender({
      serverToken: 'pm-token',
      from: 'search@agency.example',
      fromName: 'Agency Search',
      requestHost: postmark.address,
      useHttps: false,
    }),
    teamName: 'Agency Search',
  });
  recruiter = await signedIn(app, 'recruiter', 'Rita');
  auditor = await signedIn(app, 'auditor', 'Audrey');
  llmRecruiter = await signedIn(llmApp, 'recruiter', 'Lena');
}, 60_000);

afterAll(async () => {
  await app?.close();
  await llmApp?.close();
  for (const s of servers) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
});

const read = (client: Client, path: string, position: number) =>
  client.get(`${path}${path.includes('?') ? '&' : '?'}minPosition=${position}`);

/** Runs a request and returns the events it appended. */
async function withEvents(on: Standalone, fn: () => Promise<{ status: number; json: any; text: string; headers: Headers }>) {
  const before = await on.eventStore.headPosition();
  const res = await fn();
  const events = await on.eventStore.readAll({ after: before, limit: 1000 });
  return { res, events, types: events.map((e) => e.type).filter((t) => t !== 'IdReserved') };
}

async function seed(client: Client, tag: string) {
  const clientRes = await client.post('/api/clients', { companyName: `Northwind ${tag}`, industry: 'Financial Services' });
  const job = await client.post('/api/jobs', {
    title: 'Chief Financial Officer',
    clientId: clientRes.json.id,
    location: 'New York, NY',
    salaryMin: 300,
    salaryMax: 400,
    requirements: 'Financial Planning, M&A, IPO readiness. 15+ years of leadership in finance.',
    description: 'Lead the finance team through growth and an IPO; partner with the board.',
  });
  const candidate = await client.post(
    '/api/candidates',
    candidateBody({
      firstName: 'Grace',
      lastName: `Hopper${tag}`,
      currentTitle: 'VP Finance',
      skills: ['Financial Planning', 'M&A', 'Leadership'],
      location: 'New York, NY',
      salaryExpectation: 350,
      experience: '16 years',
    }),
  );
  const application = await client.post('/api/applications', { candidateId: candidate.json.id, jobId: job.json.id });
  await read(client, `/api/candidates/${candidate.json.id}`, application.json.position);
  return {
    jobId: job.json.id as number,
    candidateId: candidate.json.id as number,
    candidateEmail: (await client.get(`/api/candidates/${candidate.json.id}`)).json.email as string,
  };
}

const stats = async (client: Client, position = 0) => AiStatsSchema.parse((await read(client, '/api/ai/stats', position)).json);
const isHash = (s: unknown) => typeof s === 'string' && /^[0-9a-f]{64}$/.test(s);

// ── AI routes, built-in engine ──────────────────────────────────────────────────────────────────
describe('AI routes with the built-in engine', () => {
  let ids: Awaited<ReturnType<typeof seed>>;
  beforeAll(async () => {
    ids = await seed(recruiter, 'A');
  });

  it('analyses a candidate: result, ONE recorded event, the candidate’s AI fields and the stats follow', async () => {
    const before = await stats(recruiter);
    const { res, types, events } = await withEvents(app, () => recruiter.post(`/api/ai/analyze-candidate/${ids.candidateId}`));
    expect(res.status).toBe(200);
    const body = contracts.analyzeCandidate.response.parse(res.json);
    expect(body.engine).toEqual({ engine: 'builtin', model: 'rules-v2', promptVersion: 'builtin-2' });
    expect(body.skillsExtracted.length).toBeGreaterThan(0);
    expect(types).toEqual(['AiAnalysisRecorded']);
    const recorded = events.find((e) => e.type === 'AiAnalysisRecorded')!;
    expect(recorded.data).toMatchObject({
      analysisId: body.analysisId,
      engine: 'builtin',
      model: 'rules-v2',
      promptVersion: 'builtin-2',
      analysisType: 'profile',
      entityType: 'candidate',
      entityId: ids.candidateId,
      score: body.score,
      confidence: body.confidence,
    });
    expect(isHash((recorded.data as any).inputHash)).toBe(true);
    expect(recorded.position).toBe(body.position);

    const candidate = CandidateSchema.parse((await read(recruiter, `/api/candidates/${ids.candidateId}`, body.position)).json);
    expect(candidate).toMatchObject({
      aiMatchScore: body.score,
      aiSummary: body.summary,
      aiExperienceLevel: body.experienceLevel,
      aiSkillsExtracted: body.skillsExtracted,
      aiPersonalityTraits: body.personalityTraits,
      aiLastAnalyzed: expect.any(String),
    });
    expect(await stats(recruiter, body.position)).toEqual({ ...before, candidateAnalyses: before.candidateAnalyses + 1 });
    // the dashboard's AI Analytics counts it, without reading the candidate list
    const totals = contracts.aiAnalytics.response.parse((await read(recruiter, '/api/dashboard/ai-analytics', body.position)).json);
    expect(totals.analyzed).toBeGreaterThanOrEqual(1);
    expect(totals.total).toBeGreaterThanOrEqual(totals.analyzed);
    expect(totals.scored).toBeGreaterThanOrEqual(1);
    expect(totals.scoreSum).toBeGreaterThanOrEqual(body.score ?? 0);
    expect(totals.recentlyAnalyzed[0]).toMatchObject({ id: ids.candidateId, aiMatchScore: body.score });
    expect(totals.highScorers).toBeLessThanOrEqual(totals.scored);
    if ((body.score ?? 0) >= totals.highScore) expect(totals.highScorers).toBeGreaterThanOrEqual(1);

    // the same input hashes the same
    const again = await withEvents(app, () => recruiter.post(`/api/ai/analyze-candidate/${ids.candidateId}`));
    expect((again.events.find((e) => e.type === 'AiAnalysisRecorded')!.data as any).inputHash).toBe((recorded.data as any).inputHash);
  });

  it('analyses a job order; the job’s AI fields follow', async () => {
    const { res, types } = await withEvents(app, () => recruiter.post(`/api/ai/analyze-job/${ids.jobId}`));
    expect(res.status).toBe(200);
    const body = contracts.analyzeJob.response.parse(res.json);
    expect(types).toEqual(['AiAnalysisRecorded']);
    expect(body.requiredSkills).toEqual(expect.arrayContaining(['Financial Planning']));
    const job = JobSchema.parse((await read(recruiter, `/api/jobs/${ids.jobId}`, body.position)).json);
    expect(job).toMatchObject({
      aiRequiredSkills: body.requiredSkills,
      aiPreferredExperience: body.preferredExperience,
      aiGeneratedQuestions: body.generatedQuestions,
      aiLastAnalyzed: expect.any(String),
    });
  });

  it('matches, writes a message and predicts success: each counted in the stats', async () => {
    const before = await stats(recruiter);
    const match = await withEvents(app, () =>
      recruiter.post('/api/ai/match-candidate-job', { candidateId: ids.candidateId, jobId: ids.jobId }),
    );
    expect(match.res.status).toBe(200);
    const m = contracts.matchCandidateJob.response.parse(match.res.json);
    expect(m.compatibilityScore).toBeGreaterThan(40);
    expect(match.events.find((e) => e.type === 'AiAnalysisRecorded')!.data).toMatchObject({
      analysisType: 'job_match',
      score: m.compatibilityScore,
      results: expect.objectContaining({ jobId: ids.jobId }),
    });

    const message = await recruiter.post('/api/ai/generate-message', {
      candidateId: ids.candidateId,
      jobId: ids.jobId,
      messageType: 'interview_invite',
    });
    expect(message.status).toBe(200);
    const msg = contracts.generateMessage.response.parse(message.json);
    expect(msg.subject).toContain('Chief Financial Officer');
    expect(msg.message).toContain('Dear Grace');
    expect(msg.message).toContain('Rita Tester');

    const predict = await recruiter.post('/api/ai/predict-success', { candidateId: ids.candidateId, jobId: ids.jobId });
    expect(predict.status).toBe(200);
    const p = contracts.predictSuccess.response.parse(predict.json);
    expect(p.successProbability).toBeGreaterThan(0);
    expect(await stats(recruiter, p.position)).toEqual({
      ...before,
      candidateAnalyses: before.candidateAnalyses + 1,
      messagesGenerated: before.messagesGenerated + 1,
      predictions: before.predictions + 1,
    });
  });

  it('benchmarks salaries from the job orders on record', async () => {
    await recruiter.post('/api/jobs', { title: 'Chief Financial Officer', location: 'New York, NY', salaryMin: 320, salaryMax: 420 });
    const last = await recruiter.post('/api/jobs', { title: 'CFO', location: 'New York, NY', salaryMin: 280, salaryMax: 380 });
    await read(recruiter, '/api/jobs', last.json.position);
    const before = await stats(recruiter);
    const { res, events } = await withEvents(app, () =>
      recruiter.post('/api/ai/salary-benchmark', { jobTitle: 'Chief Financial Officer', location: 'New York, NY', experienceLevel: 'mid' }),
    );
    expect(res.status).toBe(200);
    const body = contracts.salaryBenchmark.response.parse(res.json);
    expect(body.basedOnRecords).toBeGreaterThanOrEqual(2);
    expect(body.marketSalaryRange.median).toBeGreaterThanOrEqual(300);
    expect(body.marketSalaryRange.median).toBeLessThanOrEqual(400);
    expect(events.find((e) => e.type === 'AiAnalysisRecorded')!.data).toMatchObject({
      analysisType: 'salary',
      entityType: 'market',
      entityId: null,
    });
    expect((await stats(recruiter, body.position)).salaryReports).toBe(before.salaryReports + 1);
  });

  it('scores interview notes, writes search strings, suggests actions and reads the market', async () => {
    const interview = await recruiter.post('/api/ai/analyze-interview', {
      interviewNotes: 'Articulate and structured. Deep expertise in M&A, proven track record. Excited about the role and a team player.',
      candidateId: ids.candidateId,
    });
    expect(interview.status).toBe(200);
    const i = contracts.analyzeInterview.response.parse(interview.json);
    expect(i.communicationSkills).toBeGreaterThan(5);

    const search = await recruiter.post('/api/ai/generate-search-strings', { jobTitle: 'CFO', location: 'New York, NY', skills: ['M&A'] });
    expect(search.status).toBe(200);
    const s = contracts.generateSearchStrings.response.parse(search.json);
    expect(s.linkedinSearch).toContain('"Chief Financial Officer"');
    expect(s.googleSearch).toMatch(/^site:linkedin\.com\/in /);

    const suggest = await withEvents(app, () => recruiter.post('/api/ai/suggest-actions'));
    expect(suggest.res.status).toBe(200);
    const w = contracts.suggestActions.response.parse(suggest.res.json);
    expect(w.priorityActions.length).toBeGreaterThan(0);
    expect(w.recommendations[0]).toMatch(/Reviewed \d+ applications, \d+ interviews and \d+ job orders/);
    expect(suggest.types).toEqual(['AiAnalysisRecorded']);

    const market = await recruiter.post('/api/ai/market-analysis', {
      industry: 'Financial Services',
      jobFunction: 'Chief Financial Officer',
    });
    expect(market.status).toBe(200);
    const mk = contracts.marketAnalysis.response.parse(market.json);
    expect(['hot', 'warm', 'balanced', 'cool']).toContain(mk.marketTemperature);
    expect(mk.recommendations[0]).toMatch(/open job order/);
  });

  it('refuses bad input with the messages, unknown ids with 404, and appends nothing', async () => {
    const cases: Array<[string, unknown, number, string | null]> = [
      ['/api/ai/salary-benchmark', { jobTitle: '  ' }, 400, 'Job title is required'],
      ['/api/ai/generate-search-strings', {}, 400, 'Job title is required'],
      ['/api/ai/analyze-interview', { interviewNotes: '' }, 400, 'Interview notes are required'],
      ['/api/ai/market-analysis', { industry: 'Tech' }, 400, 'Job function is required'],
      ['/api/ai/match-candidate-job', { candidateId: ids.candidateId }, 400, 'Required'],
      ['/api/ai/generate-message', { candidateId: ids.candidateId, jobId: ids.jobId, messageType: 'spam' }, 400, null],
      ['/api/ai/analyze-candidate/999999', undefined, 404, null],
      ['/api/ai/analyze-job/999999', undefined, 404, null],
      ['/api/ai/match-candidate-job', { candidateId: 999_999, jobId: ids.jobId }, 404, null],
      ['/api/ai/predict-success', { candidateId: ids.candidateId, jobId: 999_999 }, 404, null],
      ['/api/ai/analyze-interview', { interviewNotes: 'Fine.', candidateId: 999_999 }, 404, null],
    ];
    for (const [path, body, status, message] of cases) {
      const { res, events } = await withEvents(app, () => recruiter.post(path, body));
      expect(res.status, path).toBe(status);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      if (message) expect(ProblemSchema.parse(res.json).errors?.map((e) => e.message)).toContain(message);
      expect(events, path).toEqual([]);
    }
    const bad = await recruiter.post('/api/ai/analyze-candidate/abc');
    expect(bad.status).toBe(400);
  });

  it('is 403 for an auditor and 401 signed out', async () => {
    const forbidden = await withEvents(app, () => auditor.post(`/api/ai/analyze-candidate/${ids.candidateId}`));
    expect(forbidden.res.status).toBe(403);
    expect(forbidden.events).toEqual([]);
    expect((await new Client(app.url).post('/api/ai/suggest-actions')).status).toBe(401);
    expect((await auditor.get('/api/ai/stats')).status).toBe(200);
  });
});

// ── the LLM engine through a local OpenAI-compatible server ────────────────────────────────────
describe('AI routes with the LLM engine', () => {
  it('records a good reply with the engine and model', async () => {
    llmMode = 'good';
    const { res, types, events } = await withEvents(llmApp, () =>
      llmRecruiter.post('/api/ai/analyze-interview', {
        interviewNotes: 'Clear communicator; strong technical depth.',
        candidateName: 'Ada Lovelace',
        jobTitle: 'CTO',
      }),
    );
    expect(res.status).toBe(200);
    const body = contracts.analyzeInterview.response.parse(res.json);
    expect(body).toMatchObject({ ...GOOD_INTERVIEW, engine: { engine: 'llm', model: 'gpt-test', promptVersion: 'llm-1' } });
    expect(types).toEqual(['AiAnalysisRecorded']);
    expect(events.find((e) => e.type === 'AiAnalysisRecorded')!.data).toMatchObject({
      engine: 'llm',
      model: 'gpt-test',
      promptVersion: 'llm-1',
      analysisType: 'interview',
      score: 80,
      results: GOOD_INTERVIEW,
    });
  });

  it.each([
    ['malformed', 'bad_output', /wrong shape/],
    ['refusal', 'refused', /declined/],
    ['slow', 'timeout', /did not answer in time/],
  ] as const)('turns a %s reply into a 502 problem and appends nothing', async (mode, kind, message) => {
    llmMode = mode;
    const started = Date.now();
    const { res, events } = await withEvents(llmApp, () =>
      llmRecruiter.post('/api/ai/analyze-interview', { interviewNotes: 'Clear communicator.' }),
    );
    expect(res.status).toBe(502);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(res.json).toMatchObject({ code: 'ai_engine_failed', kind, status: 502 });
    expect(res.json.detail).toMatch(message);
    expect(res.json.detail).toMatch(/Nothing was recorded/);
    expect(events).toEqual([]);
    if (mode === 'slow') expect(Date.now() - started).toBeLessThan(1800);
  });
});

// ── resume parsing ──────────────────────────────────────────────────────────────────────────────
const RESUME_LINES = [
  'Katherine Johnson',
  'Chief Financial Officer at Langley Capital',
  'Hampton, VA | katherine.johnson@example.com | (757) 555-0142',
  'Summary',
  'Finance executive with 18 years of experience leading FP&A, M&A and IPO readiness.',
  'Skills',
  'Financial Planning, M&A, Investor Relations, Leadership',
];

async function makePdf(lines: readonly string[]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  lines.forEach((line, i) => page.drawText(line, { x: 50, y: 740 - i * 20, size: 12, font }));
  return Buffer.from(await doc.save());
}

function makeDoc(text: string): Buffer {
  const header = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
  return Buffer.concat([
    header,
    Buffer.alloc(504, 0),
    Buffer.from(text.replace(/\n/g, '\r'), 'utf16le'),
    Buffer.from([0, 0, 0xff, 0xfe, 0x01, 0x02]),
    Buffer.alloc(512, 0),
  ]);
}

const dataUrl = (bytes: Buffer, type = 'application/octet-stream') => `data:${type};base64,${bytes.toString('base64')}`;

async function postFile(client: Client, path: string, bytes: Buffer, fileName: string, type: string) {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type }), fileName);
  const res = await fetch(client.baseUrl + path, { method: 'POST', body: form, headers: { Cookie: client.cookie } });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, json: text ? JSON.parse(text) : null };
}

describe('resume parsing', () => {
  it('parses pasted text; too short is the spec message', async () => {
    const res = await recruiter.post('/api/ai/parse-resume', { resumeText: RESUME_LINES.join('\n') });
    expect(res.status).toBe(200);
    expect(contracts.parseResume.response.parse(res.json)).toMatchObject({
      firstName: 'Katherine',
      lastName: 'Johnson',
      email: 'katherine.johnson@example.com',
      currentTitle: 'Chief Financial Officer',
      currentCompany: 'Langley Capital',
      location: 'Hampton, VA',
    });
    expect(res.json.skills).toEqual(expect.arrayContaining(['Financial Planning', 'M&A']));

    const short = await recruiter.post('/api/ai/parse-resume', { resumeText: `   ${'x'.repeat(50)}   ` });
    expect(short.status).toBe(400);
    expect(short.json.errors[0]).toEqual({ path: 'resumeText', message: 'Please enter resume content' });
  });

  it('parses a PDF upload (multipart) into fields and text; nothing is recorded', async () => {
    const pdf = await makePdf(RESUME_LINES);
    const { res, events } = await withEvents(app, () =>
      postFile(recruiter, '/api/ai/parse-resume-file', pdf, 'katherine.pdf', 'application/pdf'),
    );
    expect(res.status).toBe(200);
    const body = contracts.parseResumeFile.response.parse(res.json);
    expect(body).toMatchObject({
      firstName: 'Katherine',
      lastName: 'Johnson',
      email: 'katherine.johnson@example.com',
      fileName: 'katherine.pdf',
    });
    expect(body.resumeText).toContain('Finance executive with 18 years');
    expect(events).toEqual([]);
  });

  it('refuses a non-PDF (415), an oversize file (413), a broken PDF (422) and a JSON body (415)', async () => {
    const text = await postFile(
      recruiter,
      '/api/ai/parse-resume-file',
      Buffer.from(RESUME_LINES.join('\n')),
      'resume.pdf',
      'application/pdf',
    );
    expect(text.status).toBe(415);
    expect(text.headers.get('content-type')).toContain('application/problem+json');

    const big = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(10 * 1024 * 1024, 0x20)]);
    const tooLarge = await postFile(recruiter, '/api/ai/parse-resume-file', big, 'big.pdf', 'application/pdf');
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.json.detail).toBe(RESUME_MESSAGES.tooLarge);

    const broken = await postFile(
      recruiter,
      '/api/ai/parse-resume-file',
      Buffer.from('%PDF-1.4\nthis is not really a pdf'),
      'broken.pdf',
      'application/pdf',
    );
    expect(broken.status).toBe(422);
    expect(broken.json.detail).toMatch(/PDF parsing failed/);

    expect((await recruiter.post('/api/ai/parse-resume-file', {})).status).toBe(415);
    expect((await auditor.post('/api/ai/parse-resume-file', {})).status).toBe(403);
  });

  it('parses a DOCX upload the same way; a damaged DOCX is a 400 saying so', async () => {
    const docx = docxFromParagraphs(RESUME_LINES);
    const docxType = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
    const res = await postFile(recruiter, '/api/ai/parse-resume-file', docx, 'katherine.docx', docxType);
    expect(res.status).toBe(200);
    expect(contracts.parseResumeFile.response.parse(res.json)).toMatchObject({
      firstName: 'Katherine',
      lastName: 'Johnson',
      currentCompany: 'Langley Capital',
      fileName: 'katherine.docx',
      engine: { engine: 'builtin' },
    });
    expect(res.json.confidence.firstName).toBeGreaterThan(0.75);
    expect(res.json.resumeText).toContain('Finance executive with 18 years');

    // the directory is cut off, then the document's deflate data is garbled
    const truncated = docx.subarray(0, docx.length - 30);
    const garbled = Buffer.from(docx);
    const at = garbled.indexOf('word/document.xml') + 'word/document.xml'.length;
    garbled.fill(0xff, at, at + 40);
    for (const [name, bytes] of [
      ['truncated', truncated],
      ['garbled', garbled],
    ] as const) {
      const bad = await postFile(recruiter, '/api/ai/parse-resume-file', bytes, 'broken.docx', docxType);
      expect(bad.status, name).toBe(400);
      expect(bad.headers.get('content-type')).toContain('application/problem+json');
      expect(bad.json.errors[0]).toEqual({ path: 'file', message: expect.stringMatching(/Word document is damaged/) });
    }
  });

  it('with the LLM engine: merges its validated answer with the rules, and falls back to the rules when it fails', async () => {
    llmMode = 'resume';
    const res = await llmRecruiter.post('/api/ai/parse-resume', { resumeText: RESUME_LINES.join('\n') });
    expect(res.status).toBe(200);
    const body = contracts.parseResume.response.parse(res.json);
    expect(body.engine).toEqual({ engine: 'llm', model: 'gpt-test', promptVersion: 'llm-resume-1' });
    expect(body).toMatchObject({ firstName: 'Katherine', currentCompany: 'Langley Capital', summary: GOOD_RESUME.summary });
    expect(body.mobilePhone).toBeUndefined(); // not in the resume: invented, dropped
    expect(body.skills).toEqual(expect.arrayContaining(['M&A', 'IPO Readiness']));

    for (const mode of ['malformed', 'slow'] as const) {
      llmMode = mode;
      const fallback = await llmRecruiter.post('/api/ai/parse-resume', { resumeText: RESUME_LINES.join('\n') });
      expect(fallback.status).toBe(200);
      expect(fallback.json).toMatchObject({
        firstName: 'Katherine',
        currentCompany: 'Langley Capital',
        engine: { engine: 'builtin' },
        llmFallback: mode === 'slow' ? 'timeout' : 'bad_output',
      });
    }
  });
});

// ── resume upload on the candidate detail ───────────────────────────────────────────────────────
describe('resume upload (POST /api/candidates/{id}/resume)', () => {
  let candidateId: number;
  beforeAll(async () => {
    const res = await recruiter.post('/api/candidates', candidateBody({ firstName: 'Katherine', lastName: 'Johnson' }));
    candidateId = res.json.id;
  });

  it('stores a PDF in the blob store, records only its reference, and the candidate shows the text', async () => {
    const pdf = await makePdf(RESUME_LINES);
    const { res, types, events } = await withEvents(app, () =>
      recruiter.post(`/api/candidates/${candidateId}/resume`, {
        fileName: 'katherine-johnson.pdf',
        fileData: dataUrl(pdf, 'application/pdf'),
      }),
    );
    expect(res.status).toBe(200);
    const body = contracts.uploadResume.response.parse(res.json);
    expect(body).toMatchObject({ fileName: 'katherine-johnson.pdf', size: pdf.length, mimeType: 'application/pdf', textExtracted: true });
    expect(types).toEqual(['CandidateResumeUploaded']);
    const event = events.find((e) => e.type === 'CandidateResumeUploaded')!;
    const data = event.data as { blob: { blobId: string; sha256: string; size: number }; resumeText: string };
    expect(data.blob).toMatchObject({
      fileName: 'katherine-johnson.pdf',
      size: pdf.length,
      mimeType: 'application/pdf',
      sha256: createHash('sha256').update(pdf).digest('hex'),
    });
    // the event carries the reference and the text, never the bytes
    expect(JSON.stringify(event.data)).not.toContain(pdf.toString('base64').slice(0, 64));
    expect(JSON.stringify(event.data).length).toBeLessThan(pdf.length);
    expect(Buffer.from((await app.blobs.get(data.blob.blobId))!).equals(pdf)).toBe(true);

    const candidate = CandidateSchema.parse((await read(recruiter, `/api/candidates/${candidateId}`, body.position)).json);
    expect(candidate).toMatchObject({ resumeFileName: 'katherine-johnson.pdf', resumeUploadedAt: body.resumeUploadedAt });
    expect(candidate.resumeText).toContain('Finance executive with 18 years');
    const listed = (await read(recruiter, '/api/candidates?hasResume=true&search=Katherine', body.position)).json as Array<{ id: number }>;
    expect(listed.map((c) => c.id)).toContain(candidateId);
  });

  it('reads the text of a DOCX and of a legacy DOC', async () => {
    const docx = docxFromParagraphs(['Katherine Johnson', 'Chief Financial Officer — Langley Capital', 'Led M&A & IPO readiness.']);
    const res = await recruiter.post(`/api/candidates/${candidateId}/resume`, { fileName: 'kj.docx', fileData: dataUrl(docx) });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      textExtracted: true,
    });
    const c = (await read(recruiter, `/api/candidates/${candidateId}`, res.json.position)).json;
    expect(c.resumeFileName).toBe('kj.docx');
    expect(c.resumeText).toBe('Katherine Johnson\nChief Financial Officer — Langley Capital\nLed M&A & IPO readiness.');

    const doc = makeDoc('Katherine Johnson\nChief Financial Officer at Langley Capital\nFinance executive, 18 years.');
    const legacy = await recruiter.post(`/api/candidates/${candidateId}/resume`, { fileName: 'kj.doc', fileData: dataUrl(doc) });
    expect(legacy.status).toBe(200);
    expect(legacy.json).toMatchObject({ mimeType: 'application/msword', textExtracted: true });
    const c2 = (await read(recruiter, `/api/candidates/${candidateId}`, legacy.json.position)).json;
    expect(c2.resumeText).toContain('Chief Financial Officer at Langley Capital');
  });

  it('refuses wrong bytes (415), oversize files and bodies (413) with the spec texts, appending nothing', async () => {
    const cases: Array<[string, unknown, number, string]> = [
      [
        'text named .pdf',
        { fileName: 'resume.pdf', fileData: dataUrl(Buffer.from('Just some text, not a PDF at all.'), 'application/pdf') },
        415,
        RESUME_MESSAGES.invalidType,
      ],
      [
        'a zip without word/document.xml',
        { fileName: 'resume.docx', fileData: dataUrl(zipFiles({ 'readme.txt': 'hello' })) },
        415,
        RESUME_MESSAGES.invalidType,
      ],
      [
        '10 MB + 1 byte',
        { fileName: 'big.pdf', fileData: dataUrl(Buffer.concat([Buffer.from('%PDF-'), Buffer.alloc(10 * 1024 * 1024 - 4)])) },
        413,
        RESUME_MESSAGES.tooLarge,
      ],
      [
        'over the data-URL cap',
        { fileName: 'big.pdf', fileData: `data:application/pdf;base64,${'A'.repeat(14_600_000)}` },
        413,
        RESUME_MESSAGES.tooLarge,
      ],
      [
        'over the body limit',
        { fileName: 'big.pdf', fileData: `data:application/pdf;base64,${'A'.repeat(16 * 1024 * 1024)}` },
        413,
        RESUME_MESSAGES.tooLarge,
      ],
    ];
    for (const [label, body, status, message] of cases) {
      const { res, events } = await withEvents(app, () => recruiter.post(`/api/candidates/${candidateId}/resume`, body));
      expect(res.status, label).toBe(status);
      expect(res.headers.get('content-type'), label).toContain('application/problem+json');
      expect(res.json.detail, label).toBe(message);
      expect(events, label).toEqual([]);
    }
    const pdf = await makePdf(['A resume']);
    expect((await recruiter.post('/api/candidates/999999/resume', { fileName: 'x.pdf', fileData: dataUrl(pdf) })).status).toBe(404);
    expect((await recruiter.post(`/api/candidates/${candidateId}/resume`, { fileName: 'x.pdf', fileData: 'not a data url' })).status).toBe(
      400,
    );
    expect((await auditor.post(`/api/candidates/${candidateId}/resume`, { fileName: 'x.pdf', fileData: dataUrl(pdf) })).status).toBe(403);
  });
});

// ── e-mail ──────────────────────────────────────────────────────────────────────────────────────
describe('e-mail through the local outbox', () => {
  let ids: Awaited<ReturnType<typeof seed>>;
  beforeAll(async () => {
    ids = await seed(recruiter, 'E');
  });

  it('e-mails a candidate from a template and lists it as a communication that was not delivered', async () => {
    const { res, types } = await withEvents(app, () =>
      recruiter.post(`/api/candidates/${ids.candidateId}/email`, {
        template: 'candidate_outreach',
        jobId: ids.jobId,
        customData: { subject: 'Executive Opportunity', message: 'Could we talk on Thursday?' },
      }),
    );
    expect(res.status).toBe(200);
    const body = contracts.sendCandidateEmail.response.parse(res.json);
    expect(body).toMatchObject({ delivered: false, provider: 'outbox', communicationId: expect.any(Number) });
    expect(body.note).toMatch(/not delivered/);
    expect(types).toEqual(['CommunicationRecorded']);
    const list = (await read(recruiter, `/api/candidates/${ids.candidateId}/communications`, body.position)).json as unknown[];
    const comm = CommunicationSchema.parse(list.find((c: any) => c.id === body.communicationId));
    expect(comm).toMatchObject({
      type: 'email',
      subject: 'Executive Opportunity',
      delivered: false,
      provider: 'outbox',
      recipientAddress: ids.candidateEmail,
      sentAt: null,
    });
    expect(comm.note).toMatch(/not delivered/);
    expect(comm.content).toBe(
      'Hi Grace,\n\nI am reaching out about an executive opportunity for the Chief Financial Officer role at Northwind E that fits your background.\n\nCould we talk on Thursday?\n\nBest regards,\nRita Tester\nAgency Search',
    );
  });

  it('sends a custom e-mail: on the candidate whose address it is, otherwise to "other"', async () => {
    const toCandidate = await withEvents(app, () =>
      recruiter.post('/api/email/send', { to: ids.candidateEmail.toUpperCase(), subject: 'Hello', text: 'Hi Grace,\n\nA quick note.' }),
    );
    expect(toCandidate.res.status).toBe(200);
    expect(toCandidate.events.find((e) => e.type === 'CommunicationRecorded')!.data).toMatchObject({
      recipientType: 'candidate',
      recipientId: ids.candidateId,
      content: 'Hi Grace,\n\nA quick note.',
      provider: 'outbox',
      delivered: false,
    });

    const other = await withEvents(app, () =>
      recruiter.post('/api/email/send', { to: 'someone@elsewhere.example', subject: 'Hello', text: 'Hi there' }),
    );
    expect(other.res.status).toBe(200);
    expect(other.events.find((e) => e.type === 'CommunicationRecorded')!.data).toMatchObject({
      recipientType: 'other',
      recipientId: null,
      recipientAddress: 'someone@elsewhere.example',
    });
  });

  it('validates with the spec messages, 404s an unknown candidate or job, and records nothing', async () => {
    const cases: Array<[string, unknown, number, string | null]> = [
      ['/api/email/send', { to: 'nope', subject: 'x', text: 'y' }, 400, 'Valid email is required'],
      ['/api/email/send', { to: '', subject: 'x', text: 'y' }, 400, 'Recipient is required'],
      ['/api/email/send', { to: 'a@b.example', subject: '', text: 'y' }, 400, 'Subject is required'],
      ['/api/email/send', { to: 'a@b.example', subject: 'x', text: ' ' }, 400, 'Message is required'],
      [
        `/api/candidates/${ids.candidateId}/email`,
        { template: 'follow_up', customData: { subject: 'Following Up', message: '' } },
        400,
        'Message is required',
      ],
      ['/api/candidates/999999/email', { template: 'follow_up', customData: { subject: 'Following Up', message: 'Hi' } }, 404, null],
      [
        `/api/candidates/${ids.candidateId}/email`,
        { template: 'follow_up', jobId: 999_999, customData: { subject: 'Following Up', message: 'Hi' } },
        404,
        null,
      ],
      ['/api/email/send', { to: 'a@b.example', subject: 'x', text: 'y', candidateId: 999_999 }, 404, null],
    ];
    for (const [path, body, status, message] of cases) {
      const { res, events } = await withEvents(app, () => recruiter.post(path, body));
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(status);
      if (message) expect(res.json.errors.map((e: { message: string }) => e.message)).toContain(message);
      expect(events).toEqual([]);
    }
    expect((await auditor.post('/api/email/send', { to: 'a@b.example', subject: 'x', text: 'y' })).status).toBe(403);
  });

  it('GET /api/email/test says the outbox is not connected', async () => {
    const res = await auditor.get('/api/email/test');
    expect(res.status).toBe(200);
    expect(contracts.testEmail.response.parse(res.json)).toMatchObject({
      connected: false,
      message: expect.stringMatching(/POSTMARK_SERVER_TOKEN/),
    });
    expect((await new Client(app.url).get('/api/email/test')).status).toBe(401);
  });
});

describe('e-mail through Postmark (a local Postmark-speaking server)', () => {
  let candidateId: number;
  let email: string;
  beforeAll(async () => {
    const res = await llmRecruiter.post('/api/candidates', candidateBody({ firstName: 'Grace', lastName: 'Hopper' }));
    candidateId = res.json.id;
    email = (await read(llmRecruiter, `/api/candidates/${candidateId}`, res.json.position)).json.email;
  });

  it('sends and records a delivered communication with the message id', async () => {
    postmarkReply = {
      status: 200,
      body: {
        To: email,
        SubmittedAt: '2026-11-21T10:00:00Z',
        MessageID: 'b7bc2f4a-e38e-4336-af7d-e6c392c2f817',
        ErrorCode: 0,
        Message: 'OK',
      },
    };
    const { res, events } = await withEvents(llmApp, () =>
      llmRecruiter.post(`/api/candidates/${candidateId}/email`, {
        template: 'interview_schedule',
        customData: { subject: 'Interview Scheduled', message: 'Tuesday at 10 works.' },
      }),
    );
    expect(res.status).toBe(200);
    expect(contracts.sendCandidateEmail.response.parse(res.json)).toMatchObject({
      delivered: true,
      provider: 'postmark',
      messageId: 'b7bc2f4a-e38e-4336-af7d-e6c392c2f817',
    });
    const sent = postmarkSeen.filter((r) => r.url === '/email').at(-1)!;
    expect(sent.body).toMatchObject({
      From: 'Agency Search <search@agency.example>',
      To: email,
      Subject: 'Interview Scheduled',
      ReplyTo: llmRecruiter.user.email,
    });
    expect(sent.body.TextBody).toBe(
      'Hi Grace,\n\nI would like to schedule an interview with you.\n\nTuesday at 10 works.\n\nBest regards,\nLena Tester\nAgency Search',
    );
    expect(events.find((e) => e.type === 'CommunicationRecorded')!.data).toMatchObject({
      delivered: true,
      provider: 'postmark',
      providerMessageId: 'b7bc2f4a-e38e-4336-af7d-e6c392c2f817',
      sentAt: expect.any(String),
    });
  });

  it('turns Postmark’s 422 into a 502 problem with its message, recording nothing', async () => {
    postmarkReply = {
      status: 422,
      body: { ErrorCode: 406, Message: 'You tried to send to recipient(s) that have been marked as inactive.' },
    };
    const { res, events } = await withEvents(llmApp, () =>
      llmRecruiter.post('/api/email/send', { to: email, subject: 'Hello', text: 'Hi Grace' }),
    );
    expect(res.status).toBe(502);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(res.json).toMatchObject({ code: 'email_send_failed', providerStatus: 422, providerCode: 406 });
    expect(res.json.detail).toContain('marked as inactive');
    expect(events).toEqual([]);
  });

  it('GET /api/email/test reports the Postmark server', async () => {
    const res = await llmRecruiter.get('/api/email/test');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      connected: true,
      message: 'Connected to Postmark server "ATS Test"; sending as Agency Search <search@agency.example>.',
      // the team the sign-offs name, for the Send Email preview
      senderTeam: 'Agency Search',
    });
  });
});
