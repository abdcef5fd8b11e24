import { randomUUID } from 'node:crypto';
import { decodeEvent, encodeEvent, type DomainEvent } from '@ats/events';
import { ConcurrencyError, type EventStore, type NewEvent } from '@ats/storage';
import type { CommandMetadata, Decider } from './domain/shared/decider';

export interface CommandContext {
  eventStore: EventStore;
  correlationId: string;
}

export interface CommandOutcome<State> {
  /** global position of the last appended event (or of the stream's last event when nothing changed) */
  position: number;
  state: State;
  appended: number;
}

/** Loads a stream and folds it; returns the state and the revision to expect. */
export async function loadAggregate<State, Event extends DomainEvent>(
  eventStore: EventStore,
  stream: string,
  decider: Pick<Decider<State, never, Event>, 'initialState' | 'evolve'>,
) {
  const recorded = await eventStore.readStream(stream);
  let state = decider.initialState();
  for (const r of recorded) state = decider.evolve(state, decodeEvent(r) as unknown as Event);
  const last = recorded[recorded.length - 1];
  return { state, revision: last ? last.revision : -1, position: last ? last.position : 0 };
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
 * Load → decide → append with the expected revision. A concurrent writer makes the append fail
 * with ConcurrencyError; the command is then decided again on the fresh state (so e.g. a stale
 * `fromStage` turns into a 409 naming who moved the card), up to `retries` times.
 */
export async function handleCommand<State, Command extends { metadata: CommandMetadata }, Event extends DomainEvent>(
  context: CommandContext,
  stream: string,
  decider: Decider<State, Command, Event>,
  command: Command,
  retries = 5,
): Promise<CommandOutcome<State>> {
  for (let attempt = 0; ; attempt++) {
    const { state, revision, position } = await loadAggregate(context.eventStore, stream, decider);
    const events = decider.decide(command, state);
    if (events.length === 0) return { position, state, appended: 0 };
    try {
      const result = await context.eventStore.append(stream, toNewEvents(events, command.metadata, context.correlationId), {
        expectedRevision: revision === -1 ? 'no_stream' : revision,
      });
      return { position: result.position, state: events.reduce(decider.evolve, state), appended: events.length };
    } catch (error) {
      if (error instanceof ConcurrencyError && attempt < retries) continue;
      throw error;
    }
  }
}

/** Whether an aggregate stream exists and is not deleted, judged by folding it. */
export async function streamState<State, Event extends DomainEvent>(
  eventStore: EventStore,
  stream: string,
  decider: Pick<Decider<State, never, Event>, 'initialState' | 'evolve'>,
): Promise<State> {
  return (await loadAggregate(eventStore, stream, decider)).state;
}
