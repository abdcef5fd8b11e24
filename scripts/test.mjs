// npm test: install when missing, then every suite — typecheck of each package, lint (ESLint) and
// the format check (Prettier), the web build, unit, integration (PGlite always; PostgreSQL / Redis when DATABASE_URL / REDIS_URL are set),
// and the browser tests (when Chromium is installed). Ends with one line over all of them:
// "N passed, N failed, N skipped".
import { spawn } from 'node:child_process';
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

/** Runs a check quietly; on failure prints its first lines (the first problems), not all of them. */
function check(name, cmd, args, firstLines = 40) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(cmd, args, { cwd: root });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', (error) => (output += String(error)));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (code === 0) {
        passed++;
        process.stdout.write(`  ✓ ${name} (${seconds} s)\n`);
      } else {
        failed++;
        const lines = output.trimEnd().split('\n');
        const shown = lines.slice(0, firstLines).join('\n');
        const more = lines.length > firstLines ? `\n    … ${lines.length - firstLines} more lines` : '';
        process.stdout.write(`  ✗ ${name} (${seconds} s)\n${shown}${more}\n`);
      }
      resolve();
    });
  });
}

log('linting (ESLint) and checking the format (Prettier)…');
// errors only here (warnings would push them out of the first lines); `npm run lint` shows both
await check('lint', bin('eslint'), ['.', '--quiet']);
await check('format', bin('prettier'), ['--check', '.', '--log-level=warn']);

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
