/**
 * B10 inside `pnpm bench`: runs bench/analytics.ts as a child process (its own in-process
 * standalone on in-memory PGlite, the history appended straight into the log) and turns its JSON
 * line into rows with the issue-15 targets: every analytics endpoint p95 ≤ 100 ms for one reader,
 * ≤ 250 ms with 10 concurrent readers. 20 reads per figure and reader count: the reads answer from
 * the query side's in-memory index, so the run's time is mostly appending and projecting the history.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';

type Figure = { oneReaderP50: number; oneReaderP95: number; tenReadersP95: number; cachedP95: number };
type Row = (id: string, store: string, metric: string, value: string, target?: string, floor?: string, ok?: boolean | null) => void;

export const B10_FIGURES = ['funnel', 'time-in-stage', 'time-to-fill', 'placements'] as const;

export async function analyticsBench(root: string, applications: number, row: Row): Promise<Record<string, unknown>> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(root, 'bench', 'analytics.ts'), '--applications', String(applications), '--reads', '20'],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let out = '';
  child.stdout.on('data', (d: Buffer) => {
    out += d.toString();
    process.stdout.write(d);
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  const line = out.trim().split('\n').at(-1) ?? '';
  if (code !== 0 || !line.startsWith('{')) throw new Error(`bench/analytics.ts exited with ${code}: ${out.slice(-300)}`);
  const results = JSON.parse(line) as Record<string, unknown>;
  const size = `${applications} applications, ${String(results.moves)} moves`;
  for (const figure of B10_FIGURES) {
    const f = results[figure] as Figure;
    row(
      'B10',
      'embedded',
      `${figure} one reader p95 (${size})`,
      `${f.oneReaderP95} ms (p50 ${f.oneReaderP50} ms)`,
      '≤ 100 ms',
      '',
      f.oneReaderP95 <= 100,
    );
    row(
      'B10',
      'embedded',
      `${figure} 10 readers p95`,
      `${f.tenReadersP95} ms`,
      '≤ 250 ms',
      `cached p95 ${f.cachedP95} ms`,
      f.tenReadersP95 <= 250,
    );
  }
  return results;
}
