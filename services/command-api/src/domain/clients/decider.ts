import type { ClientChanges, ClientCreated, EventOfType } from '@ats/events';
import { assertNever, type CommandMetadata, type Decider } from '../shared/decider';
import { changedFields, isEmpty } from '../shared/changes';
import { resolveEdit, type EditBase } from '../shared/edit-conflicts';
import { ConflictError, NotFoundError } from '../shared/errors';

/** ClientContactAdded is listed for streams written before contacts became their own aggregate. */
export type ClientEvent =
  | EventOfType<'ClientCreated'>
  | EventOfType<'ClientUpdated'>
  | EventOfType<'ClientDeleted'>
  | EventOfType<'ClientContactAdded'>
  | EventOfType<'ClientRestored'>;
type ClientFields = Required<ClientChanges>;
type ActiveClient = { status: 'active'; id: number; companyName: string; fields: ClientFields };
/** a deleted client keeps what it was, so a restore brings it back as it was */
export type ClientState = { status: 'empty' } | ActiveClient | { status: 'deleted'; id: number; was?: ActiveClient };

export type CreateClient = { type: 'CreateClient'; data: ClientCreated; metadata: CommandMetadata };
export type UpdateClient = {
  type: 'UpdateClient';
  data: { clientId: number; changes: ClientChanges; base?: EditBase | undefined };
  metadata: CommandMetadata;
};
export type DeleteClient = { type: 'DeleteClient'; data: { clientId: number }; metadata: CommandMetadata };
/** Undo of a delete: only a deleted client can be restored; its contacts come back with it. */
export type RestoreClient = { type: 'RestoreClient'; data: { clientId: number }; metadata: CommandMetadata };
export type ClientCommand = CreateClient | UpdateClient | DeleteClient | RestoreClient;

export const initialState = (): ClientState => ({ status: 'empty' });

export function evolve(state: ClientState, event: ClientEvent): ClientState {
  switch (event.type) {
    case 'ClientCreated': {
      const { clientId, ...fields } = event.data;
      return { status: 'active', id: clientId, companyName: fields.companyName, fields };
    }
    case 'ClientUpdated': {
      if (state.status !== 'active') return state;
      const fields = { ...state.fields, ...event.data.changes };
      return { ...state, companyName: fields.companyName, fields };
    }
    case 'ClientDeleted':
      return state.status === 'active' ? { status: 'deleted', id: state.id, was: state } : state;
    case 'ClientRestored':
      return state.status === 'deleted' && state.was ? state.was : state;
    default:
      return state;
  }
}

export function decide(command: ClientCommand, state: ClientState): Array<Exclude<ClientEvent, EventOfType<'ClientContactAdded'>>> {
  switch (command.type) {
    case 'CreateClient':
      if (state.status !== 'empty') throw new ConflictError('client_exists', `Client ${command.data.clientId} already exists`);
      return [{ type: 'ClientCreated', data: command.data }];
    case 'UpdateClient': {
      if (state.status !== 'active') throw new NotFoundError('Client', command.data.clientId);
      const requested = resolveEdit<ClientFields>(state.fields, command.data.changes, command.data.base);
      const changes = changedFields<ClientFields>(state.fields, requested);
      return isEmpty(changes) ? [] : [{ type: 'ClientUpdated', data: { clientId: state.id, changes } }];
    }
    case 'DeleteClient':
      if (state.status !== 'active') throw new NotFoundError('Client', command.data.clientId);
      return [{ type: 'ClientDeleted', data: { clientId: state.id } }];
    case 'RestoreClient':
      if (state.status === 'empty') throw new NotFoundError('Client', command.data.clientId);
      if (state.status !== 'deleted' || !state.was)
        throw new ConflictError('not_deleted', `Client ${command.data.clientId} is not deleted, so there is nothing to restore`);
      return [{ type: 'ClientRestored', data: { clientId: state.id } }];
    default:
      return assertNever(command);
  }
}

export const clientDecider: Decider<ClientState, ClientCommand, ClientEvent> = {
  eventTypes: ['ClientCreated', 'ClientUpdated', 'ClientDeleted', 'ClientContactAdded', 'ClientRestored'],
  initialState,
  evolve,
  decide,
};
