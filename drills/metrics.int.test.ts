/**
 * /metrics on the standalone server, scraped over HTTP and read by a Prometheus text-format
 * parser (parse-prometheus-text-format): requests by route template, latency histogram, errors
 * by code, commands and events appended, projection lag per read model, sockets and notices,
 * event-loop lag and heap; admins and the metrics token only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect } from 'socket.io-client';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { candidateBody, signedIn } from '@ats/standalone/testing';
import { startStandalone, type Standalone } from '@ats/standalone';
import { join } from 'node:path';
import { silentLogger } from '@ats/http-kit';
import { ROOT, until } from './support/harness';

type Family = {
  name: string;
  type: string;
  metrics: Array<{ labels?: Record<string, string>; value?: string; buckets?: Record<string, string>; count?: string }>;
};

const TOKEN = 'metrics-token-for-the-drill-0123';
let app: Standalone;

async function scrape(headers: Record<string, string>) {
  const res = await fetch(`${app.url}/metrics`, { headers });
  const text = await res.text();
  return { status: res.status, type: res.headers.get('content-type'), text };
}

function families(text: string): Map<string, Family> {
  const parsed = parsePrometheusTextFormat(text) as Family[];
  return new Map(parsed.map((f) => [f.name, f]));
}

const value = (family: Family | undefined, labels: Record<string, string>) =>
  Number(family?.metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v))?.value ?? NaN);

beforeAll(async () => {
  app = await startStandalone({
    port: 0,
    host: '127.0.0.1',
    dataDir: undefined,
    sessionSecret: 'test-secret-test-secret-test-secret',
    webDir: join(ROOT, 'web', 'dist'),
    metricsToken: TOKEN,
    log: silentLogger,
    accessLog: false,
  });
});
afterAll(async () => {
  await app?.close();
});

describe('/metrics', () => {
  it('is for admins and the metrics token only', async () => {
    expect((await scrape({})).status).toBe(401);
    expect((await scrape({ Authorization: 'Bearer wrong-token-wrong-token-wrong' })).status).toBe(401);
    const recruiter = await signedIn(app, 'recruiter');
    expect((await recruiter.get('/metrics')).status).toBe(403);
    const admin = await signedIn(app, 'admin');
    const res = await admin.get('/metrics');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    expect((await scrape({ Authorization: `Bearer ${TOKEN}` })).status).toBe(200);
  });

  it('counts requests by route template, errors by code, commands, events, notices and sockets', async () => {
    const recruiter = await signedIn(app, 'recruiter');
    const before = families((await scrape({ Authorization: `Bearer ${TOKEN}` })).text);
    const eventsBefore = value(before.get('ats_events_appended_total'), {});

    const socket = connect(app.url, { extraHeaders: { Cookie: recruiter.cookie }, transports: ['websocket'] });
    await until(() => socket.connected, 10_000, 'the socket to connect');
    socket.emit('join', 'pipeline');
    const created = [];
    for (let i = 0; i < 3; i++) created.push((await recruiter.post('/api/candidates', candidateBody())).json.id as number);
    for (const id of created) expect((await recruiter.get(`/api/candidates/${id}`)).status).toBe(200);
    expect((await recruiter.post('/api/candidates', { firstName: '' })).status).toBe(400);
    expect((await recruiter.get('/api/candidates/99999999')).status).toBe(404);
    await app.projector.waitFor(await app.eventStore.headPosition());

    const { text, type } = await scrape({ Authorization: `Bearer ${TOKEN}` });
    expect(type).toContain('text/plain');
    const after = families(text);

    const requests = after.get('ats_http_requests_total')!;
    expect(requests.type).toBe('COUNTER');
    expect(value(requests, { service: 'query-api', method: 'GET', route: '/api/candidates/:id', status: '200' })).toBeGreaterThanOrEqual(3);
    expect(value(requests, { service: 'command-api', method: 'POST', route: '/api/candidates', status: '201' })).toBeGreaterThanOrEqual(3);
    // bounded cardinality: no raw path with an id in any route label
    const routes = new Set(requests.metrics.map((m) => m.labels?.route ?? ''));
    for (const id of created) expect([...routes].some((r) => r.includes(String(id)))).toBe(false);

    const latency = after.get('ats_http_request_duration_seconds')!;
    expect(latency.type).toBe('HISTOGRAM');
    // (this parser folds a labelled histogram's series into one set of buckets)
    const buckets = latency.metrics[0]!.buckets!;
    expect(Object.keys(buckets)).toEqual(expect.arrayContaining(['0.005', '0.05', '1', '+Inf']));
    expect(Number(buckets['+Inf'])).toBeGreaterThan(0);
    expect(text).toMatch(
      /ats_http_request_duration_seconds_count\{service="query-api",method="GET",route="\/api\/candidates\/:id"\} [3-9]/,
    );

    const errors = after.get('ats_http_errors_total')!;
    expect(value(errors, { service: 'command-api', status: '400', code: 'validation_failed' })).toBeGreaterThanOrEqual(1);
    expect(value(errors, { service: 'query-api', status: '404', code: 'not_found' })).toBeGreaterThanOrEqual(1);

    expect(value(after.get('ats_commands_total'), { command: 'POST /api/candidates', outcome: 'accepted' })).toBeGreaterThanOrEqual(3);
    expect(value(after.get('ats_events_appended_total'), {}) - eventsBefore).toBeGreaterThanOrEqual(3);

    const lag = after.get('ats_projection_lag_events')!;
    expect(lag.metrics.map((m) => m.labels!.read_model)).toEqual(expect.arrayContaining(['candidates', 'applications', 'activities']));
    expect(value(lag, { read_model: 'candidates' })).toBe(0);
    expect(value(after.get('ats_projection_state'), { read_model: 'candidates', state: 'live' })).toBe(1);

    expect(value(after.get('ats_socket_connections'), {})).toBeGreaterThanOrEqual(1);
    expect(value(after.get('ats_socket_notices_sent_total'), { read_model: 'candidates' })).toBeGreaterThanOrEqual(1);

    expect(after.get('ats_nodejs_eventloop_lag_seconds')).toBeTruthy();
    expect(value(after.get('ats_nodejs_heap_size_used_bytes'), {})).toBeGreaterThan(0);
    socket.close();
  });

  it('a rebuild shows its progress per read model', async () => {
    const admin = await signedIn(app, 'admin');
    const started = await admin.post('/api/admin/projections/rebuild', { readModels: ['candidates'] });
    expect([200, 202]).toContain(started.status);
    const progress = await until(
      async () => {
        const f = families((await scrape({ Authorization: `Bearer ${TOKEN}` })).text);
        const v = value(f.get('ats_projection_rebuild_progress_ratio'), { read_model: 'candidates' });
        return v === 1 ? v : null;
      },
      20_000,
      'the rebuild to report done',
    );
    expect(progress).toBe(1);
  });
});
