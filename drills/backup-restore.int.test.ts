/**
 * Drill: backups that restore. The real server (services/standalone/src/main.ts) runs on a data
 * dir with the demo agency and a resume; `npm run backup`'s CLI takes an online backup while
 * commands keep flowing; `npm run restore` puts it into a fresh dir, where the log (positions,
 * hashes) equals the original's, sign-in works and the resume's bytes are back. A final offline
 * backup restores to read models identical to the original's (checksums), on PGlite and, with
 * DATABASE_URL, on PostgreSQL; damaged and partial backups are refused with the reason.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allProjections } from '@ats/projector';
import { createTestSchema, openStorage, type StorageConfig } from '@ats/storage';
import { Client } from '@ats/http-kit/testing';
import { startStandalone } from '@ats/standalone';
import { BackupRefusedError, restoreBackup, takeBackup } from '@ats/standalone/ops';
import { DATABASE_URL, ROOT, TSX, checksum, freePort, sleep, spawnTsx, until, type Child } from './support/harness';

const run = promisify(execFile);
const CLI = join(ROOT, 'services', 'standalone', 'src', 'ops', 'cli.ts');
const ADMIN = { email: 'owner@agency.example', password: 'backup-drill-password-1' };
// a minimal PDF (magic bytes and an object): enough for the upload check
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

async function cli(args: string[], env: Record<string, string> = {}) {
  const clean = { ...process.env, ...env };
  delete clean.DATABASE_URL;
  if (env.DATABASE_URL) clean.DATABASE_URL = env.DATABASE_URL;
  try {
    const { stdout } = await run(TSX, [CLI, ...args], { cwd: ROOT, env: clean, maxBuffer: 20_000_000 });
    return { code: 0, out: stdout };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: `${e.stdout}${e.stderr}` };
  }
}

/** Every event's position and hash, and every read model's checksum, of a store. */
async function snapshot(config: StorageConfig) {
  const storage = await openStorage(config);
  try {
    const { rows } = await storage.sql!.query<{ position: string; hash: string }>('SELECT position, hash FROM events ORDER BY position');
    const readModels: Record<string, string> = {};
    for (const p of allProjections) readModels[p.name] = checksum(await storage.documentStore.collection(p.collection.name).find({}));
    return { events: rows.map((r) => `${r.position}:${r.hash}`), readModels };
  } finally {
    await storage.close();
  }
}

let root: string;
let dataDir: string;
let server: Child;
let url: string;
let blobSha: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'ats-backup-drill-'));
  dataDir = join(root, 'data');
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  server = spawnTsx(join(ROOT, 'services', 'standalone', 'src', 'main.ts'), {
    PORT: String(port),
    ATS_DATA_DIR: dataDir,
    ATS_ADMIN_EMAIL: ADMIN.email,
    ATS_ADMIN_PASSWORD: ADMIN.password,
    // populated below through the API (the demo agency would double the start-up time of this drill)
    ATS_DEMO_DATA: 'false',
    ATS_WEB_DIR: root,
    LOG_LEVEL: 'warn',
  });
  const t0 = Date.now();
  await until(() => server.output().includes('TalentFlow ATS is running'), 110_000, 'the server to start').catch((error: Error) => {
    throw new Error(`${error.message}\n${server.output()}`);
  });
  console.info(`server ready in ${Date.now() - t0} ms`);
  expect(existsSync(join(dataDir, 'server.json'))).toBe(true);
  const admin = await new Client(url).login(ADMIN.email, ADMIN.password);
  // a small agency: a client, a job, candidates in the pipeline, a note
  const client = await admin.post('/api/clients', { companyName: 'Acme Holdings', industry: 'Finance' });
  expect(client.status, client.text).toBe(201);
  const job = await admin.post('/api/jobs', { title: 'Chief Financial Officer', clientId: client.json.id });
  expect(job.status, job.text).toBe(201);
  for (let i = 0; i < 8; i++) {
    const candidate = await admin.post('/api/candidates', {
      firstName: 'Pat',
      lastName: `Seed${i}`,
      email: `seed${i}@example.com`,
      currentTitle: 'CFO',
    });
    expect(candidate.status).toBe(201);
    const application = await admin.post('/api/applications', { candidateId: candidate.json.id, jobId: job.json.id });
    expect(application.status, application.text).toBe(201);
  }
  const created = await admin.post('/api/candidates', {
    firstName: 'Resume',
    lastName: 'Holder',
    email: 'resume.holder@example.com',
    currentTitle: 'CFO',
  });
  expect(created.status).toBe(201);
  const uploaded = await admin.post(`/api/candidates/${created.json.id}/resume`, {
    fileName: 'holder.pdf',
    fileData: `data:application/pdf;base64,${PDF.toString('base64')}`,
  });
  expect(uploaded.status).toBe(200);
  blobSha = createHash('sha256').update(PDF).digest('hex');
}, 120_000);

afterAll(async () => {
  await server?.stop();
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('backup and restore of the embedded installation', () => {
  let online: string;
  let onlineHead = 0;

  it('takes an online backup through the running server while commands flow', async () => {
    const admin = await new Client(url).login(ADMIN.email, ADMIN.password);
    let flowing = true;
    const statuses: number[] = [];
    const writer = (async () => {
      for (let i = 0; flowing; i++) {
        const res = await admin.post('/api/candidates', {
          firstName: 'Flow',
          lastName: `N${i}`,
          email: `flow${i}@example.com`,
          currentTitle: 'CTO',
        });
        statuses.push(res.status);
      }
    })();
    await sleep(200);
    online = join(root, 'backup-online');
    const result = await cli(['backup', online, '--data-dir', dataDir]);
    await sleep(200);
    flowing = false;
    await writer;
    expect(result.out).toContain('online backup');
    expect(result.code, result.out).toBe(0);
    expect(statuses.length).toBeGreaterThan(2);
    expect(new Set(statuses)).toEqual(new Set([201]));
    const manifest = JSON.parse(readFileSync(join(online, 'manifest.json'), 'utf8'));
    onlineHead = manifest.events.headPosition;
    expect(manifest.mode).toBe('online');
    expect(manifest.events.count).toBe(onlineHead);
    expect(manifest.blobs.count).toBe(1);
    expect(manifest.tables.map((t: { name: string }) => t.name)).toEqual(expect.arrayContaining(['doc_accounts', 'event_checkpoints']));
    expect(Object.keys(manifest.files)).toEqual(expect.arrayContaining(['files/session-secret', 'files/signing-key.pem']));
    // the backup dir holds secrets: this user's only
    expect(statSync(online).mode & 0o777).toBe(0o700);
    // progress was printed
    expect(result.out).toMatch(/events: \d+ \(position/);
  }, 150_000);

  it('restores it into a fresh dir: same log up to its head, sign-in works, the resume is back', async () => {
    const restored = join(root, 'restored-online');
    const result = await cli(['restore', online, '--data-dir', restored]);
    expect(result.code, result.out).toBe(0);
    expect(result.out).toContain('verified:');
    expect(result.out).toMatch(/read models: (replaying|done)/);

    const copy = await snapshot({ kind: 'embedded', dataDir: join(restored, 'pglite') });
    expect(copy.events).toHaveLength(onlineHead);
    await server.stop(); // the original, to read its log (commands went on after the backup)
    const original = await snapshot({ kind: 'embedded', dataDir: join(dataDir, 'pglite') });
    expect(original.events.length).toBeGreaterThan(onlineHead);
    expect(copy.events).toEqual(original.events.slice(0, onlineHead));

    const app = await startStandalone({
      port: 0,
      host: '127.0.0.1',
      dataDir: join(restored, 'pglite'),
      blobDir: join(restored, 'blobs'),
      sessionSecret: readFileSync(join(restored, 'session-secret'), 'utf8').trim(),
      signingKey: readFileSync(join(restored, 'signing-key.pem'), 'utf8').trim(),
      webDir: root,
    });
    try {
      const admin = await new Client(app.url).login(ADMIN.email, ADMIN.password);
      const found = await admin.get('/api/candidates?search=Holder');
      expect(found.status).toBe(200);
      const holder = (found.json as Array<{ resumeFileName?: string }>).find((c) => c.resumeFileName === 'holder.pdf');
      expect(holder).toBeTruthy();
      const [event] = await app.eventStore.readAll({ types: ['CandidateResumeUploaded'] });
      const blob = (event!.data as { blob: { blobId: string; sha256: string } }).blob;
      expect(blob.sha256).toBe(blobSha);
      const bytes = await app.blobs.get(blob.blobId);
      expect(createHash('sha256').update(bytes!).digest('hex')).toBe(blobSha);
    } finally {
      await app.close();
    }
  }, 150_000);

  let offline: string;
  let original: Awaited<ReturnType<typeof snapshot>>;

  it('an offline backup (no server) restores to read models identical to the original (checksums)', async () => {
    // the key store (crypto-shredding: one data key per person) goes with the log, or nobody is readable
    const keysOf = async (pgliteDir: string) => {
      const storage = await openStorage({ kind: 'embedded', dataDir: pgliteDir });
      try {
        return (
          await storage.sql!.query<{ key_id: string; data_key: string; erased_at: unknown }>(
            'SELECT key_id, data_key, erased_at FROM subject_keys ORDER BY key_id',
          )
        ).rows;
      } finally {
        await storage.close();
      }
    };
    const originalKeys = await keysOf(join(dataDir, 'pglite'));
    expect(originalKeys.length).toBeGreaterThan(0);
    original = await snapshot({ kind: 'embedded', dataDir: join(dataDir, 'pglite') });

    offline = join(root, 'backup-offline');
    // in this process (each CLI run costs a TypeScript start): the CLI's offline path is this call
    const source = await openStorage({ kind: 'embedded', dataDir: join(dataDir, 'pglite') });
    try {
      await takeBackup({ sql: source.sql!, dataDir, blobDir: join(dataDir, 'blobs'), target: offline, mode: 'offline' });
    } finally {
      await source.close();
    }
    const manifest = JSON.parse(readFileSync(join(offline, 'manifest.json'), 'utf8'));
    expect(manifest.keyStore).toEqual(['subject_keys']);

    const restored = join(root, 'restored-offline');
    const lines: string[] = [];
    await restoreBackup({ from: offline, to: { kind: 'embedded', dataDir: restored }, progress: (line) => lines.push(line) });
    expect(lines.at(-1)).toMatch(/^restored: \d+ events/);
    const copy = await snapshot({ kind: 'embedded', dataDir: join(restored, 'pglite') });
    expect(copy.events).toEqual(original.events);
    expect(copy.readModels).toEqual(original.readModels);
    expect(await keysOf(join(restored, 'pglite'))).toEqual(originalKeys);

    // a data dir that is not empty is refused, and left as it was
    const refused = await restoreBackup({ from: offline, to: { kind: 'embedded', dataDir: restored } }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(BackupRefusedError);
    expect((refused as Error).message).toContain('is not empty');
  }, 150_000);

  const damaged = (name: string, change: (dir: string) => void) => {
    const dir = join(root, `damaged-${name}`);
    cpSync(offline, dir, { recursive: true });
    change(dir);
    return dir;
  };

  it('refuses damaged and partial backups with the reason, writing nothing', async () => {
    const oneByte = damaged('byte', (dir) => {
      const file = join(dir, 'events.ndjson');
      const bytes = readFileSync(file);
      // a letter of a stream name in the middle of the log (the JSON stays valid)
      const at = bytes.indexOf('"stream" : "', Math.floor(bytes.length / 2)) + 13;
      bytes[at] = bytes[at]! ^ 0x01;
      writeFileSync(file, bytes);
    });
    // the same byte, with the manifest's checksum forged to match: the hash chain still catches it
    const forged = damaged('forged', (dir) => {
      cpSync(join(oneByte, 'events.ndjson'), join(dir, 'events.ndjson'));
      const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
      const bytes = readFileSync(join(dir, 'events.ndjson'));
      manifest.files['events.ndjson'].sha256 = createHash('sha256').update(bytes).digest('hex');
      writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest));
    });
    const noBlob = damaged('blob', (dir) => {
      const shard = readdirSync(join(dir, 'blobs'))[0]!;
      rmSync(join(dir, 'blobs', shard), { recursive: true });
    });
    const noKeys = damaged('keys', (dir) => rmSync(join(dir, 'tables', 'subject_keys.ndjson')));
    const noKeysListed = damaged('keys-listed', (dir) => {
      const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
      manifest.tables = manifest.tables.filter((t: { name: string }) => t.name !== 'subject_keys');
      writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest));
    });
    const cases: [string, string, RegExp][] = [
      ['one byte changed in the log', oneByte, /events\.ndjson does not match its checksum/],
      ['the log changed and its checksum forged', forged, /position \d+ does not match its hash|hash chain is broken/],
      ['a blob missing', noBlob, /blobs\/.+ is missing \(a resume file\)/],
      ['the key store file missing', noKeys, /tables\/subject_keys\.ndjson is missing \(the key store\)/],
      ['the key store left out', noKeysListed, /key store \(table subject_keys\) is missing/],
    ];
    for (const [what, dir, reason] of cases) {
      const target = join(root, `target-${what.replace(/\W+/g, '-')}`);
      const refused = await restoreBackup({ from: dir, to: { kind: 'embedded', dataDir: target } }).catch((error: unknown) => error);
      expect(refused, what).toBeInstanceOf(BackupRefusedError);
      expect((refused as Error).message, what).toMatch(reason);
      expect(!existsSync(target) || readdirSync(target).length === 0, what).toBe(true);
    }
    // through the CLI: the reason printed, exit code 1
    const result = await cli(['restore', noBlob, '--data-dir', join(root, 'target-cli')]);
    expect(result.code).toBe(1);
    expect(result.out).toMatch(/refused: blobs\/.+ is missing \(a resume file\)/);
  }, 150_000);

  it.runIf(DATABASE_URL)(
    'moves the embedded installation to PostgreSQL with identical read models',
    async () => {
      const schema = await createTestSchema(DATABASE_URL!, 'restore');
      try {
        const files = join(root, 'pg-files');
        const result = await cli(['restore', offline, '--to', schema.url, '--files-dir', files]);
        expect(result.code, result.out).toBe(0);
        const copy = await snapshot({ kind: 'postgres', url: schema.url });
        expect(copy.events).toEqual(original.events);
        expect(copy.readModels).toEqual(original.readModels);
        expect(existsSync(join(files, 'signing-key.pem'))).toBe(true);
        // and back out of PostgreSQL: the same log, head and tables
        const fromPg = join(root, 'backup-from-pg');
        const backup = await cli(['backup', fromPg, '--from', schema.url, '--blob-dir', join(files, 'blobs')]);
        expect(backup.code, backup.out).toBe(0);
        const a = JSON.parse(readFileSync(join(offline, 'manifest.json'), 'utf8'));
        const b = JSON.parse(readFileSync(join(fromPg, 'manifest.json'), 'utf8'));
        expect(b.source).toBe('postgres');
        expect(b.events).toEqual(a.events);
        expect(b.files['events.ndjson']).toEqual(a.files['events.ndjson']);
        expect(b.blobs).toEqual(a.blobs);
      } finally {
        await schema.drop();
      }
    },
    60_000,
  );
});
