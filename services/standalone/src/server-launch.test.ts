import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const launch = JSON.parse(readFileSync(join(ROOT, 'scripts', 'server-launch.json'), 'utf8')) as {
  nodeArgs: string[];
  env: Record<string, string>;
};

/** What a process started with `nodeArgs` ends with as its young generation, after start-up-like allocation. */
function youngGenerationMb(nodeArgs: string[]): number {
  const script = `
    const v8 = require('node:v8');
    let kept = [];
    for (let i = 0; i < 3e6; i++) { kept.push({ i, s: 'x' + i }); if (kept.length > 200000) kept = []; }
    const young = v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
    process.stdout.write(String(young.space_size / 1048576));`;
  return Number(execFileSync(process.execPath, [...nodeArgs, '-e', script], { encoding: 'utf8' }));
}

describe('how a server process is started (scripts/server-launch.json; README, B7: idle RSS)', () => {
  it('keeps the young generation at 8 MB where Node lets it grow to 32 MB and keep it', () => {
    expect(youngGenerationMb([])).toBeGreaterThanOrEqual(32);
    expect(youngGenerationMb(launch.nodeArgs)).toBeLessThanOrEqual(8);
  });

  it('npm start puts the launch settings under the environment it was given', async () => {
    const { serverLaunch } = (await import(pathToFileURL(join(ROOT, 'scripts', 'lib.mjs')).href)) as {
      serverLaunch(env: Record<string, string>): { nodeArgs: string[]; env: Record<string, string> };
    };
    const started = serverLaunch({ PATH: '/bin', MALLOC_ARENA_MAX: '4' });
    expect(started.nodeArgs).toEqual(launch.nodeArgs);
    expect(started.env).toEqual({ ...launch.env, PATH: '/bin', MALLOC_ARENA_MAX: '4' });
    expect(readFileSync(join(ROOT, 'scripts', 'start.mjs'), 'utf8')).toMatch(/serverLaunch\(\)/);
  });

  it('the Dockerfile starts every service with the same flags and environment', () => {
    const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
    const command = /^CMD .*exec node (.*?) services\//m.exec(dockerfile)?.[1];
    expect(command?.split(' ')).toEqual(launch.nodeArgs);
    const env = Object.fromEntries(
      [...dockerfile.matchAll(/^ENV (.*)$/gm)].flatMap((m) => m[1]!.split(' ').map((pair) => pair.split('=') as [string, string])),
    );
    for (const [name, value] of Object.entries(launch.env)) expect(env[name], name).toBe(value);
  });
});
