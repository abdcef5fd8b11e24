import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AiEngineError, createLlmEngine, type CandidateFacts, type JobFacts } from '../src';
import { completion, startOpenAiServer, type Answer, type OpenAiTestServer, type SeenRequest } from './support/openai-server';

type Mode = 'good' | 'malformed' | 'wrong-shape' | 'slow' | 'refusal' | 'error';
let mode: Mode = 'good';

const candidate: CandidateFacts = {
  id: 1,
  firstName: 'Ada',
  lastName: 'Lovelace',
  location: 'London, UK',
  currentTitle: 'CTO',
  currentCompany: 'Engines',
  skills: ['Math'],
  summary: null,
  salaryExpectation: 300,
};
const job: JobFacts = {
  id: 2,
  title: 'CTO',
  description: null,
  requirements: 'Math',
  location: 'London, UK',
  salaryMin: 250,
  salaryMax: 350,
  status: 'open',
  createdAt: '2026-11-01T00:00:00Z',
};

const GOOD_MATCH = { compatibilityScore: 87, strengths: ['Same title'], weaknesses: [], recommendation: 'Present to the client.' };
const answers: Record<Mode, Answer> = {
  good: { status: 200, body: completion({ content: JSON.stringify(GOOD_MATCH), refusal: null }) },
  malformed: { status: 200, body: completion({ content: '{"compatibilityScore": 87, "strengths": [', refusal: null }) },
  'wrong-shape': { status: 200, body: completion({ content: JSON.stringify({ compatibilityScore: 'high' }), refusal: null }) },
  refusal: { status: 200, body: completion({ content: null, refusal: "I can't help with that." }) },
  error: { status: 500, body: { error: { message: 'upstream exploded', type: 'server_error' } } },
  slow: { status: 200, body: completion({ content: '{}', refusal: null }), delayMs: 2000 },
};

let server: OpenAiTestServer;
let baseURL: string;
let requests: SeenRequest[];
beforeAll(async () => {
  server = await startOpenAiServer(() => answers[mode]);
  baseURL = server.baseURL;
  requests = server.requests;
});
afterAll(() => server?.close());

const engine = () => createLlmEngine({ apiKey: 'sk-test', baseURL, model: 'gpt-test', timeoutMs: 500 });

describe('LLM engine against an OpenAI-compatible server', () => {
  it('returns the validated structured result and sends a JSON-schema request', async () => {
    mode = 'good';
    const result = await engine().matchCandidateToJob(candidate, job);
    expect(result).toEqual({ compatibilityScore: 87, strengths: ['Same title'], weaknesses: [], recommendation: 'Present to the client.' });
    const last = requests.at(-1)!;
    expect(last.url).toBe('/v1/chat/completions');
    expect(last.auth).toBe('Bearer sk-test');
    expect(last.body.model).toBe('gpt-test');
    expect(last.body.response_format?.type).toBe('json_schema');
    expect(JSON.stringify(last.body.messages)).toContain('Ada');
    expect(engine().info).toEqual({ engine: 'llm', model: 'gpt-test', promptVersion: 'llm-1' });
  });

  it.each([
    ['malformed', 'bad_output'],
    ['wrong-shape', 'bad_output'],
    ['refusal', 'refused'],
    ['error', 'unavailable'],
    ['slow', 'timeout'],
  ] as const)('turns a %s reply into an AiEngineError (%s), never a half result', async (m, kind) => {
    mode = m;
    const started = Date.now();
    const error = await engine()
      .matchCandidateToJob(candidate, job)
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(AiEngineError);
    expect((error as AiEngineError).kind).toBe(kind);
    if (m === 'slow') expect(Date.now() - started).toBeLessThan(1800);
  });
});
