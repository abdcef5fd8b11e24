import type { ParsedBodyOf, contracts } from '@ats/contracts';
import { executeEdit, loadEditBase, scopeOf } from '../../command-handler';
import { clientContacts, clients, isLiveClient } from '../aggregates';
import type { Call, Deps, Result } from '../context';
import type { AddClientContact } from './contact-decider';
import { clientDecider } from './decider';

export async function createClient(deps: Deps, call: Call, input: ParsedBodyOf<typeof contracts.createClient>): Promise<Result> {
  const clientId = await deps.allocateId('client');
  const outcome = await clients.execute(scopeOf(deps, call), clientId, {
    type: 'CreateClient',
    data: {
      clientId,
      companyName: input.companyName,
      industry: input.industry ?? null,
      website: input.website ?? null,
      description: input.description ?? null,
      address: input.address ?? null,
      priority: input.priority,
      status: input.status,
      notes: input.notes ?? null,
    },
  });
  return { id: clientId, position: outcome.position };
}

export interface NewContact {
  name: string;
  title?: string | undefined;
  email?: string | undefined;
  phone?: string | undefined;
  notes?: string | undefined;
  isPrimary: boolean;
}

export async function addClientContact(deps: Deps, call: Call, clientId: number, input: NewContact): Promise<Result> {
  const scope = scopeOf(deps, call);
  const clientExists = isLiveClient(await clients.state(deps.eventStore, clientId));
  const data = (contactId: number): AddClientContact['data'] => ({
    clientId,
    contactId,
    name: input.name,
    title: input.title ?? null,
    email: input.email ?? null,
    phone: input.phone ?? null,
    notes: input.notes ?? null,
    isPrimary: input.isPrimary,
    clientExists,
  });
  // check before allocating so an unknown client does not burn a contact id
  await clientContacts.check(scope, null, { type: 'AddClientContact', data: data(0) });
  const contactId = await deps.allocateId('contact');
  const outcome = await clientContacts.execute(scope, contactId, { type: 'AddClientContact', data: data(contactId) });
  return { id: contactId, position: outcome.position };
}

export async function deleteClientContact(deps: Deps, call: Call, contactId: number): Promise<Result> {
  const contact = await clientContacts.state(deps.eventStore, contactId);
  const clientExists = contact.status === 'empty' || isLiveClient(await clients.state(deps.eventStore, contact.clientId));
  const outcome = await clientContacts.execute(scopeOf(deps, call), contactId, {
    type: 'DeleteClientContact',
    data: { contactId, clientExists },
  });
  return { id: contactId, position: outcome.position };
}

export async function updateClient(
  deps: Deps,
  call: Call,
  clientId: number,
  input: ParsedBodyOf<typeof contracts.updateClient>,
): Promise<Result> {
  const { baseRevision, ...fields } = input;
  const changes = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
  const outcome = await executeEdit(
    baseRevision,
    () =>
      loadEditBase(deps.eventStore, clients.streamId(clientId), clientDecider, baseRevision ?? -1, 'ClientUpdated', (state) =>
        state.status === 'active' ? state.fields : null,
      ),
    (base, expectedRevision) =>
      clients.execute(
        scopeOf(deps, call),
        clientId,
        { type: 'UpdateClient', data: { clientId, changes, base } },
        expectedRevision === undefined ? {} : { expectedRevision },
      ),
  );
  return { id: clientId, position: outcome.position };
}

/** The client's contacts stay in their streams (history); the read models drop them with the client. */
export async function deleteClient(deps: Deps, call: Call, clientId: number): Promise<Result> {
  const outcome = await clients.execute(scopeOf(deps, call), clientId, { type: 'DeleteClient', data: { clientId } });
  return { id: clientId, position: outcome.position };
}

/** Undo of a delete: the client comes back with the contacts it had when it was deleted (the read models keep them). */
export async function restoreClient(deps: Deps, call: Call, clientId: number): Promise<Result> {
  const outcome = await clients.execute(scopeOf(deps, call), clientId, { type: 'RestoreClient', data: { clientId } });
  return { id: clientId, position: outcome.position };
}

/** Undo of a contact delete; its client must still be there. */
export async function restoreClientContact(deps: Deps, call: Call, contactId: number): Promise<Result> {
  const scope = scopeOf(deps, call);
  const contact = await clientContacts.state(deps.eventStore, contactId);
  const clientExists = contact.status !== 'empty' && isLiveClient(await clients.state(deps.eventStore, contact.clientId));
  const outcome = await clientContacts.execute(scope, contactId, { type: 'RestoreClientContact', data: { contactId, clientExists } });
  return { id: contactId, position: outcome.position };
}
