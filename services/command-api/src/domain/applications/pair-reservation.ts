import type { EventOfType } from '@ats/events';
import { messages } from '@ats/contracts';
import { assertNever, type CommandMetadata, type Decider } from '../shared/decider';
import { ConflictError } from '../shared/errors';

/** One application per (candidate, job): the pair's stream can be created only once. */
export type PairEvent = EventOfType<'ApplicationPairReserved'> | EventOfType<'ApplicationPairReleased'>;
export type PairState = { status: 'free' } | { status: 'reserved'; applicationId: number };
export type ReservePair = {
  type: 'ReserveApplicationPair';
  data: { candidateId: number; jobId: number; applicationId: number };
  metadata: CommandMetadata;
};

export type ReleasePair = {
  type: 'ReleaseApplicationPair';
  data: { candidateId: number; jobId: number; applicationId: number };
  metadata: CommandMetadata;
};

export const pairReservationDecider: Decider<PairState, ReservePair | ReleasePair, PairEvent> = {
  eventTypes: ['ApplicationPairReserved', 'ApplicationPairReleased'],
  initialState: () => ({ status: 'free' }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'ApplicationPairReserved':
        return { status: 'reserved', applicationId: event.data.applicationId };
      case 'ApplicationPairReleased':
        return state.status === 'reserved' && state.applicationId === event.data.applicationId ? { status: 'free' } : state;
      default:
        return state;
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'ReserveApplicationPair':
        if (state.status === 'reserved')
          throw new ConflictError('application_exists', messages.applicationExists, { applicationId: state.applicationId });
        return [{ type: 'ApplicationPairReserved', data: command.data }];
      case 'ReleaseApplicationPair':
        if (state.status !== 'reserved' || state.applicationId !== command.data.applicationId) return [];
        return [{ type: 'ApplicationPairReleased', data: command.data }];
      default:
        return assertNever(command);
    }
  },
};
