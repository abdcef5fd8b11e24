import { expect } from 'vitest';
import type { DomainEvent } from '@ats/events';
import { DomainError } from '../../src/domain/shared/errors';
import { fold, type CommandMetadata, type Decider } from '../../src/domain/shared/decider';

/** Who and when, for commands in decider tests. */
export const testMetadata: CommandMetadata = { now: '2026-11-03T08:00:00.000Z', actor: { id: 'u-ann', name: 'Ann Lee' } };

/**
 * given(events) / when(command) / then(events) for a decider, after emmett's DeciderSpecification
 * (businessLogic.unit.spec.ts): the state is folded from the given events with the decider's own
 * evolve, so tests describe history, never internal state.
 */
export function deciderSpec<State, Command, Event extends DomainEvent>(decider: Decider<State, Command, Event>) {
  return {
    given: (...events: Event[]) => ({
      when: (command: Command) => {
        const run = () => decider.decide(command, fold(decider, events));
        return {
          then: (expected: Event[]) => expect(run()).toEqual(expected),
          thenNothing: () => expect(run()).toEqual([]),
          /** a DomainError with this HTTP status and stable code (and, optionally, a detail matching `detail`) */
          thenRefuses: (status: number, code: string, detail?: RegExp) => {
            let thrown: unknown = null;
            try {
              run();
            } catch (error) {
              thrown = error;
            }
            expect(thrown).toBeInstanceOf(DomainError);
            const problem = (thrown as DomainError).toProblem();
            expect({ status: problem.status, code: problem.code }).toEqual({ status, code });
            if (detail) expect(problem.detail).toMatch(detail);
          },
        };
      },
    }),
  };
}
