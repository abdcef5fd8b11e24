import { inflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Standalone } from '../src/server';
import { candidateBody, signedIn, startTestApp, type Client } from './support/test-app';

let app: Standalone;
let admin: Client;
let recruiter: Client;
let candidateId: number;
let contactId: number;

/** the entries of a zip, by its central directory */
function unzip(zip: Buffer): Map<string, Buffer> {
  const entries = new Map<string, Buffer>();
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  for (let i = 0; i < count; i++) {
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const skip = nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const local = zip.readUInt32LE(at + 42);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const raw = zip.subarray(start, start + size);
    entries.set(name, method === 8 ? inflateRawSync(raw) : raw);
    at += 46 + skip;
  }
  return entries;
}

async function download(client: Client, path: string) {
  const res = await fetch(app.url + path, { headers: { Cookie: client.cookie } });
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    disposition: res.headers.get('content-disposition'),
    body: Buffer.from(await res.arrayBuffer()),
  };
}

beforeAll(async () => {
  app = await startTestApp({ accessLog: true });
  admin = await signedIn(app, 'admin');
  recruiter = await signedIn(app, 'recruiter');
  const created = await recruiter.post(
    '/api/candidates',
    candidateBody({ firstName: 'Selma', lastName: 'Accessdottir', email: 'selma@sar.example' }),
  );
  candidateId = created.json.id;
  await recruiter.post(`/api/candidates/${candidateId}/notes`, { content: 'Met at the Oslo forum' });
  const client = await recruiter.post('/api/clients', { companyName: 'Fjord Holdings' });
  const job = await recruiter.post('/api/jobs', { title: 'Chief Operating Officer', clientId: client.json.id });
  await recruiter.post('/api/applications', { candidateId, jobId: job.json.id });
  const contact = await recruiter.post(`/api/clients/${client.json.id}/contacts`, { name: 'Knut Contactsen', email: 'knut@fjord.example' });
  contactId = contact.json.id;
  // a recruiter looks at the candidate: the access log records it
  await recruiter.get(`/api/candidates/${candidateId}`);
  await app.queryApi.accessLog?.flush();
  await app.projector.waitFor(await app.eventStore.headPosition(), 5_000);
});
afterAll(async () => {
  await app?.close();
});

describe('subject access export', () => {
  it('is for admins only; unknown is 404', async () => {
    expect((await download(recruiter, `/api/candidates/${candidateId}/subject-access`)).status).toBe(403);
    expect((await download(admin, '/api/candidates/999999/subject-access')).status).toBe(404);
    expect((await download(admin, '/api/client-contacts/999999/subject-access')).status).toBe(404);
  });

  it("zips the candidate's record, applications, notes, history and who viewed it, and logs the export", async () => {
    const res = await download(admin, `/api/candidates/${candidateId}/subject-access`);
    expect(res.status).toBe(200);
    expect(res.type).toBe('application/zip');
    expect(res.disposition).toContain(`subject-access-candidate-${candidateId}.zip`);
    const json = JSON.parse(unzip(res.body).get('subject-access.json')!.toString('utf8'));
    expect(json.record).toMatchObject({ id: candidateId, firstName: 'Selma', email: 'selma@sar.example' });
    expect(json.applications).toHaveLength(1);
    expect(json.notes.map((n: { content: string }) => n.content)).toEqual(['Met at the Oslo forum']);
    expect(json.history.map((e: { type: string }) => e.type)).toEqual(expect.arrayContaining(['CandidateRegistered', 'NoteAdded']));
    expect(json.viewedBy.some((a: { kind: string }) => a.kind === 'read')).toBe(true);
    expect(json.events[0]).toMatchObject({ type: 'CandidateRegistered', data: { lastName: 'Accessdottir' } });

    await app.queryApi.accessLog?.flush();
    const log = await app.eventStore.readAll({ types: ['RecordsAccessed'] });
    const exports = log
      .map((e) => e.data as { entityType: string; entityId: number | null; accesses: Array<{ kind: string; detail: string | null }> })
      .filter((d) => d.entityType === 'candidate' && d.entityId === candidateId)
      .flatMap((d) => d.accesses.filter((a) => a.kind === 'export'));
    expect(exports).toEqual([expect.objectContaining({ detail: 'subject access export' })]);
  });

  it("zips a contact's record", async () => {
    const res = await download(admin, `/api/client-contacts/${contactId}/subject-access`);
    expect(res.status).toBe(200);
    const json = JSON.parse(unzip(res.body).get('subject-access.json')!.toString('utf8'));
    expect(json.record).toMatchObject({ id: contactId, name: 'Knut Contactsen', client: { companyName: 'Fjord Holdings' } });
  });
});
