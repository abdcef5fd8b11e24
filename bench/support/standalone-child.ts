import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '../../drills/support/harness';

const ROOT = join(import.meta.dirname, '..', '..');
const now = () => performance.now();
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** How `npm start` and the Dockerfile start a server (`scripts/server-launch.json`). */
export const SERVER_LAUNCH = JSON.parse(readFileSync(join(ROOT, 'scripts', 'server-launch.json'), 'utf8')) as {
  nodeArgs: string[];
  env: Record<string, string>;
};

/** The first admin of every benchmark installation. */
export const BENCH_ADMIN = { email: 'bench@agency.example', password: 'bench-password-123' };

export interface StandaloneChild {
  url: string;
  pid: number;
  readyMs: number;
  output(): string;
  rssMb(): number;
  stop(): Promise<void>;
}

/**
 * The build `npm start` runs (`services/standalone/dist/main.js`, bundled by esbuild, not the
 * TypeScript sources) on `dataDir` as a child process, ready when /healthz answers.
 */
export async function startStandaloneChild(
  dataDir: string,
  options: {
    env?: Record<string, string>;
    nodeArgs?: string[];
    /** another build's bundle (an A/B against main's build) */
    main?: string;
    /** started as before `scripts/server-launch.json` (only `--enable-source-maps`, Node's and glibc's defaults): the A/B's other side */
    plainLaunch?: boolean;
    readyTimeoutMs?: number;
    killAfterMs?: number;
  } = {},
): Promise<StandaloneChild> {
  const launch = options.plainLaunch ? { nodeArgs: ['--enable-source-maps'], env: {} } : SERVER_LAUNCH;
  const port = await freePort();
  const t = now();
  const proc = spawn(
    process.execPath,
    [...launch.nodeArgs, ...(options.nodeArgs ?? []), options.main ?? join(ROOT, 'services', 'standalone', 'dist', 'main.js')],
    {
      cwd: ROOT,
      env: {
        ...launch.env,
        ...process.env,
        PORT: String(port),
        ATS_DATA_DIR: dataDir,
        ATS_DEMO_DATA: 'false',
        ATS_ADMIN_EMAIL: BENCH_ADMIN.email,
        ATS_ADMIN_PASSWORD: BENCH_ADMIN.password,
        LOG_LEVEL: 'warn',
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  proc.stdout!.on('data', (d) => (out = (out + d).slice(-5000)));
  proc.stderr!.on('data', (d) => (out = (out + d).slice(-5000)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.readyTimeoutMs ?? 120_000);
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`standalone exited: ${out}`);
    if (Date.now() > deadline) throw new Error(`standalone not ready: ${out}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      /* not yet */
    }
    await sleep(25);
  }
  const readyMs = now() - t;
  return {
    url,
    pid: proc.pid!,
    readyMs,
    output: () => out,
    rssMb() {
      const status = readFileSync(`/proc/${proc.pid}/status`, 'utf8');
      return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 102.4) / 10;
    },
    async stop() {
      if (proc.exitCode !== null) return;
      const exited = new Promise<void>((r) => proc.once('exit', () => r()));
      proc.kill('SIGTERM');
      const timer = setTimeout(() => proc.kill('SIGKILL'), options.killAfterMs ?? 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
