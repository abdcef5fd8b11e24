// npm test: install when missing, then every suite — typecheck of each package, the web build,
// unit, integration (PGlite always; PostgreSQL / Redis when DATABASE_URL / REDIS_URL are set),
// and the browser tests (when Chromium is installed). Ends with one line over all of them:
// "N passed, N failed, N skipped".
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { bin, ensureInstalled, log, root, run } from './lib.mjs';

ensureInstalled();
const { typecheckAll } = await import('./typecheck.mjs');
const { buildServices, buildWeb } = await import('./build.mjs');

let passed = 0;
let failed = 0;
let skipped = 0;

log('typechecking every package…');
for (const r of await typecheckAll()) {
  process.stdout.write(`  ${r.ok ? '✓' : '✗'} typecheck ${r.dir}\n`);
  if (r.ok) passed++;
  else {
    failed++;
    process.stdout.write(r.output);
  }
}

log('building services and the web app…');
try {
  await buildServices();
  passed++;
  process.stdout.write('  ✓ build services\n');
} catch (error) {
  failed++;
  process.stdout.write(`  ✗ build services\n${error}\n`);
}
const webCode = await buildWeb({ force: true });
if (webCode === 0) {
  passed++;
  process.stdout.write('  ✓ build web\n');
} else {
  failed++;
  process.stdout.write('  ✗ build web\n');
}

if (!process.env.DATABASE_URL) log('DATABASE_URL is not set: the PostgreSQL suites will be skipped (each prints why).');
if (!process.env.REDIS_URL) log('REDIS_URL is not set: the Redis suites will be skipped (each prints why).');
if (!existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'))
  log('Chromium is not installed: the browser tests will be skipped (apt-get install -y chromium).');

const report = join(root, '.vitest-report.json');
rmSync(report, { force: true });
log('running unit, integration and browser tests (vitest)…');
const code = await run(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`]);
if (existsSync(report)) {
  const json = JSON.parse(readFileSync(report, 'utf8'));
  passed += json.numPassedTests ?? 0;
  failed += json.numFailedTests ?? 0;
  skipped += (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0);
  // a suite that failed to load (syntax error, failing hook) has no failed tests but is a failure
  const brokenSuites = (json.testResults ?? []).filter(
    (s) => s.status === 'failed' && (s.assertionResults ?? []).every((a) => a.status !== 'failed'),
  );
  failed += brokenSuites.length;
  for (const s of brokenSuites) process.stdout.write(`  ✗ suite failed to run: ${s.name}\n    ${(s.message ?? '').split('\n')[0]}\n`);
} else {
  failed++;
  process.stdout.write(`  ✗ vitest produced no report (exit code ${code})\n`);
}

process.stdout.write(`\n${passed} passed, ${failed} failed, ${skipped} skipped\n`);
process.exit(failed > 0 ? 1 : 0);
