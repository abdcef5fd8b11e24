import type { ChangeNotice } from './ports';

/** eventType of the notice sent for each read model after a rebuild swapped it in: refetch all. */
export const REBUILT_EVENT_TYPE = 'ProjectionRebuilt';

/** One notice per read model, event type and actor in a batch, with the ids and refs unioned. */
export function mergeNotices(notices: readonly ChangeNotice[], position: number): ChangeNotice[] {
  const merged = new Map<string, ChangeNotice>();
  for (const n of notices) {
    const key = `${n.readModel}\u0000${n.eventType}\u0000${n.actor?.id ?? ''}`;
    const into = merged.get(key);
    if (!into) {
      merged.set(key, {
        ...n,
        position,
        ids: [...n.ids],
        refs: Object.fromEntries(Object.entries(n.refs ?? {}).map(([k, v]) => [k, [...v]])),
        ...(n.patches ? { patches: [...n.patches] } : {}),
      });
      continue;
    }
    // every patch, in event order: a screen applies them one after the other (by revision)
    if (n.patches) into.patches = [...(into.patches ?? []), ...n.patches];
    for (const id of n.ids) if (!into.ids.includes(id)) into.ids.push(id);
    const refs = (into.refs ??= {});
    for (const [k, values] of Object.entries(n.refs ?? {})) {
      const list = (refs[k] ??= []);
      for (const v of values) if (!list.includes(v)) list.push(v);
    }
  }
  return [...merged.values()];
}
