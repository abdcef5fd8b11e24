import { randomUUID } from 'node:crypto';
import { decodeEvent, encodeEvent, type DomainEvent } from '@ats/events';
import { ConcurrencyError, type EventStore, type ExpectedRevision, type NewEvent } from '@ats/storage';
import type { Call, Deps } from './domain/context';
import type { CommandMetadata, Decider, Evolver } from './domain/shared/decider';
import type { EditBase, RecordedEdit } from './domain/shared/edit-conflicts';

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

/** Loads a stream and folds the aggregate's own events (by the decider's `eventTypes`) into its state. */
export async function loadAggregate<State, Event extends DomainEvent>(
  eventStore: EventStore,
  stream: string,
  evolver: Evolver<State, Event>,
): Promise<LoadedAggregate<State>> {
  const recorded = await eventStore.readStream(stream);
  const own = new Set<string>(evolver.eventTypes);
  const isOwn = (event: DomainEvent): event is Event => own.has(event.type);
  let state = evolver.initialState();
  for (const r of recorded) {
    const event = decodeEvent(r);
    if (isOwn(event)) state = evolver.evolve(state, event);
  }
  const last = recorded[recorded.length - 1];
  return {
    state,
    revision: last ? last.revision : -1,
    position: last ? last.position : 0,
    lastOccurredAt: last ? last.metadata.occurredAt : null,
  };
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
): AggregateHandler<State, Command, Event, Id> {
  const handler: AggregateHandler<State, Command, Event, Id> = {
    streamId: toStreamId,
    load: (eventStore, id) => loadAggregate(eventStore, toStreamId(id), decider),
    state: async (eventStore, id) => (await loadAggregate(eventStore, toStreamId(id), decider)).state,
    async handle(scope, id, decide, options = {}) {
      const stream = toStreamId(id);
      const retries = options.expectedRevision === undefined ? (options.retries ?? 5) : 0;
      for (let attempt = 0; ; attempt++) {
        const { state, revision, position } = await loadAggregate(scope.eventStore, stream, decider);
        const events = decide(state);
        if (events.length === 0) return { position, state, appended: 0 };
        try {
          const result = await scope.eventStore.append(stream, toNewEvents(events, scope.metadata, scope.correlationId), {
            expectedRevision: options.expectedRevision ?? (revision === -1 ? 'no_stream' : revision),
          });
          return { position: result.position, state: events.reduce(decider.evolve, state), appended: events.length };
        } catch (error) {
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
