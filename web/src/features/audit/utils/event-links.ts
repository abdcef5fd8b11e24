/** An entity page an event is about. */
export type EntityLink =
  | { kind: 'candidate'; id: string; label: string }
  | { kind: 'client'; id: string; label: string }
  | { kind: 'job'; id: string; label: string };

const idOf = (value: unknown) => (typeof value === 'number' || (typeof value === 'string' && /^\d+$/.test(value)) ? String(value) : null);

const label = (kind: EntityLink['kind'], id: string) => `${kind[0]!.toUpperCase()}${kind.slice(1)} #${id}`;

/**
 * Every record page an event concerns: its own stream's first when that is a candidate, client or
 * job, then the candidate, job and client its data names (a move names its candidate and its job).
 */
export function entityLinksOf(event: { stream: string; data: unknown }): EntityLink[] {
  const links: EntityLink[] = [];
  const add = (kind: EntityLink['kind'], id: string | null) => {
    if (id && !links.some((l) => l.kind === kind && l.id === id)) links.push({ kind, id, label: label(kind, id) });
  };
  const own = /^(candidate|client|job)-(\d+)$/.exec(event.stream);
  if (own) add(own[1] as EntityLink['kind'], own[2]!);
  const data = (event.data ?? {}) as Record<string, unknown>;
  add('candidate', idOf(data.candidateId));
  add('job', idOf(data.jobId));
  add('client', idOf(data.clientId));
  return links;
}

/** The record page an event links to first (see entityLinksOf). */
export function entityLinkOf(event: { stream: string; data: unknown }): EntityLink | null {
  return entityLinksOf(event)[0] ?? null;
}

export interface ChainNode<E> {
  event: E;
  depth: number;
}

/**
 * The events of one request as a tree by causation: an event whose causationId names another
 * event of the request sits under it; the rest are roots. Position order within each level.
 */
export function causationTree<E extends { id: string; position: number; metadata: { causationId?: string | null } }>(
  events: readonly E[],
): ChainNode<E>[] {
  const byId = new Map(events.map((event) => [event.id, event]));
  const children = new Map<string, E[]>();
  const roots: E[] = [];
  for (const event of [...events].sort((a, b) => a.position - b.position)) {
    const parent = event.metadata.causationId;
    if (parent && parent !== event.id && byId.has(parent)) children.set(parent, [...(children.get(parent) ?? []), event]);
    else roots.push(event);
  }
  const out: ChainNode<E>[] = [];
  const seen = new Set<string>();
  const walk = (event: E, depth: number) => {
    if (seen.has(event.id)) return;
    seen.add(event.id);
    out.push({ event, depth });
    for (const child of children.get(event.id) ?? []) walk(child, depth + 1);
  };
  for (const root of roots) walk(root, 0);
  return out;
}
