import type { ClientContactAdded, ClientCreated, EventOfType } from '@ats/events';
import { assertNever, type CommandMetadata, type Decider } from '../shared/decider';
import { ConflictError, NotFoundError } from '../shared/errors';

export type ClientEvent = EventOfType<'ClientCreated'> | EventOfType<'ClientContactAdded'>;
export type ClientState = { status: 'empty' } | { status: 'active'; id: number; companyName: string };

export type CreateClient = { type: 'CreateClient'; data: ClientCreated; metadata: CommandMetadata };
export type AddClientContact = { type: 'AddClientContact'; data: ClientContactAdded; metadata: CommandMetadata };
export type ClientCommand = CreateClient | AddClientContact;

export const initialState = (): ClientState => ({ status: 'empty' });

export function evolve(state: ClientState, event: ClientEvent): ClientState {
  switch (event.type) {
    case 'ClientCreated':
      return { status: 'active', id: event.data.clientId, companyName: event.data.companyName };
    default:
      return state;
  }
}

export function decide(command: ClientCommand, state: ClientState): ClientEvent[] {
  switch (command.type) {
    case 'CreateClient':
      if (state.status !== 'empty') throw new ConflictError('client_exists', `Client ${command.data.clientId} already exists`);
      return [{ type: 'ClientCreated', data: command.data }];
    case 'AddClientContact':
      if (state.status !== 'active') throw new NotFoundError('Client', command.data.clientId);
      return [{ type: 'ClientContactAdded', data: command.data }];
    default:
      return assertNever(command);
  }
}

export const clientDecider: Decider<ClientState, ClientCommand, ClientEvent> = { initialState, evolve, decide };
