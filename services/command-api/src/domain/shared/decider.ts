import type { DomainEvent } from '@ats/events';

/** Time, ids and the acting user come in on the command; deciders never read clocks or make ids. */
export interface CommandMetadata {
  now: string;
  actor: { id: string; name: string; role?: string };
}

/** How an aggregate's state is folded from its own events (listed in `eventTypes`). */
export interface Evolver<State, Event extends DomainEvent = DomainEvent> {
  /** the event types `evolve` folds; others in the stream (none today) are left out */
  eventTypes: readonly Event['type'][];
  initialState: () => State;
  evolve: (state: State, event: Event) => State;
}

export interface Decider<State, Command, Event extends DomainEvent = DomainEvent> extends Evolver<State, Event> {
  decide: (command: Command, state: State) => Event[];
}

export function fold<State, Event extends DomainEvent>(
  decider: Pick<Evolver<State, Event>, 'initialState' | 'evolve'>,
  events: readonly Event[],
): State {
  return events.reduce(decider.evolve, decider.initialState());
}

export function assertNever(value: never): never {
  throw new Error(`Unhandled case: ${JSON.stringify(value)}`);
}
