import type { DomainEvent } from '@ats/events';

/** Time, ids and the acting user come in on the command; deciders never read clocks or make ids. */
export interface CommandMetadata {
  now: string;
  actor: { id: string; name: string; role?: string };
}

export interface Decider<State, Command, Event extends DomainEvent = DomainEvent> {
  initialState: () => State;
  evolve: (state: State, event: Event) => State;
  decide: (command: Command, state: State) => Event[];
}

export function fold<State, Event extends DomainEvent>(
  decider: Pick<Decider<State, never, Event>, 'initialState' | 'evolve'>,
  events: readonly Event[],
): State {
  return events.reduce(decider.evolve, decider.initialState());
}

export function assertNever(value: never): never {
  throw new Error(`Unhandled case: ${JSON.stringify(value)}`);
}
