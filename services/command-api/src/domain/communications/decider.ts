import type { CommunicationRecorded, EventOfType } from '@ats/events';
import { assertNever, type CommandMetadata, type Decider } from '../shared/decider';
import { ConflictError } from '../shared/errors';

/** Communications are stored here; the e-mail routes record through this after sending. */
export type CommunicationEvent = EventOfType<'CommunicationRecorded'>;
export type CommunicationState = { status: 'empty' } | { status: 'recorded'; id: number };
export type RecordCommunication = { type: 'RecordCommunication'; data: CommunicationRecorded; metadata: CommandMetadata };
export type CommunicationCommand = RecordCommunication;

export const communicationDecider: Decider<CommunicationState, CommunicationCommand, CommunicationEvent> = {
  eventTypes: ['CommunicationRecorded'],
  initialState: () => ({ status: 'empty' }),
  evolve: (state, event) => (event.type === 'CommunicationRecorded' ? { status: 'recorded', id: event.data.communicationId } : state),
  decide: (command, state) => {
    switch (command.type) {
      case 'RecordCommunication':
        if (state.status !== 'empty')
          throw new ConflictError('communication_exists', `Communication ${command.data.communicationId} already exists`);
        return [{ type: 'CommunicationRecorded', data: command.data }];
      default:
        return assertNever(command.type);
    }
  },
};
