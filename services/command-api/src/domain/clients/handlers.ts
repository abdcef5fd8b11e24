import { toClientStreamId } from '@ats/events';
import type { ParsedBodyOf, contracts } from '@ats/contracts';
import { handleCommand } from '../../command-handler';
import type { Call, Deps, Result } from '../context';
import { clientDecider } from './decider';

export async function createClient(deps: Deps, call: Call, input: ParsedBodyOf<typeof contracts.createClient>): Promise<Result> {
  const clientId = await deps.allocateId('client');
  const outcome = await handleCommand({ eventStore: deps.eventStore, correlationId: call.correlationId }, toClientStreamId(clientId), clientDecider, {
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
  const contactId = await deps.allocateId('contact');
  const outcome = await handleCommand({ eventStore: deps.eventStore, correlationId: call.correlationId }, toClientStreamId(clientId), clientDecider, {
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
    },
    metadata: call.metadata,
  });
  return { id: contactId, position: outcome.position };
}
