import { z } from 'zod';
import { ClientPrioritySchema, ClientStatusSchema } from '@ats/events';
import { messages } from '../messages';
import { ALL_ROLES, WRITER_ROLES, defineContract } from '../contract';
import { optionalText } from '../fields';
import { ClientSchema, CommandResultSchema } from '../models';

export const CreateClientBodySchema = z.object({
  companyName: z.string({ error: messages.companyNameRequired }).trim().min(1, messages.companyNameRequired).max(200),
  industry: optionalText(200),
  website: optionalText(500),
  description: optionalText(5000),
  address: optionalText(500),
  priority: ClientPrioritySchema.default('medium'),
  status: ClientStatusSchema.default('active'),
  notes: optionalText(5000),
});
export type CreateClientBody = z.input<typeof CreateClientBodySchema>;

export const clientContracts = {
  listClients: defineContract({
    name: 'listClients',
    method: 'GET',
    path: '/api/clients',
    query: z.object({ search: z.string().max(200).optional() }),
    response: z.array(ClientSchema),
    status: 200,
    roles: ALL_ROLES,
    summary: 'Clients, newest first, optionally searched',
  }),
  createClient: defineContract({
    name: 'createClient',
    method: 'POST',
    path: '/api/clients',
    body: CreateClientBodySchema,
    response: CommandResultSchema,
    status: 201,
    roles: WRITER_ROLES,
    summary: 'Create a client company',
  }),
};
