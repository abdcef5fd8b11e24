import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@ats/contracts';
import type { Standalone } from '../src/server';
import { REPO_ROOT, candidateBody, signedIn, startTestApp, type Client } from './support/test-app';

const run = promisify(execFile);
const VERIFY_LOG = join(REPO_ROOT, 'scripts', 'verify-log.mjs');
const dir = mkdtempSync(join(tmpdir(), 'ats-audit-'));

/** runs the offline verifier on an export: exit code and output */
async function verifyOffline(text: string, name: string) {
  const file = join(dir, name);
  writeFileSync(file, text);
  try {
    const { stdout } = await run(process.execPath, [VERIFY_LOG, file]);
    return { code: 0, out: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: failed.stdout + failed.stderr };
  }
}

let app: Standalone;
let admin: Client;
let auditor: Client;
const others = {} as Record<Exclude<Role, 'admin' | 'auditor'>, Client>;
const candidateIds: number[] = [];

beforeAll(async () => {
  app = await startTestApp();
  admin = await signedIn(app, 'admin');
  auditor = await signedIn(app, 'auditor');
  others.manager = await signedIn(app, 'manager');
  others.recruiter = await signedIn(app, 'recruiter');
  for (const lastName of ['Lovelace', 'Hopper', 'Noether']) {
    const res = await admin.request('POST', '/api/candidates', candidateBody({ lastName }));
    expect(res.status).toBe(201);
    candidateIds.push(res.json.id);
  }
});
afterAll(async () => {
  await app?.close();
});

describe('the audit log API', () => {
  it('lets only admins and auditors browse, verify, export and see the key', async () => {
    const paths = ['/api/events', '/api/audit/verify', '/api/audit/verify/progress', '/api/audit/public-key', '/api/audit/export'];
    for (const path of paths) {
      for (const client of Object.values(others)) expect((await client.request('GET', path)).status, path).toBe(403);
      expect((await auditor.request('GET', path)).status, path).toBe(200);
    }
  });

  it('filters the log by stream, prefix, type, actor, correlation, time and text, newest first, paging by position', async () => {
    const stream = `candidate-${candidateIds[1]}`;
    const own = await auditor.request('GET', `/api/events?stream=${stream}`);
    expect(own.status).toBe(200);
    expect(own.json.events.map((e: { stream: string }) => e.stream)).toEqual([stream]);
    expect(own.json.events[0].hash).toMatch(/^[0-9a-f]{64}$/);

    const newest = await auditor.request('GET', '/api/events?streamPrefix=candidate-&type=CandidateRegistered&order=desc&limit=2');
    expect(newest.json.events.map((e: { stream: string }) => e.stream)).toEqual([
      `candidate-${candidateIds[2]}`,
      `candidate-${candidateIds[1]}`,
    ]);
    const older = await auditor.request(
      'GET',
      `/api/events?streamPrefix=candidate-&type=CandidateRegistered&order=desc&limit=2&before=${newest.json.next}`,
    );
    expect(older.json.events.map((e: { stream: string }) => e.stream)).toEqual([`candidate-${candidateIds[0]}`]);
    expect(older.json.next).toBeNull();

    const registered = own.json.events[0];
    const request = await auditor.request('GET', `/api/events?correlationId=${registered.metadata.correlationId}`);
    expect(request.json.events.length).toBeGreaterThanOrEqual(1);
    expect(
      request.json.events.every(
        (e: { metadata: { correlationId: string } }) => e.metadata.correlationId === registered.metadata.correlationId,
      ),
    ).toBe(true);
    const byActor = await auditor.request('GET', `/api/events?actor=${registered.metadata.actor.id}&type=CandidateRegistered`);
    expect(byActor.json.events).toHaveLength(3);
    // free text runs over the stored bytes: type, stream, actor and the non-personal data; a
    // candidate's name is sealed with their key, so it is found through the person index
    // (audit_subjects) instead: the events sealed with, or on the stream of, the person found
    const text = await auditor.request('GET', `/api/events?q=candidate-${candidateIds[2]}&type=CandidateRegistered`);
    expect(text.json.events.map((e: { stream: string }) => e.stream)).toContain(`candidate-${candidateIds[2]}`);
    const sealedName = await auditor.request('GET', '/api/events?q=noether');
    expect(sealedName.json.events.map((e: { type: string }) => e.type)).toContain('CandidateRegistered');
    const future = encodeURIComponent(new Date(Date.now() + 60_000).toISOString());
    expect((await auditor.request('GET', `/api/events?from=${future}`)).json.events).toEqual([]);
  });

  it('answers bad filters with 400 and field paths', async () => {
    const res = await auditor.request('GET', '/api/events?from=yesterday&order=sideways&type=Not-A-Type');
    expect(res.status).toBe(400);
    const paths = res.json.errors.map((e: { path: string }) => e.path).sort();
    expect(paths).toEqual(expect.arrayContaining(['query.from', 'query.order']));
    expect(paths.some((p: string) => p.startsWith('query.type'))).toBe(true);
  });

  it('verifies the chain and reports progress and the last result', async () => {
    const res = await auditor.request('GET', '/api/audit/verify');
    expect(res.status).toBe(200);
    const head = await app.eventStore.headPosition();
    expect(res.json).toMatchObject({ ok: true, firstBrokenAt: null });
    expect(res.json.headPosition).toBeGreaterThanOrEqual(head - 1);
    expect(res.json.checked).toBeGreaterThan(5);
    const progress = await auditor.request('GET', '/api/audit/verify/progress');
    expect(progress.json).toMatchObject({ running: false, last: { ok: true } });
    // an intact verification signs a checkpoint at the head it checked
    const key = await auditor.request('GET', '/api/audit/public-key');
    expect(key.json).toMatchObject({ algorithm: 'Ed25519', checkpoint: { position: res.json.headPosition, headHash: res.json.headHash } });
    expect(key.json.publicKey).toContain('BEGIN PUBLIC KEY');
  });

  it('exports the whole log with a signed manifest that the offline verifier accepts, and audits the export', async () => {
    const res = await auditor.request('GET', '/api/audit/export?format=ndjson');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="audit-log-.*\.ndjson"/);
    const lines = res.text.trim().split('\n');
    const manifest = JSON.parse(lines.at(-1)!);
    expect(manifest.manifest).toMatchObject({ count: lines.length - 1, contiguous: true, filters: {} });
    const good = await verifyOffline(res.text, 'whole.ndjson');
    expect(good.out).toMatch(new RegExp(`^intact: ${lines.length - 1} events, head [0-9a-f]{64}`));
    expect(good.code).toBe(0);

    // a byte of one event's data changed
    const target = JSON.parse(lines[3]!);
    const tampered = [...lines];
    tampered[3] = lines[3]!.replace('"data":{', '"data":{"x":1,');
    const changed = await verifyOffline(tampered.join('\n') + '\n', 'changed.ndjson');
    expect(changed.code).toBe(1);
    expect(changed.out).toContain(`broken at position ${target.position}`);

    // an event left out
    const dropped = await verifyOffline([...lines.slice(0, 3), ...lines.slice(4)].join('\n') + '\n', 'dropped.ndjson');
    expect(dropped.code).toBe(1);
    expect(dropped.out).toContain(`broken at position ${JSON.parse(lines[4]!).position}`);

    // the manifest cut off
    const cut = await verifyOffline(lines.slice(0, -1).join('\n') + '\n', 'cut.ndjson');
    expect(cut.code).toBe(1);

    const trail = await auditor.request('GET', '/api/events?type=AuditLogExported&order=desc&limit=1');
    expect(trail.json.events[0].data).toMatchObject({ format: 'ndjson', count: lines.length - 1, complete: true, filters: {} });
    expect(trail.json.events[0].data.by.name).toContain('Auditor');
  });

  it('exports a filtered slice that verifies offline event by event, and a CSV', async () => {
    const res = await auditor.request('GET', `/api/audit/export?format=ndjson&streamPrefix=candidate-&type=CandidateRegistered`);
    const lines = res.text.trim().split('\n');
    expect(lines).toHaveLength(4);
    const good = await verifyOffline(res.text, 'slice.ndjson');
    expect(good.code).toBe(0);
    expect(good.out).toContain('intact: 3 events');
    expect(good.out).toContain('filtered export');
    // dropping a line of a filtered export breaks the signed export hash
    const dropped = await verifyOffline([lines[0], lines[2], lines[3]].join('\n') + '\n', 'slice-dropped.ndjson');
    expect(dropped.code).toBe(1);

    const csv = await auditor.request('GET', `/api/audit/export?format=csv&stream=candidate-${candidateIds[0]}`);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const rows = csv.text.trim().split('\n');
    expect(rows[0]).toBe(
      'position,id,stream,revision,type,occurredAt,actorId,actorName,correlationId,causationId,data,metadata,prevHash,hash',
    );
    expect(rows).toHaveLength(3);
    expect(rows[2]!.startsWith('manifest,')).toBe(true);
  });

  it('keeps a file that was never touched verifiable from disk', () => {
    expect(readFileSync(join(dir, 'whole.ndjson'), 'utf8').length).toBeGreaterThan(100);
  });

  it('filters to one job order: its own stream and every event naming it (its board), not another job', async () => {
    const job = await admin.request('POST', '/api/jobs', { title: 'Dispute CFO' });
    const other = await admin.request('POST', '/api/jobs', { title: 'Other CFO' });
    const application = await admin.request('POST', '/api/applications', { candidateId: candidateIds[0], jobId: job.json.id });
    expect(application.status).toBe(201);
    await admin.request('POST', '/api/applications', { candidateId: candidateIds[1], jobId: other.json.id });
    const moved = await admin.request('PATCH', `/api/applications/${application.json.id}/stage`, { stage: 'phone_screen' });
    expect(moved.status).toBe(200);
    const res = await auditor.request('GET', `/api/events?job=${job.json.id}`);
    expect(res.status).toBe(200);
    const events = res.json.events as Array<{ type: string; stream: string; data: { jobId?: number } }>;
    expect(events.map((e) => e.type)).toEqual(expect.arrayContaining(['JobCreated', 'ApplicationCreated', 'ApplicationStageChanged']));
    for (const e of events) expect(e.stream === `job-${job.json.id}` || e.data.jobId === job.json.id, e.type).toBe(true);
    expect((await auditor.request('GET', '/api/events?job=abc')).status).toBe(400);
  });
});
