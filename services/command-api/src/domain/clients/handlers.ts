import { toClientContactStreamId, toClientStreamId } from '@ats/events';
import type { ParsedBodyOf, contracts } from '@ats/contracts';
import { handleCommand, streamState } from '../../command-handler';
import { NotFoundError } from '../shared/errors';
import { contactDecider } from './contact-decider';
import type { Call, Deps, Result } from '../context';
import { clientDecider } from './decider';

export async function createClient(deps: Deps, call: Call, input: ParsedBodyOf<typeof contracts.createClient>): Promise<Result> {
  const clientId = await deps.allocateId('client');
  const outcome = await handleCommand(
    { eventStore: deps.eventStore, correlationId: call.correlationId },
    toClientStreamId(clientId),
    clientDecider,
    {
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
      metadata: call.metadata,
    },
  );
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
  const client = await streamState(deps.eventStore, toClientStreamId(clientId), clientDecider);
  // check before allocating so an unknown client does not burn a contact id
  if (client.status !== 'active') throw new NotFoundError('Client', clientId);
  const contactId = await deps.allocateId('contact');
  const outcome = await handleCommand(
    { eventStore: deps.eventStore, correlationId: call.correlationId },
    toClientContactStreamId(contactId),
    contactDecider,
    {
      type: 'AddClientContact',
      data: {
        clientId,
        contactId,
        name: input.name,
        title: input.title ?? null,
        email: input.email ?? null,
        phone: input.phone ?? null,
        notes: input.notes ?? null,
        isPrimary: input.isPrimary,
        clientExists: true,
      },
      metadata: call.metadata,
    },
  );
  return { id: contactId, position: outcome.position };
}

export async function deleteClientContact(deps: Deps, call: Call, contactId: number): Promise<Result> {
  const outcome = await handleCommand(
    { eventStore: deps.eventStore, correlationId: call.correlationId },
    toClientContactStreamId(contactId),
    contactDecider,
    {
      type: 'DeleteClientContact',
      data: { contactId },
      metadata: call.metadata,
    },
  );
  return { id: contactId, position: outcome.position };
}

export async function updateClient(
  deps: Deps,
  call: Call,
  clientId: number,
  input: ParsedBodyOf<typeof contracts.updateClient>,
): Promise<Result> {
  const changes = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  const outcome = await handleCommand(
    { eventStore: deps.eventStore, correlationId: call.correlationId },
    toClientStreamId(clientId),
    clientDecider,
    {
      type: 'UpdateClient',
      data: { clientId, changes },
      metadata: call.metadata,
    },
  );
  return { id: clientId, position: outcome.position };
}

/** The client's contacts stay in their streams (history); the read models drop them with the client. */
export async function deleteClient(deps: Deps, call: Call, clientId: number): Promise<Result> {
  const outcome = await handleCommand(
    { eventStore: deps.eventStore, correlationId: call.correlationId },
    toClientStreamId(clientId),
    clientDecider,
    {
      type: 'DeleteClient',
      data: { clientId },
      metadata: call.metadata,
    },
  );
  return { id: clientId, position: outcome.position };
}
