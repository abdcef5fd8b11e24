import { z } from 'zod';
import { ClientPrioritySchema, ClientStatusSchema } from '@ats/events';
import { messages } from '../messages';
import { AsOfQuerySchema } from './history';
import { ALL_ROLES, WRITER_ROLES, defineContract } from '../contract';
import {
  BaseRevisionSchema,
  IdParamSchema,
  clearableText,
  clearableWebUrl,
  closeBidi,
  optionalText,
  optionalWebUrl,
  whenMissing,
  tooLongMessage,
} from '../fields';
import { ClientDetailSchema, ClientSchema, CommandResultSchema } from '../models';

export const CreateClientBodySchema = z.object({
  companyName: z
    .string({ error: whenMissing(messages.companyNameRequired) })
    .trim()
    .min(1, messages.companyNameRequired)
    .max(200, tooLongMessage(200))
    .transform(closeBidi),
  industry: optionalText(200),
  website: optionalWebUrl(500),
  description: optionalText(5000),
  address: optionalText(500),
  priority: ClientPrioritySchema.default('medium'),
  status: ClientStatusSchema.default('active'),
  notes: optionalText(5000),
});
export type CreateClientBody = z.input<typeof CreateClientBodySchema>;

/** Update client: absent = unchanged, null/blank = cleared. */
export const UpdateClientBodySchema = z.object({
  companyName: z.string().trim().min(1, messages.companyNameRequired).max(200).optional().transform(closeBidi),
  industry: clearableText(200),
  website: clearableWebUrl(500),
  description: clearableText(5000),
  address: clearableText(500),
  priority: ClientPrioritySchema.optional(),
  status: ClientStatusSchema.optional(),
  notes: clearableText(5000),
  /** the record's revision the user started editing from: a field changed by someone else since is a 409 edit_conflict */
  baseRevision: BaseRevisionSchema,
});
export type UpdateClientBody = z.input<typeof UpdateClientBodySchema>;

/** Add Contact Person (SPEC §5): name required; e-mail optional but valid when present. */
export const AddClientContactBodySchema = z.object({
  name: z
    .string({ error: whenMissing(messages.nameRequired) })
    .trim()
    .min(1, messages.nameRequired)
    .max(200, tooLongMessage(200)),
  title: optionalText(200),
  email: z
    .string()
    .trim()
    .max(320)
    .optional()
    .nullable()
    .transform((v) => (v ? v : undefined))
    .pipe(z.string().email(messages.invalidEmail).optional()),
  phone: optionalText(50),
  notes: optionalText(5000),
  isPrimary: z.boolean().default(false),
});
export type AddClientContactBody = z.input<typeof AddClientContactBodySchema>;

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
  getClient: defineContract({
    name: 'getClient',
    method: 'GET',
    path: '/api/clients/:id',
    params: IdParamSchema,
    query: AsOfQuerySchema,
    response: ClientDetailSchema,
    status: 200,
    roles: ALL_ROLES,
    summary: 'One client with its contact persons (primary first)',
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
  updateClient: defineContract({
    name: 'updateClient',
    method: 'PATCH',
    path: '/api/clients/:id',
    params: IdParamSchema,
    body: UpdateClientBodySchema,
    response: CommandResultSchema,
    status: 200,
    roles: WRITER_ROLES,
    summary: 'Edit a client company',
  }),
  deleteClient: defineContract({
    name: 'deleteClient',
    method: 'DELETE',
    path: '/api/clients/:id',
    params: IdParamSchema,
    response: CommandResultSchema,
    status: 200,
    roles: WRITER_ROLES,
    summary: 'Delete a client; its contacts leave the read models with it (history stays in the event log)',
  }),
  addClientContact: defineContract({
    name: 'addClientContact',
    method: 'POST',
    path: '/api/clients/:id/contacts',
    params: IdParamSchema,
    body: AddClientContactBodySchema,
    response: CommandResultSchema,
    status: 201,
    roles: WRITER_ROLES,
    summary: 'Add a contact person to a client',
  }),
  deleteClientContact: defineContract({
    name: 'deleteClientContact',
    method: 'DELETE',
    path: '/api/client-contacts/:id',
    params: IdParamSchema,
    response: CommandResultSchema,
    status: 200,
    roles: WRITER_ROLES,
    summary: 'Delete a contact person',
  }),
  restoreClient: defineContract({
    name: 'restoreClient',
    method: 'POST',
    path: '/api/clients/:id/restore',
    params: IdParamSchema,
    response: CommandResultSchema,
    status: 200,
    roles: WRITER_ROLES,
    summary: 'Undo a client delete: the client comes back with the contacts it had (409 when it is not deleted)',
  }),
  restoreClientContact: defineContract({
    name: 'restoreClientContact',
    method: 'POST',
    path: '/api/client-contacts/:id/restore',
    params: IdParamSchema,
    response: CommandResultSchema,
    status: 200,
    roles: WRITER_ROLES,
    summary: 'Undo a contact delete (409 when it is not deleted)',
  }),
};
