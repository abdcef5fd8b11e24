/**
 * Remembers results of costly reads for as long as the read models have not moved, so a read
 * never sees less than its minPosition asked for:
 * - `get(key, compute)`: used only at the exact checkpoint it was computed at (any projected
 *   change retires it);
 * - `get(key, compute, readModels)`: used for as long as `readModels` have not changed (the
 *   position tracker's `positionOf`), so writes elsewhere (the access log every candidate read
 *   appends, feeds, analytics) keep it. Such an entry also leaves after `maxAgeMs`: a notice
 *   lost on the way (Redis down while the projector published) cannot keep it stale for long.
 */
// results handed out by a cache: many replies carry the same object, so its JSON is made once
const shared = new WeakSet<object>();
const jsonOf = new WeakMap<object, string>();

/** The JSON text of a reply body that is a cached result (made once, then reused), else null. */
export function cachedJson(body: unknown): string | null {
  if (body === null || typeof body !== 'object' || !shared.has(body)) return null;
  let text = jsonOf.get(body);
  if (text === undefined) {
    text = JSON.stringify(body);
    jsonOf.set(body, text);
  }
  return text;
}

export function createResultCache(
  checkpoint: () => number,
  maxEntries = 500,
  options: { positionOf?: (readModels: readonly string[]) => number; maxAgeMs?: number; now?: () => number } = {},
) {
  const maxAgeMs = options.maxAgeMs ?? 10_000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, { version: string; value: Promise<unknown>; at: number }>();
  const versionOf = (readModels: readonly string[] | undefined) =>
    readModels && options.positionOf ? `m${options.positionOf(readModels)}` : `c${checkpoint()}`;
  let hits = 0;
  let misses = 0;
  return {
    get<T>(key: string, compute: () => Promise<T>, readModels?: readonly string[]): Promise<T> {
      // taken before computing: the result then holds at least what this version names
      const version = versionOf(readModels);
      const hit = entries.get(key);
      if (hit && hit.version === version && (version[0] === 'c' || now() - hit.at <= maxAgeMs)) {
        hits++;
        return hit.value as Promise<T>;
      }
      misses++;
      const value = compute();
      void value.then(
        (result) => {
          if (result !== null && typeof result === 'object') shared.add(result);
        },
        () => {},
      );
      entries.delete(key);
      entries.set(key, { version, value, at: now() });
      // a failure is not remembered
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      return value;
    },
    get size() {
      return entries.size;
    },
    /** hits and misses since start (tests, profiling) */
    stats: () => ({ hits, misses }),
  };
}
export type ResultCache = ReturnType<typeof createResultCache>;
