/**
 * The analytics projections' own code in a rebuild, without the store (`npx tsx
 * bench/analytics-evolve.ts [--events N] [--rounds R]`): the B3 log (bench/b3.ts's cache) decoded
 * once, then every analytics projection evolved over it into a Map of documents (as the
 * rebuild's buffer holds them), and the final documents serialised as a flush would. CPU per
 * projection, median of the rounds; what the store then costs is per document and byte (the
 * counts and bytes are printed).
 */
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeEvent, type StoredEventLike } from '@ats/events';
import { allProjections, type ProjectedEvent } from '@ats/projector';
import { openStorage } from '@ats/storage';
import type { Doc } from '@ats/storage';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const total = Number(arg('events') ?? 40_000);
const rounds = Number(arg('rounds') ?? 5);
const cache = join(tmpdir(), `ats-b3-cache-${total}`);
if (!existsSync(cache)) throw new Error(`no B3 log at ${cache}: run bench/b3.ts --events ${total} first`);
const work = mkdtempSync(join(tmpdir(), 'ats-evolve-'));
cpSync(cache, join(work, 'pglite'), { recursive: true });
const storage = await openStorage({ kind: 'embedded', dataDir: join(work, 'pglite') });
const events: ProjectedEvent[] = [];
for (let after = 0; ;) {
  const page = await storage.eventStore.readAll({ after, limit: 1000 });
  for (const e of page) {
    try {
      events.push(decodeEvent(e as unknown as StoredEventLike) as unknown as ProjectedEvent);
    } catch {
      // types without a codec here are no analytics' business
    }
  }
  if (page.length < 1000) break;
  after = page[page.length - 1]!.position;
}
await storage.close();
rmSync(work, { recursive: true, force: true });

const cpu = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const context = { lookup: () => null };
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
for (const p of allProjections.filter((q) => q.name.startsWith('analytics_'))) {
  const handled = new Set<string>(p.handles);
  const mine = events.filter((e) => handled.has(e.type));
  const evolveMs: number[] = [];
  const serialiseMs: number[] = [];
  let docs = 0;
  let bytes = 0;
  for (let r = 0; r < rounds; r++) {
    const store = new Map<string | number, Doc | null>();
    const t = cpu();
    for (const event of mine) {
      const id = p.documentId(event);
      if (id === null) continue;
      const before = store.get(id) ?? null;
      const after = p.evolve(before, event, context);
      if (after !== before) store.set(id, after);
    }
    evolveMs.push(cpu() - t);
    const s = cpu();
    bytes = 0;
    docs = 0;
    for (const doc of store.values()) {
      if (!doc) continue;
      bytes += JSON.stringify(doc).length;
      docs++;
    }
    serialiseMs.push(cpu() - s);
  }
  process.stdout.write(
    `${p.name}: ${mine.length} events, evolve ${median(evolveMs).toFixed(0)} ms CPU, ${docs} documents (${(bytes / 1024 / 1024).toFixed(1)} MB JSON, serialised once ${median(serialiseMs).toFixed(0)} ms)\n`,
  );
}
process.stdout.write(`load average ${(await import('node:fs')).readFileSync('/proc/loadavg', 'utf8')}`);
