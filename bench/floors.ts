import type { Storage } from '@ats/storage';

/** F4: sequential read of the whole event log, no handler (bench/run.ts and bench/b3.ts). */
export async function floorReadAll(storage: Storage): Promise<{ events: number; ms: number; perSecond: number }> {
  const t = performance.now();
  let after = 0;
  let events = 0;
  for (;;) {
    const page = await storage.eventStore.readAll({ after, limit: 1000 });
    if (page.length === 0) break;
    events += page.length;
    after = page[page.length - 1]!.position;
    if (page.length < 1000) break;
  }
  const ms = performance.now() - t;
  return { events, ms: Math.round(ms), perSecond: Math.round(events / (ms / 1000)) };
}
