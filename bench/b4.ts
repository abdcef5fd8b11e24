/**
 * B4: the screens' reads as throughput at a latency bound. The mix, one of each kind in turn:
 * a candidate search page and its '{n} found' count, a pipeline column page, a pipeline summary
 * (one job and the whole board), one candidate, and the dashboard's reads. The open-loop
 * generator (`open-loop.ts`) finds the highest rate whose p99 stays ≤ 50 ms.
 */
import { maxRateWithin, type OpenLoopResult, type ReadMix } from './open-loop';

export const B4_BOUND_MS = 50;
export const B4_TARGET_RATE = 300;

const TERMS = ['lovelace', 'hopper', 'london', 'cand123', 'chief', 'turing4', 'berlin', 'zzz-no-match'];
const STAGES = ['applied', 'phone_screen', 'interview', 'final_interview', 'offer', 'placed', 'rejected'];

/** The screens' reads over a dataset of `candidates` candidates and `jobs` jobs. */
export function screenMix(size: { candidates: number; jobs: number }): ReadMix {
  const tz = encodeURIComponent('Europe/London');
  return {
    kinds: {
      'search page': TERMS.map((q) => `/api/candidates?search=${encodeURIComponent(q)}&limit=30`),
      'search count': TERMS.map((q) => `/api/candidates/count?search=${encodeURIComponent(q)}`),
      'column page': Array.from(
        { length: 21 },
        (_, i) => `/api/applications?job=${1 + ((i * 7) % size.jobs)}&stage=${STAGES[i % STAGES.length]}&limit=30`,
      ),
      summary: [
        '/api/applications/summary',
        ...Array.from({ length: 20 }, (_, i) => `/api/applications/summary?job=${1 + ((i * 7) % size.jobs)}`),
      ],
      candidate: Array.from({ length: 50 }, (_, i) => `/api/candidates/${1 + ((i * 997) % size.candidates)}`),
      dashboard: [
        `/api/dashboard/metrics?tz=${tz}`,
        '/api/dashboard/recent-activities?limit=10',
        `/api/dashboard/todays-interviews?tz=${tz}`,
        '/api/dashboard/priority-tasks?limit=5',
        '/api/jobs',
      ],
    },
  };
}

export type Row = (id: string, store: string, metric: string, value: string, target?: string, floor?: string, ok?: boolean | null) => void;

const describe = (r: OpenLoopResult) => `${r.rate}/s: p50 ${r.p50} ms, p99 ${r.p99} ms${r.errors ? `, ${r.errors} errors` : ''}`;

/**
 * Every read of the mix once (cold pages, plans, caches), then the ladder. `urls` are the
 * query-api instances (round robin); returns the best rate and the curve.
 */
export async function readThroughput(options: {
  urls: string[];
  cookie: string;
  size: { candidates: number; jobs: number };
  stepMs: number;
  startRate?: number;
  /** the server processes serving the reads, for CPU time per read */
  pids?: number[];
  log: (msg: string) => void;
}) {
  const mix = screenMix(options.size);
  for (const url of options.urls)
    for (const paths of Object.values(mix.kinds))
      for (const path of paths) {
        const res = await fetch(url + path, { headers: { Cookie: options.cookie } });
        if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
        await res.arrayBuffer();
      }
  const { best, curve } = await maxRateWithin({
    urls: options.urls,
    cookie: options.cookie,
    mix,
    boundMs: B4_BOUND_MS,
    startRate: options.startRate ?? 50,
    stepMs: options.stepMs,
    pids: options.pids,
    onStep: (r) => {
      const kinds = Object.entries(r.perKind)
        .map(([k, v]) => `${k} p99 ${v.p99}`)
        .join(', ');
      const cpu = r.cpuMsPerRead === null ? '' : `, server CPU ${r.cpuMsPerRead} ms/read`;
      options.log(`  B4 ${options.urls.length} instance(s) ${describe(r)} (${r.throughput}/s done${cpu}; ${kinds})`);
    },
  });
  const cpu = curve.map((r) => r.cpuMsPerRead).filter((c): c is number => c !== null);
  return {
    best,
    /** median server CPU per read over the steps: the load-independent cost (1000 / it = one core's reads/s) */
    cpuMsPerRead: cpu.length ? cpu.sort((a, b) => a - b)[Math.floor(cpu.length / 2)]! : null,
    curve: curve.map((r) => ({ rate: r.rate, p50: r.p50, p99: r.p99, errors: r.errors, cpuMsPerRead: r.cpuMsPerRead, perKind: r.perKind })),
  };
}

export function curveText(curve: Array<{ rate: number; p99: number; errors: number }>) {
  return curve.map((r) => `${r.rate}/s→p99 ${r.p99}${r.errors ? ` (${r.errors} err)` : ''}`).join(', ');
}
