import { z } from 'zod';
import { ClientPrioritySchema, ClientStatusSchema, EntityIdSchema } from '../shared';

export const ClientCreatedSchema = z.object({
  clientId: EntityIdSchema,
  companyName: z.string(),
  industry: z.string().nullable(),
  website: z.string().nullable(),
  description: z.string().nullable(),
  address: z.string().nullable(),
  priority: ClientPrioritySchema,
  status: ClientStatusSchema,
  notes: z.string().nullable(),
});
export type ClientCreated = z.infer<typeof ClientCreatedSchema>;

export const ClientContactAddedSchema = z.object({
  clientId: EntityIdSchema,
  contactId: EntityIdSchema,
  name: z.string(),
  title: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  notes: z.string().nullable(),
  isPrimary: z.boolean(),
});
export type ClientContactAdded = z.infer<typeof ClientContactAddedSchema>;
