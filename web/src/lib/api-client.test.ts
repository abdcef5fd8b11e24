import { afterEach, describe, expect, it, vi } from 'vitest';
import { contracts } from '@ats/contracts';
import { ApiError, apiFetch, callContract, contractPath, serverMessage, withQuery } from './api-client';
import { notePosition, readPosition, resetReadPosition } from './read-position';

function mockFetch(status: number, body: string, headers: Record<string, string> = {}) {
  const fn = vi.fn(
    async (_url: string, _init?: RequestInit) =>
      new Response(body || null, { status, statusText: status === 404 ? 'Not Found' : 'OK', headers }),
  );
  vi.stubGlobal('fetch', fn);
  return fn;
}

afterEach(() => {
  vi.unstubAllGlobals();
  resetReadPosition();
});

describe('apiFetch', () => {
  it('sends credentials and parses JSON', async () => {
    const fetch = mockFetch(200, '[{"id":1}]');
    await expect(apiFetch('/api/jobs')).resolves.toEqual([{ id: 1 }]);
    expect(fetch).toHaveBeenCalledWith('/api/jobs', expect.objectContaining({ credentials: 'include', method: 'GET' }));
  });

  it('sends a string body with a JSON content type', async () => {
    const fetch = mockFetch(201, '{"id":5,"position":12}');
    await apiFetch('/api/clients', { method: 'POST', body: '{"companyName":"Acme"}' });
    const init = fetch.mock.calls[0]![1] as RequestInit;
    expect(init.body).toBe('{"companyName":"Acme"}');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('turns a non-OK response into "status: body" and keeps the problem', async () => {
    const body = JSON.stringify({ type: 'about:blank', title: 'Not found', status: 404, code: 'not_found', detail: 'No such job' });
    mockFetch(404, body, { 'Content-Type': 'application/problem+json' });
    const error = await apiFetch('/api/jobs/9').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(`404: ${body}`);
    expect((error as ApiError).problem?.code).toBe('not_found');
    expect(serverMessage(error)).toBe('No such job');
  });

  it('uses the status text when the body is empty', async () => {
    mockFetch(404, '');
    await expect(apiFetch('/api/x')).rejects.toThrow('404: Not Found');
  });

  it('remembers a command’s position and sends it on later reads', async () => {
    mockFetch(200, '{"position":77}');
    await apiFetch('/api/candidates/1', { method: 'DELETE' });
    expect(readPosition()).toBe(77);
    const fetch = mockFetch(200, '[]');
    await apiFetch('/api/candidates');
    const init = fetch.mock.calls[0]![1] as RequestInit;
    expect((init.headers as Record<string, string>)['X-Min-Position']).toBe('77');
  });

  it('sends no minimum position before anything happened', async () => {
    notePosition(0);
    const fetch = mockFetch(200, '[]');
    await apiFetch('/api/candidates');
    const init = fetch.mock.calls[0]![1] as RequestInit;
    expect((init.headers as Record<string, string>)['X-Min-Position']).toBeUndefined();
  });
});

describe('paths from contracts', () => {
  it('fills params and drops empty query values', () => {
    expect(contractPath(contracts.changeApplicationStage, { id: 4 })).toBe('/api/applications/4/stage');
    expect(contractPath(contracts.listApplications, {}, { search: 'ada', job: undefined })).toBe('/api/applications?search=ada');
    expect(withQuery('/api/jobs', { search: '' })).toBe('/api/jobs');
  });

  it('calls an endpoint with its method and body', async () => {
    const fetch = mockFetch(200, '{"position":3,"stage":"offer"}');
    await expect(
      callContract(contracts.changeApplicationStage, { params: { id: 4 }, body: { stage: 'offer', fromStage: 'interview' } }),
    ).resolves.toEqual({ position: 3, stage: 'offer' });
    const [url, init] = fetch.mock.calls[0]! as [string, RequestInit];
    expect(url).toBe('/api/applications/4/stage');
    expect(init.method).toBe('PATCH');
    expect(init.body).toBe('{"stage":"offer","fromStage":"interview"}');
  });
});
