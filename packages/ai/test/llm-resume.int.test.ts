import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUTO_FILL_CONFIDENCE,
  createBuiltinEngine,
  createLlmEngine,
  mergeResumeReadings,
  parseResume,
  prepareResumeParser,
  readResume,
  type ParsedResume,
} from '../src';
import { completion, startOpenAiServer, type Answer, type OpenAiTestServer } from './support/openai-server';

const NOW = new Date(Date.UTC(2026, 10, 1));
const TEXT = `MARGARETHE VAN DER BERG-OKAFOR, CPA
Finance leadership for scale-ups
Amsterdam, Netherlands · +31 6 1234 5678 · m.vdberg@example.nl

Career
Chief Financial Officer, Tulip Payments (2021 – Present)
VP Finance, Adyen (2015 – 2021)
Controller, KPMG (2009 – 2015)

Salary expectation: EUR 240k
Skills: IFRS, M&A, treasury, SAP`;

/** What a good model answers for TEXT: right values, one invented phone and a skill the rules do not know. */
const GOOD = {
  firstName: 'Margarethe',
  lastName: 'van der Berg-Okafor',
  email: 'm.vdberg@example.nl',
  phone: '+1 212 555 0100',
  mobilePhone: '+31 6 1234 5678',
  currentTitle: 'Chief Financial Officer',
  currentCompany: 'Tulip Payments',
  location: 'Amsterdam, Netherlands',
  linkedinUrl: null,
  skills: ['IFRS', 'Scale-up finance'],
  experience: '17 years',
  salaryExpectation: 240,
  summary: 'CFO of a payments scale-up, formerly VP Finance at Adyen.',
};

type Mode = 'good' | 'malformed' | 'wrong-shape' | 'refusal' | 'slow' | '429' | '500';
let mode: Mode = 'good';
const answers: Record<Mode, Answer> = {
  good: { status: 200, body: completion({ content: JSON.stringify(GOOD), refusal: null }) },
  malformed: { status: 200, body: completion({ content: '{"firstName": "Margarethe", "skills": [', refusal: null }) },
  'wrong-shape': { status: 200, body: completion({ content: JSON.stringify({ ...GOOD, skills: 'IFRS', firstName: 42 }), refusal: null }) },
  refusal: { status: 200, body: completion({ content: null, refusal: "I can't help with that." }) },
  slow: { status: 200, body: completion({ content: JSON.stringify(GOOD), refusal: null }), delayMs: 2000 },
  '429': { status: 429, body: { error: { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' } } },
  '500': { status: 500, body: { error: { message: 'upstream exploded', type: 'server_error' } } },
};

let server: OpenAiTestServer;
beforeAll(async () => {
  await prepareResumeParser();
  server = await startOpenAiServer(() => answers[mode]);
});
afterAll(() => server?.close());

const rules = async (text: string) => parseResume(text, { now: NOW });
const llm = () => createLlmEngine({ apiKey: 'sk-test', baseURL: server.baseURL, model: 'gpt-test', timeoutMs: 400 });

describe('resume parsing through the LLM engine (a local OpenAI-compatible server)', () => {
  it('asks for JSON-schema output with the resume text and merges the validated answer with the rules', async () => {
    mode = 'good';
    const before = server.requests.length;
    const read = await readResume(llm(), TEXT, rules);
    expect(server.requests.length).toBe(before + 1);
    const request = server.requests.at(-1)!;
    expect(request.url).toBe('/v1/chat/completions');
    expect(request.body.response_format?.type).toBe('json_schema');
    expect(JSON.stringify(request.body.messages)).toContain('Tulip Payments (2021');
    expect(read.engine).toEqual({ engine: 'llm', model: 'gpt-test', promptVersion: 'llm-resume-1' });
    expect(read.llmFallback).toBeUndefined();
    // both agree: the LLM's spelling, near certain
    expect(read.lastName).toBe('van der Berg-Okafor');
    expect(read.confidence.lastName).toBeGreaterThanOrEqual(0.95);
    expect(read.currentCompany).toBe('Tulip Payments');
    // an office phone that is not in the resume is invented: dropped
    expect(read.phone).toBeUndefined();
    // the summary only the LLM wrote; skills are the union
    expect(read.summary).toBe(GOOD.summary);
    expect(read.skills).toEqual(['IFRS', 'M&A', 'treasury', 'SAP', 'Scale-up finance']);
  });

  it.each([
    ['malformed', 'bad_output'],
    ['wrong-shape', 'bad_output'],
    ['refusal', 'refused'],
    ['slow', 'timeout'],
    ['429', 'unavailable'],
    ['500', 'unavailable'],
  ] as const)('falls back to the rules on a %s answer (%s) and says so', async (m, kind) => {
    mode = m;
    const started = Date.now();
    const read = await readResume(llm(), TEXT, rules);
    const { engine, llmFallback, ...fields } = read;
    expect(llmFallback).toBe(kind);
    expect(engine).toEqual({ engine: 'builtin', model: 'rules-v2', promptVersion: 'resume-rules-2' });
    expect(fields).toEqual(parseResume(TEXT, { now: NOW }));
    if (m === 'slow') expect(Date.now() - started).toBeLessThan(1800);
  });

  it('the built-in engine has no resume reader: the rules answer alone, nothing sent anywhere', async () => {
    const before = server.requests.length;
    const read = await readResume(createBuiltinEngine(), TEXT, rules);
    expect(read.engine.engine).toBe('builtin');
    expect(read.llmFallback).toBeUndefined();
    expect(server.requests.length).toBe(before);
  });
});

describe('merging the LLM reading with the rules', () => {
  const ruled: ParsedResume = {
    firstName: 'Personal',
    lastName: 'Profile',
    currentTitle: 'Chief Financial Officer',
    skills: ['Excel'],
    confidence: { firstName: 0.5, lastName: 0.5, currentTitle: 0.9, skills: 0.8 },
  };
  const text = 'Personal Profile\nAisha Rahman\nVP Finance, Acme (2020 – Present)\nChief Financial Officer, Beta (2015 – 2020)';

  it('a disagreement is offered for the user to check, not filled', () => {
    const merged = mergeResumeReadings(ruled, { currentTitle: 'VP Finance', skills: [] }, text);
    expect(merged.currentTitle).toBe('VP Finance');
    expect(merged.confidence.currentTitle).toBeLessThan(AUTO_FILL_CONFIDENCE);
  });

  it('a value the rules missed and the resume writes is filled; an invented one is not', () => {
    const merged = mergeResumeReadings(
      { skills: [], confidence: {} },
      { firstName: 'Aisha', lastName: 'Rahman', currentCompany: 'Acme Holdings', email: 'aisha@example.com', skills: [] },
      text,
    );
    expect(merged.firstName).toBe('Aisha');
    expect(merged.confidence.firstName).toBeGreaterThanOrEqual(AUTO_FILL_CONFIDENCE);
    expect(merged.currentCompany).toBeUndefined();
    expect(merged.email).toBeUndefined();
  });

  it('a field the LLM left empty keeps the rules value and confidence', () => {
    const merged = mergeResumeReadings(ruled, { skills: ['Excel', 'IFRS'] }, text);
    expect(merged.currentTitle).toBe('Chief Financial Officer');
    expect(merged.confidence.currentTitle).toBe(0.9);
    expect(merged.skills).toEqual(['Excel', 'IFRS']);
  });
});
