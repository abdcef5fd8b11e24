// Typechecks every workspace package with its own tsconfig; returns one result per package.
import { readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { bin, root } from './lib.mjs';

export function workspacePackages() {
  const dirs = [];
  for (const group of ['packages', 'services']) {
    for (const name of readdirSync(join(root, group))) {
      if (existsSync(join(root, group, name, 'tsconfig.json'))) dirs.push(`${group}/${name}`);
    }
  }
  dirs.push('web');
  for (const extra of ['drills', 'bench']) if (existsSync(join(root, extra, 'tsconfig.json'))) dirs.push(extra);
  return dirs;
}

function check(dir) {
  return new Promise((resolve) => {
    const child = spawn(bin('tsc'), ['-p', join(root, dir, 'tsconfig.json'), '--pretty', 'false'], { cwd: root });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('exit', (code) => resolve({ dir, ok: code === 0, output }));
  });
}

/** Two at a time: the machine has two cores. */
export async function typecheckAll() {
  const queue = workspacePackages();
  const results = [];
  const worker = async () => {
    while (queue.length) results.push(await check(queue.shift()));
  };
  await Promise.all([worker(), worker()]);
  return results.sort((a, b) => a.dir.localeCompare(b.dir));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const results = await typecheckAll();
  for (const r of results) {
    process.stdout.write(`${r.ok ? '✓' : '✗'} typecheck ${r.dir}\n`);
    if (!r.ok) process.stdout.write(r.output);
  }
  process.exit(results.every((r) => r.ok) ? 0 : 1);
}
