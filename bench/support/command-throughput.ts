import type { Client } from '@ats/http-kit/testing';

/** The stages an application cycles through, starting after the one of index 4. */
export function stageCycler(stages: readonly string[]): (id: number) => string {
  const stageOf = new Map<number, number>();
  return (id) => {
    const next = ((stageOf.get(id) ?? 4) + 1) % stages.length;
    stageOf.set(id, next);
    return stages[next]!;
  };
}

/**
 * B2's loop: stage changes back to back from `clients` concurrent clients on disjoint
 * applications. Returns the commands sent, the wall time, each latency (unsorted) and the errors.
 */
export async function runStageChanges(
  clients: readonly Client[],
  apps: readonly number[],
  total: number,
  nextStage: (id: number) => string,
) {
  const perClient = Math.floor(total / clients.length);
  const latencies: number[] = [];
  let errors = 0;
  const t = performance.now();
  await Promise.all(
    clients.map(async (client, c) => {
      const mine = apps.filter((_, i) => i % clients.length === c);
      for (let i = 0; i < perClient; i++) {
        const s = performance.now();
        const id = mine[i % mine.length]!;
        const res = await client.patch(`/api/applications/${id}/stage`, { stage: nextStage(id) });
        latencies.push(performance.now() - s);
        if (res.status !== 200) errors++;
      }
    }),
  );
  return { commands: perClient * clients.length, ms: performance.now() - t, latencies, errors };
}
