import type { EventStore } from '@ats/storage';

/**
 * Folded aggregate states by stream revision, per event store and per evolver, in this process
 * (an in-memory snapshot). A state at revision r is the fold of events that never change, so it
 * is right for r forever; what it may miss is events after r (another process's, or ones
 * appended around this cache). Hence its two uses (see `commandHandler`):
 * - a read folds only the events after the cached revision onto the cached state (it reads the
 *   cached last event too: if that is not the same event any more, the log was restored or
 *   replaced, and the stream is read in full);
 * - a command decides on the cached state and appends at the cached revision: a newer event
 *   makes that append a revision conflict, and the command is decided again on a fresh read.
 *   A decision that appends nothing (a no-op or a refusal) is checked against a fresh read
 *   before it is answered.
 * Least recently used streams are dropped past `MAX_STREAMS` per evolver.
 */
export interface CachedState<State> {
  state: State;
  revision: number;
  position: number;
  lastOccurredAt: string | null;
}

const MAX_STREAMS = 5_000;

const byStore = new WeakMap<EventStore, WeakMap<object, Map<string, CachedState<unknown>>>>();

export interface StateCache<State> {
  get(stream: string): CachedState<State> | undefined;
  set(stream: string, entry: CachedState<State>): void;
  delete(stream: string): void;
}

/** The cache of one evolver's states on one event store (shared by every handler of that evolver in this process). */
export function stateCache<State>(eventStore: EventStore, evolver: object): StateCache<State> {
  let perEvolver = byStore.get(eventStore);
  if (!perEvolver) byStore.set(eventStore, (perEvolver = new WeakMap()));
  let streams = perEvolver.get(evolver);
  if (!streams) perEvolver.set(evolver, (streams = new Map()));
  const map = streams as Map<string, CachedState<State>>;
  return {
    get(stream) {
      const hit = map.get(stream);
      if (hit) {
        // most recently used last
        map.delete(stream);
        map.set(stream, hit);
      }
      return hit;
    },
    set(stream, entry) {
      const held = map.get(stream);
      // never go back to an older revision (a slower reader finishing after a newer write)
      if (held && held.revision > entry.revision) return;
      map.delete(stream);
      map.set(stream, entry);
      if (map.size > MAX_STREAMS) map.delete(map.keys().next().value!);
    },
    delete: (stream) => map.delete(stream),
  };
}
