/**
 * Import and export at scale (issue 16 targets) against an in-process standalone on in-memory
 * PGlite: a CSV import of N candidates (rows/s), another user's list reads meanwhile (p50/p95/p99), then
 * the CSV export of every candidate (time, heap) after topping the candidates read model up to
 * EXPORT_ROWS (default 50,000) documents. `node --import tsx bench/data-io.ts [n]`.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { ensureAdmin } from '@ats/command-api';
import { startStandalone } from '@ats/standalone';
import { Client } from '@ats/http-kit/testing';
import { silentLogger } from '@ats/http-kit';

const n = Number(process.argv[2] ?? 50_000);
const app = await startStandalone({
  port: 0,
  dataDir: undefined,
  sessionSecret: 'x'.repeat(32),
  webDir: '/nonexistent',
  host: '127.0.0.1',
  log: silentLogger,
});
const admin = { email: 'bench@example.com', password: 'bench-password-123' };
await ensureAdmin(app.commandApi.deps, admin);
const importer = await new Client(app.url).login(admin.email, admin.password);
const reader = await new Client(app.url).login(admin.email, admin.password);

const lines = ['First Name,Last Name,Email,Title,Company,Location,Skills'];
for (let i = 0; i < n; i++)
  lines.push(`Bulk${i},"Person, ${i % 97}",bulk.${i}@import.example,Engineer,Company ${i % 500},City ${i % 50},"Go; SQL"`);
const csv = lines.join('\r\n');

const p = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))] ?? 0;
const t0 = performance.now();
const up = await importer.post('/api/imports', { kind: 'candidates', fileName: 'bulk.csv', csv });
if (up.status !== 201) throw new Error(up.text);
const tUpload = performance.now() - t0;
// how long the event loop is ever blocked, from the upload on
const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();
const tp0 = performance.now();
const preview = await importer.post(`/api/imports/${up.json.importId}/preview`, { mapping: up.json.mapping });
if (preview.status !== 200) throw new Error(preview.text);
process.stdout.write(
  `upload of ${n} rows ${Math.round(tUpload)} ms; preview ${Math.round(performance.now() - tp0)} ms (${preview.json.valid} valid); ` +
    `event loop delay max so far ${(loop.max / 1e6).toFixed(0)} ms\n`,
);
if (process.env.PREVIEW_ONLY) {
  await app.close();
  process.exit(0);
}
const t1 = performance.now();
const started = await importer.post(`/api/imports/${up.json.importId}/start`, { mapping: up.json.mapping });
if (started.status !== 202) throw new Error(started.text);
// another user reads the candidates list (and its count) every 200 ms while the import runs
const reads: number[] = [];
let done = false;
const readLoop = (async () => {
  while (!done) {
    const t = performance.now();
    const r = await reader.get('/api/candidates?limit=50');
    if (r.status !== 200) throw new Error(r.text);
    reads.push(performance.now() - t);
    if (process.env.TRACE) process.stdout.write(`read ${(performance.now() - t).toFixed(0)} ms\n`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
})();
await app.commandApi.imports.settled(up.json.importId);
const tImport = performance.now() - t1;
done = true;
await readLoop;
const status = (await importer.get(`/api/imports/${up.json.importId}`)).json;
process.stdout.write(
  `import of ${n} candidates: upload ${Math.round(tUpload)} ms, run ${Math.round(tImport)} ms = ${Math.round((n / tImport) * 1000)} rows/s; ` +
    `created ${status.created}, failed ${status.failed}\n` +
    `event loop delay during upload, preview and import: p99 ${(loop.percentile(99) / 1e6).toFixed(0)} ms, max ${(loop.max / 1e6).toFixed(0)} ms\n` +
    `another user's list reads meanwhile: ${reads.length}, p50 ${p(reads, 0.5).toFixed(1)} ms, p95 ${p(reads, 0.95).toFixed(1)} ms, p99 ${p(reads, 0.99).toFixed(1)} ms, max ${Math.max(...reads).toFixed(1)} ms\n`,
);
const tp = performance.now();
await app.projector.waitFor(await app.eventStore.headPosition(), 600_000);
process.stdout.write(`projector caught up ${Math.round(performance.now() - tp)} ms after the import\n`);

// the export reads the read model only: top it up to EXPORT_ROWS documents directly (fast)
const exportRows = Number(process.env.EXPORT_ROWS ?? 50_000);
const collection = app.documents.collection('candidates');
const [sample] = await collection.find({ limit: 1 });
if (!sample) throw new Error('no candidate to copy');
const existingCount = await collection.count();
for (let from = 0; from < exportRows - existingCount; from += 2000) {
  const docs = [];
  for (let i = from; i < Math.min(from + 2000, exportRows - existingCount); i++)
    docs.push({
      ...sample,
      id: 10_000_000 + i,
      email: `copy.${i}@export.example`,
      lastName: `=Copy ${i}`,
      createdAt: new Date(Date.now() - i).toISOString(),
    });
  await (collection.upsertMany ? collection.upsertMany(docs) : Promise.all(docs.map((d) => collection.upsert(d))));
}

global.gc?.();
const heapBefore = process.memoryUsage().heapUsed;
let peak = heapBefore;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed)), 50);
const te = performance.now();
const res = await fetch(`${app.url}/api/exports/candidates`, { headers: { Cookie: importer.cookie } });
let bytes = 0;
let rows = 0;
for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
  bytes += chunk.length;
  for (const b of chunk) if (b === 10) rows++;
}
clearInterval(sampler);
process.stdout.write(
  `export of ${rows - 1} candidates: ${Math.round(performance.now() - te)} ms, ${(bytes / 1e6).toFixed(1)} MB, heap growth at peak ${((peak - heapBefore) / 1e6).toFixed(0)} MB\n`,
);
await app.close();
