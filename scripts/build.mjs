// Builds what production runs: each service's main bundled by esbuild (workspace packages are
// compiled in from their TypeScript source; npm packages stay external) and the SPA by Vite.
// The SPA is rebuilt only when its sources changed since the last build.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { log, root, run } from './lib.mjs';

export const SERVICES = ['standalone', 'command-api', 'query-api', 'projector'];

/** Keeps every non-workspace import external, so native and wasm packages load from node_modules. */
const externalNpm = {
  name: 'external-npm',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@ats/') ? undefined : { path: args.path, external: true }));
  },
};

/** The worker-pool entry (@ats/ai): bundled as dist/ai-worker.js beside each service that uses the pool. */
const AI_WORKER = join(root, 'packages', 'ai', 'src', 'work', 'worker.ts');
const usesAi = (service) =>
  Boolean(JSON.parse(readFileSync(join(root, 'services', service, 'package.json'), 'utf8')).dependencies?.['@ats/ai']);

export async function buildServices() {
  for (const service of SERVICES) {
    const entry = join(root, 'services', service, 'src', 'main.ts');
    if (!existsSync(entry)) continue;
    const common = {
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      sourcemap: true,
      logLevel: 'warning',
      plugins: [externalNpm],
    };
    await build({ ...common, entryPoints: [entry], outfile: join(root, 'services', service, 'dist', 'main.js') });
    if (usesAi(service))
      await build({ ...common, entryPoints: [AI_WORKER], outfile: join(root, 'services', service, 'dist', 'ai-worker.js') });
  }
}

function newest(dir) {
  let max = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name === 'e2e') continue;
    const path = join(dir, entry.name);
    max = Math.max(max, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return max;
}

export async function buildWeb({ force = false } = {}) {
  const index = join(root, 'web', 'dist', 'index.html');
  const sourcesChanged =
    !existsSync(index) || Math.max(newest(join(root, 'web')), newest(join(root, 'packages', 'contracts', 'src'))) > statSync(index).mtimeMs;
  if (!force && !sourcesChanged) return 0;
  log('building the web app (vite)…');
  // vite is the web package's own dependency: its bin lives in web/node_modules
  return run(join(root, 'web', 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn'], { cwd: join(root, 'web') });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = Date.now();
  await buildServices();
  const code = await buildWeb({ force: process.argv.includes('--force') });
  if (code !== 0) process.exit(code);
  log(`built in ${Date.now() - started} ms`);
}
