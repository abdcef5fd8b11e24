import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProblemSchema, SEARCH_TOTAL_LIMIT, SearchResponseSchema, type SearchResult } from '@ats/contracts';
import type { Standalone } from '../src/server';
import { candidateBody, signedIn, startTestApp } from './support/test-app';

// GET /api/search over the real read models (PGlite; PostgreSQL when DATABASE_URL is set runs the same SQL adapter)

let app: Standalone;
let recruiter: Awaited<ReturnType<typeof signedIn>>;
let auditor: Awaited<ReturnType<typeof signedIn>>;
let position = 0;

beforeAll(async () => {
  app = await startTestApp();
  recruiter = await signedIn(app, 'recruiter', 'Rita');
  auditor = await signedIn(app, 'auditor', 'Otto');
});
afterAll(async () => {
  await app?.close();
});

async function created(path: string, body: Record<string, unknown>): Promise<number> {
  const res = await recruiter.post(path, body);
  expect(res.status).toBe(201);
  const json = res.json as { id: number; position: number };
  position = Math.max(position, json.position);
  return json.id;
}

async function search(q: string, extra = '', who = recruiter) {
  const res = await who.get(`/api/search?q=${encodeURIComponent(q)}${extra}&minPosition=${position}`);
  expect(res.status).toBe(200);
  return SearchResponseSchema.parse(res.json).results;
}
const kinds = (results: SearchResult[]) => results.map((r) => `${r.kind}:${r.title}`);

describe('global search (GET /api/search)', () => {
  it('finds candidates, clients, jobs and contacts in one grouped list, with the URL to open', async () => {
    const candidateId = await created(
      '/api/candidates',
      candidateBody({ firstName: 'Zéphyrine', lastName: 'Quagmire', currentTitle: 'CFO' }),
    );
    const clientId = await created('/api/clients', { companyName: 'Quagmire Holdings', industry: 'Finance' });
    const jobId = await created('/api/jobs', { title: 'Head of Quagmire Risk', clientId, department: 'Risk' });
    const contactRes = await recruiter.post(`/api/clients/${clientId}/contacts`, {
      name: 'Quentin Quagmire',
      email: 'qq@holdings.example',
    });
    expect(contactRes.status).toBe(201);
    position = (contactRes.json as { position: number }).position;

    const results = await search('quagmire');
    expect(kinds(results)).toEqual([
      'candidate:Zéphyrine Quagmire',
      'client:Quagmire Holdings',
      'job:Head of Quagmire Risk',
      'contact:Quentin Quagmire',
    ]);
    const byKind = Object.fromEntries(results.map((r) => [r.kind, r]));
    expect(byKind.candidate).toMatchObject({ id: candidateId, url: `/candidates/${candidateId}`, subtitle: 'CFO · Analytical Engines' });
    expect(byKind.client).toMatchObject({ id: clientId, url: `/clients/${clientId}`, subtitle: 'Finance' });
    expect(byKind.job).toMatchObject({ id: jobId, url: `/jobs/${jobId}`, subtitle: 'Quagmire Holdings · Risk' });
    expect(byKind.contact).toMatchObject({ url: `/clients/${clientId}` });

    // case- and accent-insensitive, every word must match; a job is found by its client's name
    expect(kinds(await search('ZEPHYRINE quag'))).toEqual(['candidate:Zéphyrine Quagmire']);
    expect(kinds(await search('qq@holdings'))).toEqual(['contact:Quentin Quagmire']);
    expect(kinds(await search('holdings risk'))).toEqual(['job:Head of Quagmire Risk']);
    // the auditor (read-only) may search too
    expect(await search('quagmire', '', auditor)).toHaveLength(4);
  });

  it('ranks the best match first and caps per kind and in all', async () => {
    for (const lastName of ['Xylo', 'Xylophone', 'Bixylo', 'Xylo-Smith', 'Axylo', 'Xylor', 'Xyloid'])
      await created('/api/candidates', candidateBody({ firstName: 'Ann', lastName }));
    const results = await search('xylo');
    expect(results.filter((r) => r.kind === 'candidate')).toHaveLength(5);
    expect(results[0]!.title).toBe('Ann Xylo'); // the name word equal to the query beats prefixes and substrings
    expect(results.slice(0, 5).map((r) => r.title)).not.toContain('Ann Bixylo');
    expect(await search('xylo', '&limit=2')).toHaveLength(2);

    for (let i = 0; i < 12; i++) {
      await created('/api/clients', { companyName: `Yarrow Partners ${i}` });
      await created('/api/jobs', { title: `Yarrow Analyst ${i}` });
    }
    for (let i = 0; i < 12; i++) await created('/api/candidates', candidateBody({ firstName: 'Yarrow', lastName: `Tester${i}` }));
    const all = await search('yarrow', '&limit=10');
    expect(all.length).toBe(SEARCH_TOTAL_LIMIT);
    expect(new Set(all.map((r) => r.kind))).toEqual(new Set(['candidate', 'client', 'job']));
  });

  it('never finds deleted records (candidates, clients with their contacts, jobs, single contacts)', async () => {
    const candidateId = await created('/api/candidates', candidateBody({ firstName: 'Wendeline', lastName: 'Gone' }));
    const clientId = await created('/api/clients', { companyName: 'Wendeline Works' });
    const otherClient = await created('/api/clients', { companyName: 'Other Works' });
    const jobId = await created('/api/jobs', { title: 'Wendeline Lead' });
    const keep = await recruiter.post(`/api/clients/${otherClient}/contacts`, { name: 'Wendeline Kept' });
    const drop = await recruiter.post(`/api/clients/${otherClient}/contacts`, { name: 'Wendeline Dropped' });
    await recruiter.post(`/api/clients/${clientId}/contacts`, { name: 'Wendeline Inside' });
    position = (drop.json as { position: number }).position;
    expect(keep.status).toBe(201);
    expect(await search('wendeline')).toHaveLength(6);

    for (const path of [
      `/api/candidates/${candidateId}`,
      `/api/clients/${clientId}`,
      `/api/jobs/${jobId}`,
      `/api/client-contacts/${(drop.json as { id: number }).id}`,
    ]) {
      const res = await recruiter.delete(path);
      expect(res.status).toBe(200);
      position = Math.max(position, (res.json as { position: number }).position);
    }
    expect(kinds(await search('wendeline'))).toEqual(['contact:Wendeline Kept']);
  });

  it('takes regex and LIKE syntax literally', async () => {
    await created('/api/candidates', candidateBody({ firstName: 'Percy', lastName: '100% Sure' }));
    expect(kinds(await search('100%'))).toEqual(['candidate:Percy 100% Sure']);
    expect(await search('.*')).toEqual([]);
    expect(await search('(a+)+$')).toEqual([]);
    expect(await search('%_')).toEqual([]);
  });

  it('answers bad input with 400 problem+json naming the field', async () => {
    for (const [query, field] of [
      ['', 'q'],
      ['?q=', 'q'],
      ['?q=%20%20', 'q'],
      [`?q=${'a'.repeat(201)}`, 'q'],
      ['?q=ada&limit=0', 'limit'],
      ['?q=ada&limit=11', 'limit'],
      ['?q=ada&limit=x', 'limit'],
    ] as const) {
      const res = await recruiter.get(`/api/search${query}`);
      expect(res.status, query).toBe(400);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      const problem = ProblemSchema.parse(res.json);
      expect(
        problem.errors?.map((e) => e.path.replace(/^query\./, '')),
        query,
      ).toContain(field);
    }
    expect((await recruiter.get(`/api/search?q=${'a'.repeat(200)}`)).status).toBe(200);
  });

  it('is for signed-in users only', async () => {
    const res = await fetch(`${app.url}/api/search?q=ada`);
    expect(res.status).toBe(401);
  });
});
