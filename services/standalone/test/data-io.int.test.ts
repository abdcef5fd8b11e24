import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { toCandidateEmailStreamId } from '@ats/events/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CANDIDATE_BATCH,
  IMPORT_CHUNK,
  MIN_CANDIDATE_BATCH,
  createIdAllocator,
  createImportService,
  registerCandidates,
} from '@ats/command-api';
import { messages } from '@ats/contracts';
import type { Standalone } from '../src/server';
import { candidateBody, signedIn, startTestApp, type Client } from './support/test-app';

let app: Standalone;
let recruiter: Client;

beforeAll(async () => {
  app = await startTestApp({ accessLog: true });
  recruiter = await signedIn(app, 'recruiter');
});
afterAll(async () => {
  await app?.close();
});

const settle = async () => app.projector.waitFor(await app.eventStore.headPosition(), 20_000);
const candidateCount = async () => (await recruiter.get('/api/candidates/count')).json.count as number;

/** a file as spreadsheets write them: a BOM, Windows line endings, quoted commas, blank lines, bad rows */
const MESSY = [
  '\uFEFFFirst Name,Last Name,E-mail,Job Title,Company,Skills,Salary',
  'Grace,Hopper,grace.hopper@navy.example,Rear Admiral,"US Navy, Reserve","COBOL; Compilers",250',
  '',
  'Alan,Turing,not-an-email,Cryptanalyst,Bletchley Park,Maths,200',
  ',,,,,,',
  ',Noether,emmy@math.example,Professor,Göttingen,Algebra,lots',
  '"Katherine ""Kat""",Johnson,kat.johnson@nasa.example,Mathematician,NASA,"Orbital mechanics, Fortran",180',
  '',
].join('\r\n');

async function upload(csv: string, kind = 'candidates', fileName = 'people.csv') {
  const res = await recruiter.post('/api/imports', { kind, fileName, csv });
  expect(res.status).toBe(201);
  return res.json as { importId: string; headers: string[]; mapping: Record<string, string>; rowCount: number };
}

async function runToEnd(importId: string, body: Record<string, unknown>) {
  const res = await recruiter.post(`/api/imports/${importId}/start`, body);
  expect(res.status).toBe(202);
  await app.commandApi.imports.settled(importId);
  return (await recruiter.get(`/api/imports/${importId}`)).json;
}

describe('CSV import of candidates', () => {
  it('reads a messy file, guesses the mapping, reports per-row errors in the spec words and imports the good rows', async () => {
    const before = await candidateCount();
    const up = await upload(MESSY);
    expect(up.rowCount).toBe(4);
    expect(up.headers[0]).toBe('First Name');
    expect(up.mapping).toMatchObject({
      firstName: 'First Name',
      lastName: 'Last Name',
      email: 'E-mail',
      currentTitle: 'Job Title',
      currentCompany: 'Company',
      skills: 'Skills',
      salaryExpectation: 'Salary',
    });

    const preview = (await recruiter.post(`/api/imports/${up.importId}/preview`, { mapping: up.mapping })).json;
    expect(preview).toMatchObject({ total: 4, valid: 2, invalid: 2, duplicates: 0 });
    const byLine = new Map(preview.rows.map((r: { row: number }) => [r.row, r]));
    expect(byLine.get(4)).toMatchObject({ errors: [{ field: 'email', message: messages.validEmailRequired }] });
    expect(byLine.get(6)).toMatchObject({
      errors: expect.arrayContaining([
        { field: 'firstName', message: messages.firstNameRequired },
        { field: 'salaryExpectation', message: 'Salary Expectation must be a number' },
      ]),
    });
    expect(byLine.get(2)).toMatchObject({ values: { currentCompany: 'US Navy, Reserve', skills: 'COBOL; Compilers' }, errors: [] });

    const status = await runToEnd(up.importId, { mapping: up.mapping });
    expect(status).toMatchObject({ status: 'completed', total: 4, processed: 4, created: 2, failed: 2, skipped: 0 });
    expect(status.failures.map((f: { row: number }) => f.row)).toEqual([4, 6]);
    await settle();
    expect(await candidateCount()).toBe(before + 2);
    const [kat] = (await recruiter.get('/api/candidates?search=kat.johnson')).json;
    expect(kat).toMatchObject({ firstName: 'Katherine "Kat"', skills: ['Orbital mechanics', 'Fortran'], salaryExpectation: 180 });
    // an imported candidate's source is "import" (analytics' source effectiveness counts it there)
    expect((await recruiter.get(`/api/candidates/${kat.id}`)).json.source).toBe('import');

    // starting it again changes nothing
    const again = await runToEnd(up.importId, { mapping: up.mapping });
    expect(again).toMatchObject({ created: 2, failed: 2, processed: 4 });
    await settle();
    expect(await candidateCount()).toBe(before + 2);
  });

  it('finds duplicates (same e-mail; same name and company) and skips, updates or creates them as chosen', async () => {
    const csv = [
      'firstName,lastName,email,currentTitle,currentCompany',
      'Grace,Hopper,GRACE.HOPPER@navy.example,Commodore,US Navy',
      'Katherine "Kat",Johnson,other.kat@nasa.example,Mathematician,NASA',
      'Dorothy,Vaughan,dorothy@nasa.example,Supervisor,NASA',
    ].join('\n');
    const up = await upload(csv);
    const preview = (await recruiter.post(`/api/imports/${up.importId}/preview`, { mapping: up.mapping })).json;
    expect(preview).toMatchObject({ total: 3, valid: 3, duplicates: 2 });
    expect(preview.rows[0].duplicate).toMatchObject({ reason: 'email' });
    expect(preview.rows[1].duplicate).toMatchObject({ reason: 'name_company' });

    const status = await runToEnd(up.importId, { mapping: up.mapping, onDuplicate: 'skip', choices: { '2': 'update' } });
    expect(status).toMatchObject({ created: 1, updated: 1, skipped: 1, failed: 0 });
    await settle();
    const [grace] = (await recruiter.get('/api/candidates?search=grace.hopper')).json;
    expect(grace.currentTitle).toBe('Commodore');
  });

  it('does what the duplicate choices say: Overwrite replaces only the fields with a filled cell; a second record with the same e-mail fails', async () => {
    const made = await recruiter.post('/api/candidates', {
      firstName: 'Hedy',
      lastName: 'Lamarr',
      email: 'hedy@overwrite.example',
      currentTitle: 'Actress',
      currentCompany: 'MGM',
      phone: '+1 310 555 0100',
      skills: ['Frequency hopping'],
    });
    expect(made.status).toBe(201);
    await settle();
    const csv = ['firstName,lastName,email,currentTitle,phone,skills', 'Hedy,Lamarr,hedy@overwrite.example,Inventor,,Radio; Patents'].join(
      '\n',
    );
    const up = await upload(csv);
    const status = await runToEnd(up.importId, { mapping: up.mapping, onDuplicate: 'update', choices: {} });
    expect(status).toMatchObject({ updated: 1, failed: 0 });
    await settle();
    const hedy = (await recruiter.get(`/api/candidates/${made.json.id}`)).json;
    // filled cells overwrite (a Skills cell the whole list); the empty phone cell and the unmapped company keep theirs
    expect(hedy).toMatchObject({ currentTitle: 'Inventor', skills: ['Radio', 'Patents'], phone: '+1 310 555 0100', currentCompany: 'MGM' });

    const again = await upload(csv);
    const created = await runToEnd(again.importId, { mapping: again.mapping, onDuplicate: 'create', choices: {} });
    expect(created).toMatchObject({ created: 0, failed: 1 });
    expect(created.failures).toEqual([{ row: 2, errors: [{ field: 'email', message: messages.candidateEmailTaken }] }]);
  });

  it('registers new candidates in batches, and falls back to row by row when an address of the batch is taken meanwhile', async () => {
    // an address reserved in the log only (a registration still in flight: no read model document yet)
    const taken = 'taken.meanwhile@batch.example';
    await app.eventStore.append(
      toCandidateEmailStreamId(taken),
      [
        {
          id: randomUUID(),
          type: 'CandidateEmailReserved',
          data: { email: taken, candidateId: 999_999 },
          metadata: {
            actor: { id: 'u', name: 'U' },
            correlationId: randomUUID(),
            causationId: null,
            occurredAt: new Date().toISOString(),
            schemaVersion: 1,
          },
        },
      ],
      { expectedRevision: 'no_stream' },
    );
    const lines = ['First Name,Last Name,Email,Title'];
    for (let i = 0; i < 12; i++) lines.push(`Batch${i},Tester,${i === 5 ? taken : `batch.${i}@batch.example`},Engineer`);
    const before = await candidateCount();
    const head = await app.eventStore.headPosition();
    const up = await upload(lines.join('\n'));
    const done = await runToEnd(up.importId, { mapping: up.mapping });
    expect(done).toMatchObject({ status: 'completed', created: 11, failed: 1 });
    expect(done.failures).toEqual([{ row: 7, errors: [{ field: 'email', message: messages.candidateEmailTaken }] }]);
    await settle();
    expect(await candidateCount()).toBe(before + 11);
    // each registered row: its e-mail reservation then its candidate, sealed, carrying the row's correlation id
    const registered = await app.eventStore.readAll({ after: head, types: ['CandidateRegistered'] });
    expect(registered).toHaveLength(11);
    expect(registered.map((e) => (e.data as { email: string }).email)).toContain('batch.11@batch.example');
    expect(new Set(registered.map((e) => e.metadata.correlationId)).size).toBe(11);
    const ids = registered.map((e) => (e.data as { candidateId: number }).candidateId);
    expect(new Set(ids).size).toBe(11);
  }, 60_000);

  it('resumes after an interruption from the last recorded chunk, without running a row twice', async () => {
    // one recorded chunk, then rows run but not yet recorded when the process stops (they run again on resume)
    const rows = IMPORT_CHUNK + 60;
    const lines = ['First Name,Last Name,Email,Title'];
    for (let i = 0; i < rows; i++) lines.push(`Resume${i},Tester,resume.${i}@bulk.example,Engineer`);
    const before = await candidateCount();
    const up = await upload(lines.join('\n'));
    // the first process stops once a chunk and a few more rows are done (a crash before the next record)
    // started here as an admin would (the upload is the recruiter's; anyone else gets a 404)
    const first = createImportService(app.commandApi.deps);
    await first.start(up.importId, { id: 'u', name: 'Importer', role: 'admin' }, { mapping: up.mapping, onDuplicate: 'skip', choices: {} });
    await new Promise<void>((resolve) => {
      const poll = setInterval(async () => {
        const s = await first.status(up.importId);
        if (s.processed >= IMPORT_CHUNK) {
          clearInterval(poll);
          resolve();
        }
      }, 20);
    });
    await first.stop();
    const interrupted = await first.status(up.importId);
    expect(interrupted.status).toBe('running');
    expect(interrupted.processed).toBeLessThan(rows);

    const second = createImportService(app.commandApi.deps);
    expect(await second.resume()).toBe(1);
    await second.settled(up.importId);
    const done = await second.status(up.importId);
    expect(done).toMatchObject({ status: 'completed', processed: rows, created: rows, failed: 0 });
    await settle();
    expect(await candidateCount()).toBe(before + rows);
    // the rows of the interrupted chunk ran again: each registered once, under its own id
    const registered = (await app.eventStore.readAll({ types: ['CandidateRegistered'] })).filter((e) =>
      e.metadata.correlationId.startsWith(`import-${up.importId}-`),
    );
    expect(registered).toHaveLength(rows);
    expect(new Set(registered.map((e) => e.metadata.correlationId)).size).toBe(rows);
    expect(new Set(registered.map((e) => (e.data as { candidateId: number }).candidateId)).size).toBe(rows);
  }, 120_000);

  it('resumed after a stop between a batch and its chunk record: the rows of that batch, already projected, count as created, not as duplicates', async () => {
    // the stop falls right after the first batch past a recorded chunk is appended: deterministic,
    // unlike the test above (which stops wherever the run is when the poll sees the chunk)
    const rows = IMPORT_CHUNK + 2 * CANDIDATE_BATCH;
    const lines = ['First Name,Last Name,Email,Title'];
    for (let i = 0; i < rows; i++) lines.push(`Restart${i},Tester,restart.${i}@bulk.example,Engineer`);
    const before = await candidateCount();
    const up = await upload(lines.join('\n'));
    let stopping: Promise<void> | null = null;
    const first = createImportService(app.commandApi.deps, undefined, {
      readSide: {
        async waitFor(position, timeoutMs) {
          // the next batch goes on after this wait; the run ends at the row after it
          if (!stopping && (await first.status(up.importId)).processed >= IMPORT_CHUNK) stopping = first.stop();
          return app.projector.waitFor(position, timeoutMs);
        },
      },
    });
    await first.start(up.importId, { id: 'u', name: 'Importer', role: 'admin' }, { mapping: up.mapping, onDuplicate: 'skip', choices: {} });
    await first.settled(up.importId);
    await stopping;
    expect(await first.status(up.importId)).toMatchObject({ status: 'running', processed: IMPORT_CHUNK });
    // the batch after the chunk is in the log and in the read model, its chunk not recorded
    await settle();
    expect(await candidateCount()).toBe(before + IMPORT_CHUNK + CANDIDATE_BATCH);

    const second = createImportService(app.commandApi.deps);
    expect(await second.resume()).toBe(1);
    await second.settled(up.importId);
    expect(await second.status(up.importId)).toMatchObject({ status: 'completed', processed: rows, created: rows, skipped: 0, failed: 0 });
    await settle();
    expect(await candidateCount()).toBe(before + rows);
  }, 120_000);

  it('keeps pace with the read side: a batch is appended only once the previous one is projected', async () => {
    const rows = 2 * CANDIDATE_BATCH + Math.floor(CANDIDATE_BATCH / 2); // three batches of new candidates
    const lines = ['First Name,Last Name,Email,Title'];
    for (let i = 0; i < rows; i++) lines.push(`Paced${i},Tester,paced.${i}@bulk.example,Engineer`);
    const up = await upload(lines.join('\n'));
    const waits: Array<{ position: number; projected: boolean; checkpoint: number }> = [];
    const paced = createImportService(app.commandApi.deps, undefined, {
      readSide: {
        async waitFor(position, timeoutMs) {
          const projected = await app.projector.waitFor(position, timeoutMs);
          waits.push({ position, projected, checkpoint: app.projector.checkpoint });
          return projected;
        },
      },
    });
    await paced.start(up.importId, { id: 'u', name: 'Importer', role: 'admin' }, { mapping: up.mapping, onDuplicate: 'skip', choices: {} });
    await paced.settled(up.importId);
    expect(await paced.status(up.importId)).toMatchObject({ status: 'completed', created: rows, failed: 0 });
    // before the 2nd and the 3rd batch: the one before was projected
    expect(waits).toHaveLength(2);
    expect(waits[1]!.position).toBeGreaterThan(waits[0]!.position);
    for (const w of waits) {
      expect(w.projected).toBe(true);
      expect(w.checkpoint).toBeGreaterThanOrEqual(w.position);
    }
  }, 120_000);

  it('imports clients with their contacts, and jobs naming their client', async () => {
    const clients = [
      'Company,Industry,Contact Name,Contact Email',
      'Initech,Software,Bill Lumbergh,bill@initech.example',
      'Initech,Software,Milton Waddams,milton@initech.example',
      'Globex,Energy,Hank Scorpio,bad-address',
    ].join('\n');
    const up = await upload(clients, 'clients', 'clients.csv');
    const status = await runToEnd(up.importId, { mapping: up.mapping });
    expect(status).toMatchObject({ created: 1, updated: 1, failed: 1 });
    expect(status.failures[0]).toMatchObject({ row: 4, errors: [{ field: 'contactEmail', message: messages.invalidEmail }] });
    await settle();
    const [initech] = (await recruiter.get('/api/clients?search=Initech')).json;
    const detail = (await recruiter.get(`/api/clients/${initech.id}`)).json;
    expect(detail.contacts.map((c: { name: string }) => c.name).sort()).toEqual(['Bill Lumbergh', 'Milton Waddams']);

    const jobs = ['Title,Client,Location', 'TPS Report Lead,Initech,Austin', 'Red Stapler Owner,Nowhere Inc,Basement'].join('\n');
    const upJobs = await upload(jobs, 'jobs', 'jobs.csv');
    const jobStatus = await runToEnd(upJobs.importId, { mapping: upJobs.mapping });
    expect(jobStatus).toMatchObject({ created: 1, failed: 1 });
    await settle();
    const [job] = (await recruiter.get('/api/jobs?search=TPS')).json;
    expect(job.client.companyName).toBe('Initech');
  });

  it('refuses a start without the required columns mapped (400 with the field path)', async () => {
    const up = await upload('Name,Mail\nA,a@b.example\n');
    const res = await recruiter.post(`/api/imports/${up.importId}/start`, { mapping: { email: 'Mail' } });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.json)).toContain('mapping.firstName');
  });

  it('refuses a file that is not CSV (a quote never closed) with a 400 at csv, never a 500', async () => {
    const res = await recruiter.post('/api/imports', {
      kind: 'candidates',
      fileName: 'broken.csv',
      csv: 'firstName,lastName,email\n"Ada,Lovelace,ada@x.example\n',
    });
    expect(res.status).toBe(400);
    expect(res.json.errors[0]).toMatchObject({ path: 'csv' });
    expect(res.json.errors[0].message).toContain('The file is not valid CSV');
  });
});

describe('CSV import: batched registration', () => {
  const call = (importId: string, row: number) => ({
    correlationId: `import-${importId}-${row}`,
    metadata: { now: new Date().toISOString(), actor: { id: 'u', name: 'Importer' } },
  });
  // what the import's validation makes of a row (the optional fields left out are null in the event)
  const person = (i: number, tag: string) =>
    ({
      firstName: `${tag}${i}`,
      lastName: 'Tester',
      email: `${tag.toLowerCase()}.${i}@batch.example`,
      currentTitle: 'Engineer',
      skills: [],
      source: 'import',
    }) as unknown as Parameters<typeof registerCandidates>[1][number]['input'];

  it('writes a batch as one IdsReserved and two events per row, in one append', async () => {
    const head = await app.eventStore.headPosition();
    const lines = ['First Name,Last Name,Email,Title'];
    const rows = CANDIDATE_BATCH + 7; // two batches
    for (let i = 0; i < rows; i++) lines.push(`Shape${i},Tester,shape.${i}@batch.example,Engineer`);
    const up = await upload(lines.join('\n'));
    expect(await runToEnd(up.importId, { mapping: up.mapping })).toMatchObject({ created: rows, failed: 0 });
    const written = (await app.eventStore.readAll({ after: head })).filter((e) => !e.stream.startsWith('import-'));
    const count = (type: string) => written.filter((e) => e.type === type).length;
    expect(count('CandidateRegistered')).toBe(rows);
    expect(count('CandidateEmailReserved')).toBe(rows);
    expect(count('IdReserved')).toBe(0);
    const blocks = written.filter((e) => e.type === 'IdsReserved').map((e) => e.data as { first: number; count: number });
    expect(blocks.map((b) => b.count)).toEqual([CANDIDATE_BATCH, 7]);
    // the candidates' ids are exactly the blocks' ranges, in row order
    const ids = written.filter((e) => e.type === 'CandidateRegistered').map((e) => (e.data as { candidateId: number }).candidateId);
    expect(ids).toEqual(blocks.flatMap((b) => Array.from({ length: b.count }, (_, i) => b.first + i)));
    await settle();
    // the batch's last row, found by its address
    const [one] = (await recruiter.get(`/api/candidates?search=shape.${rows - 1}@batch.example`)).json;
    expect(one).toMatchObject({ firstName: `Shape${rows - 1}`, email: `shape.${rows - 1}@batch.example` });
  }, 120_000);

  it('a batch with one e-mail twice inside it: the later row is a duplicate of the earlier one (skip, or create: taken)', async () => {
    const lines = ['First Name,Last Name,Email,Title'];
    for (let i = 0; i < 20; i++) lines.push(`Twice${i},Tester,${i === 12 ? 'TWICE.3@batch.example' : `twice.${i}@batch.example`},Engineer`);
    const before = await candidateCount();
    const skipped = await upload(lines.join('\n'));
    // the preview names the repeat before the run skips it (it said 0 duplicates, then Skipped 1)
    const preview = (await recruiter.post(`/api/imports/${skipped.importId}/preview`, { mapping: skipped.mapping })).json;
    expect(preview).toMatchObject({ total: 20, valid: 20, duplicates: 1 });
    expect(preview.rows[0]).toMatchObject({
      row: 14,
      duplicate: { reason: 'email', label: 'Twice3 Tester <twice.3@batch.example> (row 5 of this file)' },
    });
    expect(await runToEnd(skipped.importId, { mapping: skipped.mapping, onDuplicate: 'skip' })).toMatchObject({
      status: 'completed',
      created: 19,
      skipped: 1,
      failed: 0,
    });
    await settle();
    expect(await candidateCount()).toBe(before + 19);
    const [kept] = (await recruiter.get('/api/candidates?search=twice.3@batch.example')).json;
    expect(kept.firstName).toBe('Twice3');

    // "create new" for the same file once more: every address is taken now (by the run above)
    const created = await upload(lines.join('\n'));
    const status = await runToEnd(created.importId, { mapping: created.mapping, onDuplicate: 'create' });
    expect(status).toMatchObject({ created: 0, failed: 20 });
    expect(status.failures[0]).toMatchObject({ errors: [{ field: 'email', message: messages.candidateEmailTaken }] });
    await settle();
    expect(await candidateCount()).toBe(before + 19);
  }, 120_000);

  it('plans a batch again with fresh ids when another process reserved ids meanwhile', async () => {
    const { deps } = app.commandApi;
    const importId = randomUUID();
    const first = await registerCandidates(
      deps,
      [0, 1, 2].map((i) => ({ call: call(importId, i), input: person(i, 'Race') })),
    );
    expect(first?.ids).toHaveLength(3);
    // another command-api process (its own allocator) takes the next id
    const other = await createIdAllocator(app.eventStore)('candidate');
    expect(other).toBe(first!.ids[2]! + 1);
    const second = await registerCandidates(
      deps,
      [3, 4].map((i) => ({ call: call(importId, i), input: person(i, 'Race') })),
    );
    expect(second?.ids).toEqual([other + 1, other + 2]);
    await settle();
    for (const id of [...first!.ids, ...second!.ids]) expect((await recruiter.get(`/api/candidates/${id}`)).status).toBe(200);
  }, 60_000);

  it('a batch whose address was registered by this very row before a restart runs row by row: created once, no ids spent', async () => {
    const { deps } = app.commandApi;
    const importId = randomUUID();
    const rows = [0, 1, 2, 3].map((i) => ({ call: call(importId, i), input: person(i, 'Again') }));
    const done = await registerCandidates(deps, rows.slice(0, 2));
    const head = await app.eventStore.headPosition();
    // the re-run after a kill mid-batch: rows 0 and 1 are in the log, 2 and 3 are not
    expect(await registerCandidates(deps, rows)).toBeNull();
    expect(await app.eventStore.headPosition()).toBe(head); // refused: nothing written, ids included
    const again = await registerCandidates(deps, rows.slice(2));
    expect(again?.ids).toEqual([done!.ids[1]! + 1, done!.ids[1]! + 2]);
  }, 60_000);
});

describe('CSV export', () => {
  it('streams the list as filtered, formula-safe, parses back, and records the export', async () => {
    for (const lastName of ['=HYPERLINK("http://evil.example")', 'Exporter'])
      expect((await recruiter.post('/api/candidates', candidateBody({ lastName, currentCompany: 'Export Co, Ltd' }))).status).toBe(201);
    await settle();
    const res = await recruiter.get('/api/exports/candidates?search=Export%20Co');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="candidates-/);
    const rows = parse(res.text, { bom: true, columns: true }) as Array<Record<string, string>>;
    expect(rows).toHaveLength(2);
    expect(rows.map((r) => r.lastName).sort()).toEqual(['\'=HYPERLINK("http://evil.example")', 'Exporter']);
    expect(rows[0]!.currentCompany).toBe('Export Co, Ltd');

    for (const list of ['clients', 'contacts', 'jobs', 'applications', 'placements']) {
      const r = await recruiter.get(`/api/exports/${list}`);
      expect(r.status).toBe(200);
      expect(r.text.split('\r\n')[0]).toContain('id');
    }
    const contacts: Array<{ name: string }> = parse((await recruiter.get('/api/exports/contacts?search=Initech')).text, {
      bom: true,
      columns: true,
    });
    expect(contacts.map((c) => c.name).sort()).toEqual(['Bill Lumbergh', 'Milton Waddams']);
    expect((await recruiter.get('/api/exports/nothing')).status).toBe(400);

    await app.queryApi.accessLog?.flush();
    const accesses = (await app.eventStore.readAll({ types: ['RecordsAccessed'] })).flatMap(
      (e) => (e.data as { accesses: Array<{ kind: string; detail: string | null }> }).accesses,
    );
    const exports = accesses.filter((a) => a.kind === 'export');
    expect(exports.length).toBeGreaterThanOrEqual(7);
    expect(
      exports.some(
        (a) => a.detail?.includes('"list":"candidates"') && a.detail.includes('"search":"[9 characters]"') && a.detail.includes('"rows":2'),
      ),
    ).toBe(true);
    // the search text itself is not kept: it may name a person, whom nothing could erase from the log (sweep nine)
    expect(exports.some((a) => a.detail?.includes('Export Co'))).toBe(false);
  });
});

describe('CSV import: paced for other users (the embedded store)', () => {
  it('waits for another user’s request and its projection before its next batch, and sizes batches to the CPU budget', async () => {
    // a budget no batch fits: after the first (CANDIDATE_BATCH) every batch is the smallest
    const rows = CANDIDATE_BATCH + 2 * MIN_CANDIDATE_BATCH + 5;
    const lines = ['First Name,Last Name,Email,Title'];
    for (let i = 0; i < rows; i++) lines.push(`Polite${i},Tester,polite.${i}@bulk.example,Engineer`);
    const up = await upload(lines.join('\n'));
    const head = await app.eventStore.headPosition();
    const steps: Array<{ idle: true; userEvent?: number } | { wait: number; projected: boolean; checkpoint: number }> = [];
    const paced = createImportService(app.commandApi.deps, undefined, {
      readSide: {
        async waitFor(position, timeoutMs) {
          const projected = await app.projector.waitFor(position, timeoutMs);
          steps.push({ wait: position, projected, checkpoint: app.projector.checkpoint });
          return projected;
        },
      },
      pacing: {
        batchBudgetMs: 0.001,
        foreground: {
          async whenIdle() {
            if (steps.some((s) => 'idle' in s)) return void steps.push({ idle: true });
            // another user's command lands between two batches: the import must let it through
            const created = await recruiter.post('/api/candidates', candidateBody({ lastName: 'Between' }));
            expect(created.status).toBe(201);
            steps.push({ idle: true, userEvent: await app.eventStore.headPosition() });
          },
        },
      },
    });
    await paced.start(up.importId, { id: 'u', name: 'Importer', role: 'admin' }, { mapping: up.mapping, onDuplicate: 'skip', choices: {} });
    await paced.settled(up.importId);
    expect(await paced.status(up.importId)).toMatchObject({ status: 'completed', created: rows, failed: 0 });

    const written = await app.eventStore.readAll({ after: head, types: ['IdsReserved'] });
    const blocks = written.map((e) => (e.data as { count: number }).count);
    expect(blocks).toEqual([CANDIDATE_BATCH, MIN_CANDIDATE_BATCH, MIN_CANDIDATE_BATCH, 5]);
    // before every batch but the first: the other users' requests, then the read side at the log's head
    expect(steps.filter((s) => 'idle' in s)).toHaveLength(blocks.length - 1);
    const first = steps.findIndex((s) => 'idle' in s);
    const userEvent = (steps[first] as { userEvent: number }).userEvent;
    const next = steps[first + 1] as { wait: number; projected: boolean; checkpoint: number };
    expect(next.wait).toBeGreaterThanOrEqual(userEvent);
    expect(next.projected).toBe(true);
    expect(next.checkpoint).toBeGreaterThanOrEqual(userEvent);
    // and the second batch was appended after the other user's event
    expect(written[1]!.position).toBeGreaterThan(userEvent);
  }, 120_000);
});

describe('CSV import: a batch appended in its own turn (the embedded store)', () => {
  it('appends each batch a turn of the event loop after the projection of the one before, not in the same turn', async () => {
    const rows = 3 * CANDIDATE_BATCH;
    const lines = ['First Name,Last Name,Email,Title'];
    for (let i = 0; i < rows; i++) lines.push(`Turn${i},Tester,turn.${i}@bulk.example,Engineer`);
    const up = await upload(lines.join('\n'));
    // what happens in which order: the wait for the read side ends, a turn queued then, an append
    const steps: string[] = [];
    const { deps } = app.commandApi;
    const eventStore = new Proxy(deps.eventStore, {
      get(target, key) {
        if (key === 'appendMany')
          return (...args: Parameters<typeof target.appendMany>) => {
            steps.push('append');
            return target.appendMany(...args);
          };
        const value: unknown = Reflect.get(target, key, target);
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    const paced = createImportService({ ...deps, eventStore }, undefined, {
      readSide: {
        async waitFor(position, timeoutMs) {
          const projected = await app.projector.waitFor(position, timeoutMs);
          steps.push('projected');
          setImmediate(() => steps.push('turn'));
          return projected;
        },
      },
      pacing: { batchBudgetMs: 0.001 },
    });
    await paced.start(up.importId, { id: 'u', name: 'Importer', role: 'admin' }, { mapping: up.mapping, onDuplicate: 'skip', choices: {} });
    await paced.settled(up.importId);
    expect(await paced.status(up.importId)).toMatchObject({ status: 'completed', created: rows, failed: 0 });
    // three batches: the first appended at once, each of the others a turn after the wait before it
    expect(steps.filter((s) => s !== 'turn')).toEqual(['append', 'projected', 'append', 'projected', 'append']);
    const afterWaits = steps.flatMap((s, i) => (s === 'projected' ? [steps.slice(i + 1, i + 3)] : []));
    expect(afterWaits).toEqual([
      ['turn', 'append'],
      ['turn', 'append'],
    ]);
  }, 120_000);
});

describe('CSV import: the log head asked only after a request (the embedded store)', () => {
  it('asks the store for the log head before a batch only when a request ended since it last asked, and still waits for that request’s event', async () => {
    // a budget no batch fits: batches of CANDIDATE_BATCH, then MIN_CANDIDATE_BATCH twice, then 5
    const rows = CANDIDATE_BATCH + 2 * MIN_CANDIDATE_BATCH + 5;
    const lines = ['First Name,Last Name,Email,Title'];
    for (let i = 0; i < rows; i++) lines.push(`Quiet${i},Tester,quiet.${i}@bulk.example,Engineer`);
    const up = await upload(lines.join('\n'));
    const head = await app.eventStore.headPosition();
    const { deps } = app.commandApi;
    let headAsked = 0;
    const eventStore = new Proxy(deps.eventStore, {
      get(target, key) {
        if (key === 'headPosition')
          return () => {
            headAsked++;
            return target.headPosition();
          };
        const value: unknown = Reflect.get(target, key, target);
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    // the foreground as the standalone counts it: another user's command ends in the second wait only
    let ended = 0;
    let waits = 0;
    let userEvent = 0;
    const waitedFor: number[] = [];
    const paced = createImportService({ ...deps, eventStore }, undefined, {
      readSide: {
        async waitFor(position, timeoutMs) {
          waitedFor.push(position);
          return app.projector.waitFor(position, timeoutMs);
        },
      },
      pacing: {
        batchBudgetMs: 0.001,
        foreground: {
          async whenIdle() {
            if (++waits !== 2) return;
            const created = await recruiter.post('/api/candidates', candidateBody({ lastName: 'Meanwhile' }));
            expect(created.status).toBe(201);
            userEvent = await app.eventStore.headPosition();
            ended++;
          },
          get ended() {
            return ended;
          },
        },
      },
    });
    await paced.start(up.importId, { id: 'u', name: 'Importer', role: 'admin' }, { mapping: up.mapping, onDuplicate: 'skip', choices: {} });
    await paced.settled(up.importId);
    expect(await paced.status(up.importId)).toMatchObject({ status: 'completed', created: rows, failed: 0 });
    const written = await app.eventStore.readAll({ after: head, types: ['IdsReserved'] });
    expect(written.map((e) => (e.data as { count: number }).count)).toEqual([CANDIDATE_BATCH, MIN_CANDIDATE_BATCH, MIN_CANDIDATE_BATCH, 5]);
    // three waits before batches 2–4: the head asked at the first look and after the request, not at the third
    expect(waits).toBe(3);
    expect(headAsked).toBe(2);
    // the batch after the request waited for its event to be projected and was appended after it
    expect(waitedFor[1]).toBeGreaterThanOrEqual(userEvent);
    expect(written[2]!.position).toBeGreaterThan(userEvent);
  }, 120_000);
});
