import type { ClientContactAdded, EventOfType } from '@ats/events';
import { assertNever, type CommandMetadata, type Decider } from '../shared/decider';
import { ConflictError, NotFoundError } from '../shared/errors';

/** A contact person is its own aggregate (stream `client-contact-<id>`), so it can be deleted by id. */
export type ContactEvent =
  | EventOfType<'ClientContactAdded'>
  | EventOfType<'ClientContactDeleted'>
  | EventOfType<'ClientContactRestored'>
  | EventOfType<'ClientContactErased'>;
export type ContactState =
  | { status: 'empty' }
  | { status: 'active'; id: number; clientId: number }
  | { status: 'deleted'; id: number; clientId: number }
  /** personal data erased (the key destroyed) */
  | { status: 'erased'; id: number; clientId: number };

export type AddClientContact = {
  type: 'AddClientContact';
  /** `clientExists` is looked up by the handler from the client's stream */
  data: ClientContactAdded & { clientExists: boolean };
  metadata: CommandMetadata;
};
/**
 * `clientExists` (from the handler): a contact of a deleted client is gone with it; deleting it
 * on its own would let a restore of the client bring back a contact the log says was deleted.
 */
export type DeleteClientContact = {
  type: 'DeleteClientContact';
  data: { contactId: number; clientExists?: boolean };
  metadata: CommandMetadata;
};
/** Undo of a delete: only a deleted contact of a live client can be restored (`clientExists` from the handler). */
export type RestoreClientContact = {
  type: 'RestoreClientContact';
  data: { contactId: number; clientExists: boolean };
  metadata: CommandMetadata;
};
/** GDPR erasure (admins, with a reason) of a live or deleted contact; an erased one answers 409. */
export type EraseClientContact = { type: 'EraseClientContact'; data: { contactId: number; reason: string }; metadata: CommandMetadata };
export type ContactCommand = AddClientContact | DeleteClientContact | RestoreClientContact | EraseClientContact;

export const initialState = (): ContactState => ({ status: 'empty' });

export function evolve(state: ContactState, event: ContactEvent): ContactState {
  switch (event.type) {
    case 'ClientContactAdded':
      return { status: 'active', id: event.data.contactId, clientId: event.data.clientId };
    case 'ClientContactDeleted':
      return state.status === 'active' ? { status: 'deleted', id: state.id, clientId: state.clientId } : state;
    case 'ClientContactRestored':
      return state.status === 'deleted' ? { status: 'active', id: state.id, clientId: state.clientId } : state;
    case 'ClientContactErased':
      return { status: 'erased', id: event.data.contactId, clientId: event.data.clientId };
    default:
      return state;
  }
}

export function decide(command: ContactCommand, state: ContactState): ContactEvent[] {
  switch (command.type) {
    case 'AddClientContact': {
      const { clientExists, ...data } = command.data;
      if (!clientExists) throw new NotFoundError('Client', data.clientId);
      if (state.status !== 'empty') throw new ConflictError('contact_exists', `Contact ${data.contactId} already exists`);
      return [{ type: 'ClientContactAdded', data }];
    }
    case 'DeleteClientContact':
      if (state.status !== 'active' || command.data.clientExists === false) throw new NotFoundError('Contact', command.data.contactId);
      return [{ type: 'ClientContactDeleted', data: { clientId: state.clientId, contactId: state.id } }];
    case 'RestoreClientContact':
      if (state.status === 'empty') throw new NotFoundError('Contact', command.data.contactId);
      if (state.status !== 'deleted')
        throw new ConflictError('not_deleted', `Contact ${command.data.contactId} is not deleted, so there is nothing to restore`);
      if (!command.data.clientExists) throw new NotFoundError('Client', state.clientId);
      return [{ type: 'ClientContactRestored', data: { clientId: state.clientId, contactId: state.id } }];
    case 'EraseClientContact':
      if (state.status === 'empty') throw new NotFoundError('Contact', command.data.contactId);
      if (state.status === 'erased') throw new ConflictError('already_erased', `Contact ${command.data.contactId} is already erased`);
      return [{ type: 'ClientContactErased', data: { clientId: state.clientId, contactId: state.id, reason: command.data.reason } }];
    default:
      return assertNever(command);
  }
}

export const contactDecider: Decider<ContactState, ContactCommand, ContactEvent> = {
  eventTypes: ['ClientContactAdded', 'ClientContactDeleted', 'ClientContactRestored', 'ClientContactErased'],
  initialState,
  evolve,
  decide,
};
