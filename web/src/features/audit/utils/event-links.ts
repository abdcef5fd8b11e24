/** An entity page an event is about. */
export type EntityLink =
  | { kind: 'candidate'; id: string; label: string }
  | { kind: 'client'; id: string; label: string }
  | { kind: 'job'; id: string; label: string };

const idOf = (value: unknown) => (typeof value === 'number' || (typeof value === 'string' && /^\d+$/.test(value)) ? String(value) : null);

/** The record page an event links to: its own stream when that is a candidate, client or job, else the candidate (or job, client) its data names. */
export function entityLinkOf(event: { stream: string; data: unknown }): EntityLink | null {
  const own = /^(candidate|client|job)-(\d+)$/.exec(event.stream);
  if (own) {
    const kind = own[1] as EntityLink['kind'];
    return { kind, id: own[2]!, label: `${kind[0]!.toUpperCase()}${kind.slice(1)} #${own[2]}` };
  }
  const data = (event.data ?? {}) as Record<string, unknown>;
  const candidate = idOf(data.candidateId);
  if (candidate) return { kind: 'candidate', id: candidate, label: `Candidate #${candidate}` };
  const job = idOf(data.jobId);
  if (job) return { kind: 'job', id: job, label: `Job #${job}` };
  const client = idOf(data.clientId);
  if (client) return { kind: 'client', id: client, label: `Client #${client}` };
  return null;
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
