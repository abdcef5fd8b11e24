import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AiEngineError, createLlmEngine, type CandidateFacts, type JobFacts } from '../src';

type Mode = 'good' | 'malformed' | 'wrong-shape' | 'slow' | 'refusal' | 'error';
let mode: Mode = 'good';
const requests: Array<{ url: string; body: any; auth: string | undefined }> = [];

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

/** A local server that speaks the OpenAI chat-completions API, so the real client code runs. */
function completion(message: Record<string, unknown>) {
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion',
    created: 1,
    model: 'gpt-test',
    choices: [{ index: 0, message: { role: 'assistant', ...message }, finish_reason: 'stop', logprobs: null }],
    usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
  };
}

let server: Server;
let baseURL: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      requests.push({ url: req.url ?? '', body: JSON.parse(raw || '{}'), auth: req.headers.authorization });
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      switch (mode) {
        case 'good':
          return send(
            200,
            completion({
              content: JSON.stringify({
                compatibilityScore: 87,
                strengths: ['Same title'],
                weaknesses: [],
                recommendation: 'Present to the client.',
              }),
              refusal: null,
            }),
          );
        case 'malformed':
          return send(200, completion({ content: '{"compatibilityScore": 87, "strengths": [', refusal: null }));
        case 'wrong-shape':
          return send(200, completion({ content: JSON.stringify({ compatibilityScore: 'high' }), refusal: null }));
        case 'refusal':
          return send(200, completion({ content: null, refusal: "I can't help with that." }));
        case 'error':
          return send(500, { error: { message: 'upstream exploded', type: 'server_error' } });
        case 'slow':
          setTimeout(() => send(200, completion({ content: '{}', refusal: null })), 2000).unref();
          return;
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

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
