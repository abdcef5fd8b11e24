import { randomUUID } from 'node:crypto';
import { decodeEvent, encodeEvent, type DomainEvent } from '@ats/events';
import { ConcurrencyError, type EventStore, type ExpectedRevision, type NewEvent } from '@ats/storage';
import type { Call, Deps } from './domain/context';
import type { CommandMetadata, Decider, Evolver } from './domain/shared/decider';
import type { EditBase, RecordedEdit } from './domain/shared/edit-conflicts';
import { stateCache, type StateCache } from './state-cache';

/** Everything a command needs besides its data, bound once per request: where to append, and who/when/why. */
export interface CommandScope {
  eventStore: EventStore;
  correlationId: string;
  metadata: CommandMetadata;
}

export const scopeOf = (deps: Pick<Deps, 'eventStore'>, call: Call): CommandScope => ({
  eventStore: deps.eventStore,
  correlationId: call.correlationId,
  metadata: call.metadata,
});

export interface CommandOutcome<State> {
  /** global position of the last appended event (or of the stream's last event when nothing changed) */
  position: number;
  state: State;
  appended: number;
}

export interface LoadedAggregate<State> {
  state: State;
  /** the stream's last revision, -1 when it does not exist */
  revision: number;
  /** global position of the stream's last event, 0 when it does not exist */
  position: number;
  /** when the stream's last event happened, null when it does not exist */
  lastOccurredAt: string | null;
}

export interface HandleOptions {
  /** append only at this revision (default: the revision the state was folded from) */
  expectedRevision?: ExpectedRevision;
  /** how often a concurrent write is answered by deciding again on the fresh state (default 5) */
  retries?: number;
}

/** A command without its metadata: the scope supplies it. */
export type CommandBody<C> = C extends { metadata: CommandMetadata } ? Omit<C, 'metadata'> : never;

/**
 * Loads a stream and folds the aggregate's own events (by the decider's `eventTypes`) into its
 * state; with a cache, only the events after the cached revision are read and folded onto it.
 */
export async function loadAggregate<State, Event extends DomainEvent>(
  eventStore: EventStore,
  stream: string,
  evolver: Evolver<State, Event>,
  cache?: StateCache<State>,
): Promise<LoadedAggregate<State>> {
  const cached = cache?.get(stream);
  // with a cache: the cached last event again (it must be the same one: a log restored or
  // replaced under this process reads in full) and the events after it
  let recorded = await eventStore.readStream(stream, cached ? { fromRevision: cached.revision } : {});
  let from = cached;
  if (cached) {
    const [first] = recorded;
    if (first?.revision === cached.revision && first.position === cached.position) recorded = recorded.slice(1);
    else {
      cache!.delete(stream);
      from = undefined;
      recorded = await eventStore.readStream(stream);
    }
  }
  const own = new Set<string>(evolver.eventTypes);
  const isOwn = (event: DomainEvent): event is Event => own.has(event.type);
  let state = from ? from.state : evolver.initialState();
  for (const r of recorded) {
    const event = decodeEvent(r);
    if (isOwn(event)) state = evolver.evolve(state, event);
  }
  const last = recorded[recorded.length - 1];
  const loaded: LoadedAggregate<State> = last
    ? { state, revision: last.revision, position: last.position, lastOccurredAt: last.metadata.occurredAt }
    : (from ?? { state, revision: -1, position: 0, lastOccurredAt: null });
  if (last) cache?.set(stream, loaded);
  return loaded;
}

/**
 * The state after `events` were appended by this process at `revision` (the new last revision):
 * folded from the events as a read would return them (JSON as stored, decoded), so a cached
 * state is the one a fresh read folds.
 */
function appendedState<State, Event extends DomainEvent>(
  evolver: Evolver<State, Event>,
  before: State,
  stream: string,
  events: readonly NewEvent[],
  revision: number,
  position: number,
): State {
  const own = new Set<string>(evolver.eventTypes);
  const isOwn = (event: DomainEvent): event is Event => own.has(event.type);
  let state = before;
  events.forEach((event, i) => {
    const decoded = decodeEvent({
      ...event,
      data: JSON.parse(JSON.stringify(event.data ?? null)) as unknown,
      stream,
      revision: revision - (events.length - 1 - i),
      position: position - (events.length - 1 - i),
    });
    if (isOwn(decoded)) state = evolver.evolve(state, decoded);
  });
  return state;
}

export function toNewEvents(events: readonly DomainEvent[], metadata: CommandMetadata, correlationId: string): NewEvent[] {
  return events.map((event) => {
    const { type, data, schemaVersion } = encodeEvent(event);
    return {
      id: randomUUID(),
      type,
      data,
      metadata: {
        actor: metadata.actor,
        correlationId,
        causationId: null,
        occurredAt: metadata.now,
        schemaVersion,
      },
    };
  });
}

/**
 * A command handler bound to one aggregate (after emmett's CommandHandler): its decider and how
 * an id names its stream. Existence checks of other aggregates are made by the caller with
 * `state()` and passed into the command, so the decider judges them.
 */
export interface AggregateHandler<State, Command, Event extends DomainEvent, Id> {
  streamId(id: Id): string;
  load(eventStore: EventStore, id: Id): Promise<LoadedAggregate<State>>;
  state(eventStore: EventStore, id: Id): Promise<State>;
  /**
   * Load → `decide(state)` → append with the expected revision. A concurrent writer makes the
   * append fail with ConcurrencyError; the command is then decided again on the fresh state (so
   * e.g. a stale `fromStage` turns into a 409 naming who moved the card), up to `retries` times.
   */
  handle(scope: CommandScope, id: Id, decide: (state: State) => Event[], options?: HandleOptions): Promise<CommandOutcome<State>>;
  /** `handle` with the aggregate's own decider and the scope's metadata */
  execute(scope: CommandScope, id: Id, command: CommandBody<Command>, options?: HandleOptions): Promise<CommandOutcome<State>>;
  /**
   * Decides `command` without appending, to refuse early (e.g. before an id is spent): on the
   * stream's current state, or on the initial state for `null` (a stream about to be created).
   */
  check(scope: CommandScope, id: Id | null, command: CommandBody<Command>): Promise<void>;
}

/** A command body plus metadata is that command (TypeScript cannot prove it for a generic union, hence the overload). */
function withMetadata<C extends { metadata: CommandMetadata }>(command: CommandBody<C>, metadata: CommandMetadata): C;
function withMetadata(command: object, metadata: CommandMetadata): { metadata: CommandMetadata } {
  return { ...command, metadata };
}

export function commandHandler<State, Command extends { metadata: CommandMetadata }, Event extends DomainEvent, Id>(
  decider: Decider<State, Command, Event>,
  toStreamId: (id: Id) => string,
  handlerOptions: {
    /**
     * keep folded states in memory by stream revision (see state-cache.ts): for aggregates whose
     * state holds no personal data, which must not outlive an erasure in a process's memory
     */
    cacheStates?: boolean;
  } = {},
): AggregateHandler<State, Command, Event, Id> {
  const cacheOf = (eventStore: EventStore) => (handlerOptions.cacheStates ? stateCache<State>(eventStore, decider) : undefined);
  const handler: AggregateHandler<State, Command, Event, Id> = {
    streamId: toStreamId,
    load: (eventStore, id) => loadAggregate(eventStore, toStreamId(id), decider, cacheOf(eventStore)),
    state: async (eventStore, id) => (await loadAggregate(eventStore, toStreamId(id), decider, cacheOf(eventStore))).state,
    async handle(scope, id, decide, options = {}) {
      const stream = toStreamId(id);
      const cache = cacheOf(scope.eventStore);
      const retries = options.expectedRevision === undefined ? (options.retries ?? 5) : 0;
      // the first decision may be made on the cached state without a read (see state-cache.ts)
      let cached = cache?.get(stream);
      if (cached && options.expectedRevision !== undefined && options.expectedRevision !== cached.revision) cached = undefined;
      for (let attempt = 0; ; attempt++) {
        const loaded = cached ?? (await loadAggregate(scope.eventStore, stream, decider, cache));
        const unverified = cached !== undefined;
        cached = undefined;
        const { state, revision, position } = loaded;
        let events: Event[];
        try {
          events = decide(state);
        } catch (error) {
          // a refusal on a state that may be stale is judged again on a fresh read
          if (unverified) {
            attempt--;
            continue;
          }
          throw error;
        }
        if (events.length === 0) {
          if (unverified) {
            attempt--;
            continue;
          }
          return { position, state, appended: 0 };
        }
        const newEvents = toNewEvents(events, scope.metadata, scope.correlationId);
        try {
          const result = await scope.eventStore.append(stream, newEvents, {
            expectedRevision: options.expectedRevision ?? (revision === -1 ? 'no_stream' : revision),
          });
          const after = events.reduce(decider.evolve, state);
          cache?.set(stream, {
            state: appendedState(decider, state, stream, newEvents, result.nextExpectedRevision, result.position),
            revision: result.nextExpectedRevision,
            position: result.position,
            lastOccurredAt: scope.metadata.now,
          });
          return { position: result.position, state: after, appended: events.length };
        } catch (error) {
          if (error instanceof ConcurrencyError) {
            cache?.delete(stream);
            // the cached state was stale: decide again on a fresh read, not counted as a retry
            if (unverified && options.expectedRevision === undefined) {
              attempt--;
              continue;
            }
          }
          if (error instanceof ConcurrencyError && attempt < retries) continue;
          throw error;
        }
      }
    },
    execute: (scope, id, command, options) =>
      handler.handle(scope, id, (state) => decider.decide(withMetadata<Command>(command, scope.metadata), state), options),
    async check(scope, id, command) {
      const state = id === null ? decider.initialState() : await handler.state(scope.eventStore, id);
      decider.decide(withMetadata<Command>(command, scope.metadata), state);
    },
  };
  return handler;
}

/**
 * What an edit started from (see `resolveEdit`): the record's fields folded up to `baseRevision`
 * and the `updateType` events recorded after it, with who and when. `fieldsOf` picks the
 * editable fields out of a state (null when the record is not live).
 */
export async function loadEditBase<State, Event extends DomainEvent>(
  eventStore: EventStore,
  stream: string,
  evolver: Evolver<State, Event>,
  baseRevision: number,
  updateType: Event['type'],
  fieldsOf: (state: State) => Record<string, unknown> | null,
): Promise<EditBase> {
  const recorded = await eventStore.readStream(stream);
  const own = new Set<string>(evolver.eventTypes);
  const isOwn = (event: DomainEvent): event is Event => own.has(event.type);
  let state = evolver.initialState();
  const edits: RecordedEdit[] = [];
  for (const r of recorded) {
    const event = decodeEvent(r);
    if (!isOwn(event)) continue;
    if (r.revision <= baseRevision) state = evolver.evolve(state, event);
    else if (event.type === updateType && 'changes' in event.data) {
      edits.push({
        revision: r.revision,
        changes: event.data.changes as Record<string, unknown>,
        by: { id: r.metadata.actor.id, name: r.metadata.actor.name },
        at: r.metadata.occurredAt,
      });
    }
  }
  const last = recorded[recorded.length - 1];
  return { revision: baseRevision, currentRevision: last ? last.revision : -1, fields: fieldsOf(state) ?? {}, edits };
}

/**
 * Runs an edit that may carry the revision the user started from. Without one it is today's
 * command (last write wins, retried on a concurrent write). With one, the base is read from the
 * stream and the command appended only at the revision the base was read at: a concurrent write
 * reads the base again, so an edit recorded in between is judged too.
 */
export async function executeEdit<T>(
  baseRevision: number | undefined,
  loadBase: () => Promise<EditBase>,
  run: (base: EditBase | undefined, expectedRevision: ExpectedRevision | undefined) => Promise<T>,
): Promise<T> {
  if (baseRevision === undefined) return run(undefined, undefined);
  for (let attempt = 0; ; attempt++) {
    const base = await loadBase();
    try {
      return await run(base, base.currentRevision >= 0 ? base.currentRevision : undefined);
    } catch (error) {
      if (error instanceof ConcurrencyError && attempt < 5) continue;
      throw error;
    }
  }
}
