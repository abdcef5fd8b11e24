/**
 * B4 as throughput at a latency bound: an open-loop, coordinated-omission-free load generator.
 * Request i is due at `start + i / rate` whatever happened to the earlier ones, and its latency is
 * measured from that due time, not from when a free connection let it go: a server that stalls
 * is charged for every request that should have gone out meanwhile (a closed loop of N readers
 * would simply send less and hide the stall).
 */
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';

/** The reads the screens make, in rotation: one of each kind in turn. */
export interface ReadMix {
  /** a kind ('search page', 'count', …) → the paths of that kind, taken in turn */
  kinds: Record<string, string[]>;
}

export interface OpenLoopResult {
  rate: number;
  sent: number;
  completed: number;
  errors: number;
  /** latency from the scheduled time, ms */
  p50: number;
  p99: number;
  max: number;
  /** achieved completions per second over the window */
  throughput: number;
  /** CPU time the server processes spent per completed read (user + system), ms; null without pids */
  cpuMsPerRead: number | null;
  /** p99 per kind of read */
  perKind: Record<string, { n: number; p50: number; p99: number }>;
}

function pct(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
const r1 = (n: number) => Math.round(n * 10) / 10;
const r2 = (n: number) => Math.round(n * 100) / 100;

/** CPU time (user + system) of the processes so far, ms (Linux /proc; clock ticks of 10 ms). */
export function cpuMs(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // fields after the command name in parentheses: utime is the 14th, stime the 15th
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks * 10;
}

/** The mix as one rotation: kind by kind, each kind's paths in turn. */
export function rotation(mix: ReadMix): Array<{ kind: string; path: string }> {
  const kinds = Object.entries(mix.kinds).filter(([, paths]) => paths.length > 0);
  const longest = Math.max(...kinds.map(([, paths]) => paths.length));
  const out: Array<{ kind: string; path: string }> = [];
  for (let i = 0; i < longest; i++) for (const [kind, paths] of kinds) out.push({ kind, path: paths[i % paths.length]! });
  return out;
}

/**
 * Sends `rate` requests per second for `durationMs` to the given base URLs (round robin: several
 * query-api instances), each carrying `cookie`; waits for the stragglers up to `drainMs`.
 */
export async function openLoop(options: {
  urls: string[];
  cookie: string;
  mix: ReadMix;
  rate: number;
  durationMs: number;
  drainMs?: number;
  /** where in the rotation to start (so consecutive steps do not replay the same first reads) */
  offset?: number;
  /** the server processes, for their CPU time per read (load-independent cost) */
  pids?: number[];
}): Promise<OpenLoopResult> {
  const cpuBefore = options.pids ? cpuMs(options.pids) : 0;
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const targets = options.urls.map((u) => new URL(u));
  const plan = rotation(options.mix);
  const total = Math.max(1, Math.round((options.rate * options.durationMs) / 1000));
  const interval = 1000 / options.rate;
  const latencies: number[] = [];
  const byKind = new Map<string, number[]>();
  let errors = 0;
  let completed = 0;
  let sent = 0;
  const pending = new Set<Promise<void>>();
  const start = performance.now();
  let lastDone = start;

  const fire = (i: number) => {
    const due = start + i * interval;
    const { kind, path } = plan[(i + (options.offset ?? 0)) % plan.length]!;
    const target = targets[i % targets.length]!;
    const done = new Promise<void>((resolve) => {
      const req = request(
        { host: target.hostname, port: target.port, path, method: 'GET', agent, headers: { Cookie: options.cookie } },
        (res) => {
          res.on('data', () => {});
          res.on('end', () => {
            const end = performance.now();
            lastDone = end;
            completed++;
            if (res.statusCode !== 200) errors++;
            const ms = end - due;
            latencies.push(ms);
            let list = byKind.get(kind);
            if (!list) byKind.set(kind, (list = []));
            list.push(ms);
            resolve();
          });
          res.on('error', () => {
            errors++;
            resolve();
          });
        },
      );
      req.on('error', () => {
        errors++;
        resolve();
      });
      req.end();
    });
    pending.add(done);
    void done.then(() => pending.delete(done));
  };

  await new Promise<void>((resolve) => {
    const tick = () => {
      // every request that is due by now goes out now: a late timer does not thin the load
      const due = Math.min(total, Math.floor((performance.now() - start) / interval) + 1);
      while (sent < due) fire(sent++);
      if (sent >= total) return resolve();
      setTimeout(tick, Math.max(0, Math.min(5, start + sent * interval - performance.now())));
    };
    tick();
  });
  await Promise.race([Promise.all(pending), new Promise((r) => setTimeout(r, options.drainMs ?? 10_000))]);
  // requests still open at the end count as errors with the latency they had so far
  const unfinished = total - completed;
  if (unfinished > 0) {
    errors += unfinished;
    const end = performance.now();
    for (let i = 0; i < unfinished; i++) latencies.push(end - start - (total - 1 - i) * interval);
  }
  agent.destroy();
  const cpuMsPerRead = options.pids && completed > 0 ? r2((cpuMs(options.pids) - cpuBefore) / completed) : null;
  const sorted = latencies.sort((a, b) => a - b);
  const perKind: OpenLoopResult['perKind'] = {};
  for (const [kind, list] of byKind) {
    list.sort((a, b) => a - b);
    perKind[kind] = { n: list.length, p50: r1(pct(list, 50)), p99: r1(pct(list, 99)) };
  }
  return {
    rate: options.rate,
    sent: total,
    completed,
    errors,
    p50: r1(pct(sorted, 50)),
    p99: r1(pct(sorted, 99)),
    max: r1(sorted[sorted.length - 1] ?? NaN),
    throughput: r1(completed / ((lastDone - start) / 1000)),
    cpuMsPerRead,
    perKind,
  };
}

/**
 * The highest rate whose p99 stays within `boundMs` with no errors: a ladder of rates (×`factor`
 * per step) until a step misses, then one bisection step between the last pass and the miss.
 * Returns every step (the curve) and the best passing one.
 */
export async function maxRateWithin(options: {
  urls: string[];
  cookie: string;
  mix: ReadMix;
  boundMs: number;
  startRate: number;
  stepMs: number;
  maxRate?: number;
  /** the lowest rate tried when even the first step misses */
  minRate?: number;
  factor?: number;
  pids?: number[];
  onStep?: (step: OpenLoopResult) => void;
}): Promise<{ best: OpenLoopResult | null; curve: OpenLoopResult[] }> {
  const curve: OpenLoopResult[] = [];
  const passes = (r: OpenLoopResult) => r.errors === 0 && r.p99 <= options.boundMs;
  const once = async (rate: number) => {
    const result = await openLoop({ ...options, rate, durationMs: options.stepMs, offset: curve.length * 7 });
    curve.push(result);
    options.onStep?.(result);
    // let the queue of a missed step drain before the next one
    await new Promise((r) => setTimeout(r, 500));
    return result;
  };
  // a step missed without errors is tried once more before it counts: one pause of another process
  // (a GC, autovacuum, a neighbour's build) ends a whole ladder otherwise (PostgreSQL, 2026-11-24:
  // 50/s met, 70/s missed at p99 57.6 ms, and one instance was reported at 60 reads/s)
  const step = async (rate: number) => {
    const result = await once(rate);
    return passes(result) || result.errors > 0 ? result : once(rate);
  };
  let best: OpenLoopResult | null = null;
  let rate = options.startRate;
  let missed: number | null = null;
  // a box too busy for the first rate: step down until one passes (or the floor)
  for (;;) {
    const result = await step(rate);
    if (passes(result)) {
      best = result;
      break;
    }
    missed = rate;
    rate = Math.round(rate / 2);
    if (rate < (options.minRate ?? 5)) return { best, curve };
  }
  if (missed !== null) {
    const between = Math.round((best!.rate + missed) / 2);
    if (between > best!.rate && between < missed) {
      const result = await step(between);
      if (passes(result)) best = result;
    }
    return { best, curve };
  }
  rate = Math.round(rate * (options.factor ?? 1.4));
  for (;;) {
    const result = await step(rate);
    if (!passes(result)) {
      missed = rate;
      break;
    }
    best = result;
    if (options.maxRate && rate >= options.maxRate) break;
    rate = Math.round(rate * (options.factor ?? 1.4));
    if (options.maxRate) rate = Math.min(rate, options.maxRate);
  }
  if (missed !== null && best) {
    const between = Math.round((best.rate + missed) / 2);
    if (between > best.rate && between < missed) {
      const result = await step(between);
      if (passes(result)) best = result;
    }
  }
  return { best, curve };
}
