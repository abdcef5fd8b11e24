/**
 * Profiling aid for B7's idle RSS (`node --expose-gc --import tsx bench/profile-read-memory.ts
 * [--events N] [--shared-buffers 32MB]`): B7's data dir (built by `bench/b7.ts` if missing) opened
 * as the standalone server opens it, then each in-memory read model the query side's warm-up
 * loads (`warmUp()` in services/query-api/src/app.ts), one after the other, with what each adds:
 * RSS, the V8 heap in use, ArrayBuffers outside the heap (typed columns), and PGlite's
 * WebAssembly memory (which never shrinks). Garbage is collected before each figure.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createMemoryChangeBus, openStorage } from '@ats/storage';
// the PGlite build the storage package runs (a profiling aid may reach into it): its WebAssembly memory
import { PGlite } from '../packages/storage/node_modules/@electric-sql/pglite/dist/index.js';
import { createPositionTracker } from '../services/query-api/src/read-models/position-tracker';
import { createStatusCounts } from '../services/query-api/src/read-models/status-counts';
import { createApplicationCounts } from '../services/query-api/src/read-models/application-counts';
import { createAiTotals } from '../services/query-api/src/read-models/ai-totals';
import { createLiveActiveCandidates } from '../services/query-api/src/read-models/analytics/active-candidates';
import { createJobsListMemory } from '../services/query-api/src/read-models/jobs-list-memory';
import { b7DataDir } from './b7';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const events = Number(arg('events') ?? 1_000_000);
const sharedBuffers = arg('shared-buffers') ?? '32MB';
const log = (msg: string) => process.stdout.write(`[read-memory] ${msg}\n`);
const mb = (n: number) => Math.round((n / 1048576) * 10) / 10;
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc --import tsx');

let instance: { mod?: { HEAPU8?: Uint8Array } } | null = null;
const query = PGlite.prototype.query;
PGlite.prototype.query = function (this: PGlite, ...args: Parameters<PGlite['query']>) {
  instance ??= this as unknown as typeof instance;
  return query.apply(this, args);
} as PGlite['query'];

type Figures = { rss: number; heapUsed: number; arrayBuffers: number; wasm: number };
const figures = (): Figures => {
  gc();
  gc();
  const m = process.memoryUsage();
  const wasm = instance?.mod?.HEAPU8?.byteLength ?? 0;
  // (the WebAssembly memory is not among the ArrayBuffers node counts)
  return { rss: m.rss, heapUsed: m.heapUsed, arrayBuffers: m.arrayBuffers, wasm };
};
let last = figures();
const report = (step: string, ms?: number) => {
  const now = figures();
  const d = (k: keyof Figures) => `${mb(now[k] - last[k]) >= 0 ? '+' : ''}${mb(now[k] - last[k])}`;
  log(
    `${step}${ms === undefined ? '' : ` (${Math.round(ms)} ms)`}: RSS ${mb(now.rss)} MB (${d('rss')}), heap used ${mb(now.heapUsed)} (${d('heapUsed')}), ` +
      `typed columns ${mb(now.arrayBuffers)} (${d('arrayBuffers')}), PGlite wasm ${mb(now.wasm)} (${d('wasm')})`,
  );
  last = now;
};
const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

const dataDir = await b7DataDir(events);
report('before opening');
const storage = await openStorage({ kind: 'embedded', dataDir: join(dataDir, 'pglite'), sharedBuffers });
const documents = storage.documentStore;
await documents.collection('projection_checkpoints').get('main');
report(`opened (shared_buffers ${sharedBuffers})`);
const bus = createMemoryChangeBus();
const tracker = createPositionTracker(documents, bus);
await tracker.start();
report('position tracker');

const steps: Array<[string, () => Promise<unknown>]> = [
  [
    'candidates per status (status-counts)',
    () => createStatusCounts(documents, tracker, { readModel: 'candidates', field: 'status' }).warm(),
  ],
  ["applications' job, candidate, stage (application-counts)", () => createApplicationCounts(documents, tracker).warm()],
  ["candidates' AI analysis time and score (ai-totals)", () => createAiTotals(documents, tracker).warm()],
  [
    "candidates' active spans (active-candidates)",
    () => createLiveActiveCandidates(documents, { bus, checkpoint: () => tracker.current() }).current(),
  ],
  ["jobs' documents and clients' names (jobs-list-memory)", () => createJobsListMemory(documents, tracker).warm()],
];
for (const [name, load] of steps) {
  const t = performance.now();
  await load();
  report(name, performance.now() - t);
}
log(`load average ${loadavg()}`);
await tracker.stop();
await storage.close();
process.exit(0);
