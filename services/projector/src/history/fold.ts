import type { Doc } from '../ports';
import type { DocId, ProjectedEvent, Projection } from '../projection';

/** Documents by collection, as a fold of events left them. */
export type FoldedDocs = Map<string, Map<DocId, Doc>>;

/**
 * The read models' state after `events`, computed in memory by the projections' own pure
 * `evolve` (no second copy of the logic): the runner's rules in small, for one record's or one
 * board's events. Projections apply in the given order (the runner's order), each to the events
 * it handles; `lookup` reads the fold's own documents, as the runner's batch does.
 */
export function createFold(projections: readonly Projection[]) {
  const docs: FoldedDocs = new Map();
  const byType = new Map<string, Projection[]>();
  for (const p of projections) for (const type of p.handles) byType.set(type, [...(byType.get(type) ?? []), p]);
  const collection = (name: string) => {
    let map = docs.get(name);
    if (!map) docs.set(name, (map = new Map()));
    return map;
  };
  const context = { lookup: <T extends Doc = Doc>(name: string, id: DocId) => (collection(name).get(id) as T | undefined) ?? null };
  return {
    docs,
    get<T extends Doc = Doc>(name: string, id: DocId): T | null {
      return (collection(name).get(id) as T | undefined) ?? null;
    },
    all<T extends Doc = Doc>(name: string): T[] {
      return [...collection(name).values()] as T[];
    },
    apply(event: ProjectedEvent): void {
      for (const p of byType.get(event.type) ?? []) {
        const id = p.documentId(event);
        if (id === null) continue;
        const map = collection(p.collection.name);
        const doc = p.documentPerEvent ? null : (map.get(id) ?? null);
        const next = p.evolve(doc, event, context);
        if (next === null) map.delete(id);
        else if (next !== doc) map.set(id, next);
      }
    },
  };
}
export type Fold = ReturnType<typeof createFold>;

/** The documents after every event up to and including `upTo` (events in position order). */
export function foldEvents(projections: readonly Projection[], events: readonly ProjectedEvent[], upTo = Infinity): Fold {
  const fold = createFold(projections);
  for (const event of events) {
    if (event.position > upTo) break;
    fold.apply(event);
  }
  return fold;
}
