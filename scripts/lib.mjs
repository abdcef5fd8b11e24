// Shared helpers for the root scripts (start, test, build): plain Node, no dependencies, so they
// run on a fresh machine before anything is installed.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const PNPM = ['-y', 'pnpm@10.34.9'];

export function log(msg) {
  process.stdout.write(`\x1b[36m[ats]\x1b[0m ${msg}\n`);
}

/** Runs a command, inheriting stdio; resolves with its exit code. */
export function run(cmd, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', ...options });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(1));
  });
}

/** Installs dependencies with pnpm (through npx) when they are missing. */
export function ensureInstalled() {
  if (existsSync(join(root, 'node_modules', '.modules.yaml')) && existsSync(join(root, 'web', 'node_modules'))) return;
  log('installing dependencies (pnpm 10.34.9 through npx)…');
  const result = spawnSync('npx', [...PNPM, 'install', '--frozen-lockfile'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    process.stderr.write('Dependency install failed.\n');
    process.exit(result.status ?? 1);
  }
}

export const bin = (name) => join(root, 'node_modules', '.bin', name);

/**
 * How a server process is started (`scripts/server-launch.json`, mirrored by the Dockerfile): Node's
 * flags before the script, and the environment with the launch settings under what is already set.
 */
export function serverLaunch(env = process.env) {
  const launch = JSON.parse(readFileSync(join(root, 'scripts', 'server-launch.json'), 'utf8'));
  return { nodeArgs: launch.nodeArgs, env: { ...launch.env, ...env } };
}
