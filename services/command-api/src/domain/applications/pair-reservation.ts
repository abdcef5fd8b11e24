import type { EventOfType } from '@ats/events';
import { messages } from '@ats/contracts';
import type { CommandMetadata, Decider } from '../shared/decider';
import { ConflictError } from '../shared/errors';

/** One application per (candidate, job): the pair's stream can be created only once. */
export type PairEvent = EventOfType<'ApplicationPairReserved'>;
export type PairState = { status: 'free' } | { status: 'reserved'; applicationId: number };
export type ReservePair = {
  type: 'ReserveApplicationPair';
  data: { candidateId: number; jobId: number; applicationId: number };
  metadata: CommandMetadata;
};

export const pairReservationDecider: Decider<PairState, ReservePair, PairEvent> = {
  initialState: () => ({ status: 'free' }),
  evolve: (_state, event) => ({ status: 'reserved', applicationId: event.data.applicationId }),
  decide: (command, state) => {
    if (state.status === 'reserved') throw new ConflictError('application_exists', messages.applicationExists, { applicationId: state.applicationId });
    return [{ type: 'ApplicationPairReserved', data: command.data }];
  },
};
