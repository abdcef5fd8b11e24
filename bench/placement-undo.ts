/**
 * What undoing a placement costs at a large store (`npx tsx bench/placement-undo.ts [--events N]
 * [--runs R]`): on B7's data dir (N events, default 1,000,000: 500,000 applications; built by
 * `bench/b7.ts` if missing), a candidate with two applications, both placed; then one moved out
 * of Placed and back, R times, through the command handler (`changeApplicationStage`), which asks
 * whether another application of the candidate still stands at Placed (`othersPlaced`):
 *
 * - before: without the read models (`documents: null`), as every undo did until now: every
 *   `ApplicationCreated` of the log read and decoded;
 * - after: the candidate's applications from the applications read model (`candidateId` index)
 *   and the log's tail after the projector's checkpoint.
 *
 * Each undo's wall time and the process's CPU time (process.cpuUsage: user + system) are printed
 * per variant, in alternation (same minutes), with the load average.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { contracts } from '@ats/contracts';
import {
  attachCandidateToJob,
  changeApplicationStage,
  createIdAllocator,
  createJob,
  registerCandidate,
  type Call,
  type Deps,
} from '@ats/command-api';
import { openStorage } from '@ats/storage';
import { b7DataDir } from './b7';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const events = Number(arg('events') ?? 1_000_000);
const runs = Number(arg('runs') ?? 3);
const log = (msg: string) => process.stdout.write(`[placement-undo] ${msg}\n`);
const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const r1 = (n: number) => Math.round(n * 10) / 10;

const dataDir = await b7DataDir(events);
const storage = await openStorage({ kind: 'embedded', dataDir: join(dataDir, 'pglite') });
try {
  const after: Deps = {
    eventStore: storage.eventStore,
    allocateId: createIdAllocator(storage.eventStore),
    documents: storage.documentStore,
  } as Deps;
  const before: Deps = { ...after, documents: null };
  const call = (): Call => ({
    correlationId: `placement-undo-${Date.now()}`,
    metadata: { now: new Date().toISOString(), actor: { id: 'u-bench', name: 'Bench Recruiter' } },
  });
  const checkpoint = await storage.documentStore.collection('projection_checkpoints').get('main');
  const created = await storage.eventStore.readAll({ types: ['ApplicationCreated'] });
  log(`${events} events: ${created.length} ApplicationCreated in the log, the projector's checkpoint at ${String(checkpoint?.position)}`);

  const stamp = Date.now();
  const candidate = await registerCandidate(
    after,
    call(),
    contracts.createCandidate.body.parse({
      firstName: 'Undo',
      lastName: 'Bench',
      email: `undo-${stamp}@agency.example`,
      currentTitle: 'Head of Undo',
      location: 'London, UK',
    }),
  );
  const jobIds: number[] = [];
  for (const title of ['Undo Bench One', 'Undo Bench Two'])
    jobIds.push((await createJob(after, call(), contracts.createJob.body.parse({ title, salaryMin: 200, salaryMax: 300 }))).id!);
  const [first, second] = await Promise.all(
    jobIds.map(async (jobId) => (await attachCandidateToJob(after, call(), candidate.id!, jobId)).id!),
  );
  await changeApplicationStage(after, call(), second!, { stage: 'placed', salary: 250 });

  const samples: Record<'before' | 'after', Array<{ wallMs: number; cpuMs: number }>> = { before: [], after: [] };
  for (let run = 0; run < runs; run++) {
    for (const [name, deps] of [
      ['before', before],
      ['after', after],
    ] as const) {
      await changeApplicationStage(deps, call(), first!, { stage: 'placed', salary: 250 });
      // the undo: moved out of Placed while the second application stands (the candidate stays placed)
      const cpu = process.cpuUsage();
      const t = performance.now();
      await changeApplicationStage(deps, call(), first!, { stage: 'offer' });
      const wallMs = performance.now() - t;
      const used = process.cpuUsage(cpu);
      samples[name].push({ wallMs: r1(wallMs), cpuMs: r1((used.user + used.system) / 1000) });
      log(`run ${run + 1} ${name}: undo ${r1(wallMs)} ms wall, ${r1((used.user + used.system) / 1000)} ms CPU (load ${load()})`);
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  for (const name of ['before', 'after'] as const)
    log(`${name}: median undo ${median(samples[name].map((s) => s.wallMs))} ms wall, ${median(samples[name].map((s) => s.cpuMs))} ms CPU`);
} finally {
  await storage.close();
}
process.exit(0);
