/**
 * Drill: fuzz every endpoint of the contracts with at least 200 malformed payloads each (wrong
 * types, huge strings, unicode, NUL bytes, missing and extra fields, bad ids, non-JSON bodies).
 * Zero 5xx replies, zero events appended by a rejected command, and the server healthy at the
 * end. The endpoint list comes from `contracts`, so new endpoints are fuzzed without edits here.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contracts, type Contract } from '@ats/contracts';
import { type Client, candidateBody, createUser, signedIn, startTestApp } from '@ats/standalone/testing';
import type { Standalone } from '@ats/standalone';

const PER_ENDPOINT = 200;

/** A small seeded PRNG so a failing payload can be reproduced. */
function prng(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!, int: (n: number) => Math.floor(next() * n) };
}

const deep = (n: number): unknown => {
  let v: unknown = 'x';
  for (let i = 0; i < n; i++) v = [v];
  return v;
};

const NASTY_VALUES: readonly unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  -0.000001,
  1e308,
  -1e308,
  2 ** 53 + 1,
  '',
  ' ',
  '   \t\n ',
  'a'.repeat(10_001),
  'x'.repeat(300_000),
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 😀 ñ 日本語 العربية',
  'nul\u0000byte',
  '\u0000',
  'lone \ud800 surrogate',
  '\u202e\u200b\ufeff',
  '<script>alert(1)</script>',
  "'; DROP TABLE events; --",
  '../../etc/passwd',
  '%00%ff',
  'NaN',
  'Infinity',
  '-1',
  '1e999',
  '2024-13-45T99:99:99Z',
  'not-an-email',
  'a@b',
  '@example.com',
  'javascript:alert(1)',
  [],
  [1, 2, 3],
  ['a', null, {}],
  Array.from({ length: 500 }, (_, i) => `skill-${i}`),
  {},
  { $gt: '' },
  { $ne: null },
  { __proto__: { polluted: true } },
  JSON.parse('{"__proto__": {"polluted": true}}'),
  { constructor: { prototype: { polluted: true } } },
  deep(2000),
  'applied',
  'placed',
  'PLACED',
  'admin',
];

const BAD_IDS = [
  '0',
  '-1',
  'abc',
  '1.5',
  '99999999999999999999',
  '%F0%9F%98%80',
  '%00',
  'a'.repeat(5000),
  '1;DROP',
  '0x10',
  '%201',
  '1e3',
  'null',
  'undefined',
  '[]',
  '%7B%7D',
  '..%2F..%2Fetc',
];

/** Whole bodies that are not a JSON object, or not JSON at all. */
const RAW_BODIES: ReadonlyArray<{ body: string; type?: string }> = [
  { body: '' },
  { body: '{' },
  { body: '{"a":' },
  { body: 'null' },
  { body: '[]' },
  { body: '[{}]' },
  { body: '"just a string"' },
  { body: '12345' },
  { body: 'true' },
  { body: '{"a":1}'.repeat(3) },
  { body: '\u0000' },
  { body: '{"firstName":"\\u0000"}' },
  { body: '{"email":"\\ud800"}' },
  { body: JSON.stringify({ x: 'y'.repeat(1_000_000) }) },
  { body: '{"a":1}', type: 'text/plain' },
  { body: 'a=1&b=2', type: 'application/x-www-form-urlencoded' },
  { body: '<xml/>', type: 'application/xml' },
  { body: '{"a":1}', type: 'application/json; charset=utf-16' },
  { body: '\xff\xfe{', type: 'application/json' },
  { body: `{${'"k":1,'.repeat(20_000)}"z":1}` },
];

function schemaKeys(schema: unknown): string[] {
  const s = schema as
    | { shape?: Record<string, unknown>; def?: { in?: { shape?: Record<string, unknown> }; schema?: { shape?: Record<string, unknown> } } }
    | undefined;
  const shape = s?.shape ?? s?.def?.in?.shape ?? s?.def?.schema?.shape;
  return shape ? Object.keys(shape) : [];
}

interface Fixture {
  candidateId: number;
  deletableCandidateIds: number[];
  clientId: number;
  jobId: number;
  applicationId: number;
  login: { email: string; password: string };
}

function validBase(contract: Contract, f: Fixture): Record<string, unknown> {
  switch (contract.name) {
    case 'createCandidate':
      return candidateBody({ email: `fuzz.${randomUUID().slice(0, 8)}@example.com` });
    case 'createClient':
      return { companyName: 'Fuzz Co' };
    case 'createJob':
      return { title: 'Fuzz Job', clientId: f.clientId };
    case 'createApplication':
      return { candidateId: f.candidateId, jobId: f.jobId };
    case 'changeApplicationStage':
      return { stage: 'interview' };
    case 'addCandidateNote':
      return { content: 'A fuzzed note' };
    case 'login':
      return { ...f.login };
    default:
      return {};
  }
}

function validId(contract: Contract, f: Fixture, index: number): string {
  if (contract.method === 'DELETE' && contract.path.startsWith('/api/candidates/'))
    return String(f.deletableCandidateIds[index % f.deletableCandidateIds.length]);
  if (contract.path.startsWith('/api/candidates/')) return String(f.candidateId);
  if (contract.path.startsWith('/api/applications/')) return String(f.applicationId);
  if (contract.path.startsWith('/api/jobs/')) return String(f.jobId);
  if (contract.path.startsWith('/api/clients/')) return String(f.clientId);
  return '1';
}

interface Case {
  path: string;
  body?: string;
  contentType?: string;
  label: string;
}

function makeCases(contract: Contract, f: Fixture, seed: number): Case[] {
  const rnd = prng(seed);
  const bodyKeys = schemaKeys(contract.body);
  const queryKeys = schemaKeys(contract.query);
  const cases: Case[] = [];
  for (let i = 0; i < PER_ENDPOINT; i++) {
    // path params: a bad id a third of the time, else a real one (so the handler runs)
    const path = contract.path.replace(/:([A-Za-z]+)/g, () => (rnd.next() < 0.35 ? rnd.pick(BAD_IDS) : validId(contract, f, i)));
    const carriesBody = contract.method !== 'GET';
    if (!carriesBody) {
      const keys = [...queryKeys, 'search', 'limit', 'job', 'stage', 'extra', '__proto__', 'minPosition'];
      const parts: string[] = [];
      for (let k = 0, n = 1 + rnd.int(3); k < n; k++) {
        const key = rnd.pick(keys);
        let value = rnd.pick(NASTY_VALUES);
        // a far-future minPosition waits 3 s by design; keep the fuzz fast with present positions
        if (key === 'minPosition') value = rnd.pick(['abc', '-1', '0', '1.5', '', '1', 'x'.repeat(500)]);
        const limit = rnd.next() < 0.1 ? 20_000 : 3_000;
        const text = typeof value === 'string' ? value.slice(0, limit) : (JSON.stringify(value)?.slice(0, limit) ?? 'undefined');
        parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(text.replace(/[\ud800-\udfff]/g, '?'))}`);
        if (rnd.next() < 0.1) parts.push(`${encodeURIComponent(key)}=dup`);
      }
      cases.push({ path: `${path}?${parts.join('&')}`, label: `query ${parts.join('&').slice(0, 120)}` });
      continue;
    }
    if (i < RAW_BODIES.length) {
      const raw = RAW_BODIES[i]!;
      cases.push({ path, body: raw.body, contentType: raw.type ?? 'application/json', label: `raw ${raw.body.slice(0, 60)}` });
      continue;
    }
    const body: Record<string, unknown> = rnd.next() < 0.8 ? validBase(contract, f) : {};
    const ops: string[] = [];
    for (let k = 0, n = 1 + rnd.int(3); k < n; k++) {
      const roll = rnd.next();
      const known = bodyKeys.length > 0 ? rnd.pick(bodyKeys) : 'field';
      if (roll < 0.6) {
        const value = rnd.pick(NASTY_VALUES);
        body[known] = value;
        ops.push(`${known}=${JSON.stringify(value)?.slice(0, 40)}`);
      } else if (roll < 0.8) {
        delete body[known];
        ops.push(`-${known}`);
      } else {
        const extra = rnd.pick(['extra', 'id', 'position', 'role', 'createdBy', '__proto__', 'constructor', 'candidateId', '$where']);
        body[extra] = rnd.pick(NASTY_VALUES);
        ops.push(`+${extra}`);
      }
    }
    cases.push({ path, body: JSON.stringify(body), contentType: 'application/json', label: ops.join(' ') });
  }
  return cases;
}

let app: Standalone;
let writer: Client;
let fixture: Fixture;

beforeAll(async () => {
  app = await startTestApp();
  writer = await signedIn(app, 'admin');
  const co = await writer.post('/api/clients', { companyName: 'Fuzz Target Co' });
  const job = await writer.post('/api/jobs', { title: 'Fuzz Target Job', clientId: co.json.id });
  const cand = await writer.post('/api/candidates', candidateBody());
  const appl = await writer.post('/api/applications', { candidateId: cand.json.id, jobId: job.json.id });
  const deletable: number[] = [];
  for (let i = 0; i < 5; i++) deletable.push((await writer.post('/api/candidates', candidateBody())).json.id);
  const login = await createUser(app, 'recruiter', 'Fuzzy');
  fixture = {
    candidateId: cand.json.id,
    deletableCandidateIds: deletable,
    clientId: co.json.id,
    jobId: job.json.id,
    applicationId: appl.json.id,
    login,
  };
});
afterAll(async () => app?.close());

describe('fuzz drill: every contract endpoint, malformed payloads', () => {
  const endpoints = Object.values(contracts) as Contract[];

  it.each(endpoints.map((c, i) => [c.name, c, i] as const))(
    '%s: no 5xx, rejected commands append nothing',
    async (_name, contract, index) => {
      const cases = makeCases(contract, fixture, 1000 + index);
      expect(cases.length).toBeGreaterThanOrEqual(PER_ENDPOINT);
      const failures: string[] = [];
      const statuses = new Map<number, number>();
      for (const c of cases) {
        const before = await app.eventStore.headPosition();
        const headers: Record<string, string> = { Cookie: writer.cookie };
        // sign-in is fuzzed signed out (the throttle answers 429 once the address has tried too
        // often: still no 5xx), and sign-out too, so the writer's own session survives the drill
        if (contract.name === 'login' || contract.name === 'logout') delete headers.Cookie;
        if (c.body !== undefined) headers['Content-Type'] = c.contentType ?? 'application/json';
        const res = await fetch(app.url + c.path, { method: contract.method, headers, body: c.body, redirect: 'manual' });
        const text = await res.text();
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (res.status >= 500)
          failures.push(`${res.status} ${contract.method} ${c.path.slice(0, 100)} [${c.label}] → ${text.slice(0, 200)}`);
        if (res.status >= 400 && contract.method !== 'GET') {
          const after = await app.eventStore.headPosition();
          if (after !== before) {
            const appended = await app.eventStore.readAll({ after: before });
            failures.push(
              `${res.status} appended ${appended.map((e) => e.type).join(',')}: ${contract.method} ${c.path.slice(0, 80)} [${c.label}]`,
            );
          }
        }
        // 431 (URL too long) comes from Node's HTTP parser before any application code
        if (res.status >= 400 && res.status !== 404 && res.status !== 405 && res.status !== 431) {
          if (!(res.headers.get('content-type') ?? '').includes('application/problem+json'))
            failures.push(
              `${res.status} without problem+json: ${contract.method} ${c.path.slice(0, 100)} [${c.label}] → ${text.slice(0, 100)}`,
            );
        }
      }
      expect(failures, `${failures.length} bad replies; statuses ${JSON.stringify([...statuses])}`).toEqual([]);
    },
    // a case per endpoint is quick, but rebuildProjections' valid cases rebuild every read model:
    // over 60 s on a loaded box (it missed in a full run at load 20)
    180_000,
  );

  it('the server is still healthy and serving commands after the fuzz', async () => {
    const health = await fetch(`${app.url}/healthz`);
    expect(health.status).toBe(200);
    const res = await writer.post('/api/candidates', candidateBody());
    expect(res.status).toBe(201);
    expect(await app.projector.waitFor(res.json.position, 5000)).toBe(true);
    const read = await writer.get(`/api/candidates/${res.json.id}`);
    expect(read.status).toBe(200);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((await app.projector.status()).deadLettered).toBe(0);
  });
});
