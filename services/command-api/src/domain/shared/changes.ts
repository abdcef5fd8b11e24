/** The entries of `requested` that differ from `current` (deep for arrays), so an update event carries only real changes. */
export function changedFields<T extends Record<string, unknown>>(current: Partial<T>, requested: Partial<T>): Partial<T> {
  const out: Partial<T> = {};
  for (const [key, value] of Object.entries(requested) as Array<[keyof T, T[keyof T]]>) {
    if (value === undefined) continue;
    if (JSON.stringify(current[key] ?? null) !== JSON.stringify(value ?? null)) out[key] = value;
  }
  return out;
}

export const isEmpty = (o: object) => Object.keys(o).length === 0;
