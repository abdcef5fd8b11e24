/**
 * Remembers results of costly aggregate reads (counts over many documents) for as long as the
 * read models have not moved: an entry is used only at the exact checkpoint it was computed at,
 * so any projected change retires it and a read never sees less than its minPosition asked for.
 */
export function createResultCache(checkpoint: () => number, maxEntries = 500) {
  const entries = new Map<string, { checkpoint: number; value: Promise<unknown> }>();
  return {
    get<T>(key: string, compute: () => Promise<T>): Promise<T> {
      const at = checkpoint();
      const hit = entries.get(key);
      if (hit && hit.checkpoint === at) return hit.value as Promise<T>;
      const value = compute();
      entries.delete(key);
      entries.set(key, { checkpoint: at, value });
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
  };
}
export type ResultCache = ReturnType<typeof createResultCache>;
