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

export const ClientChangesSchema = ClientCreatedSchema.omit({ clientId: true }).partial();
export type ClientChanges = z.infer<typeof ClientChangesSchema>;
export const ClientUpdatedSchema = z.object({ clientId: EntityIdSchema, changes: ClientChangesSchema });
export type ClientUpdated = z.infer<typeof ClientUpdatedSchema>;

/** The client was deleted; its contacts leave the read models with it (the log keeps them). */
export const ClientDeletedSchema = z.object({ clientId: EntityIdSchema });
export type ClientDeleted = z.infer<typeof ClientDeletedSchema>;

/** Contacts are their own aggregate (stream `client-contact-<id>`), so a contact can be deleted by its id. */
export const ClientContactDeletedSchema = z.object({ clientId: EntityIdSchema, contactId: EntityIdSchema });
export type ClientContactDeleted = z.infer<typeof ClientContactDeletedSchema>;

/** A deleted client was brought back (an Undo), with the contacts it had when it was deleted. */
export const ClientRestoredSchema = z.object({ clientId: EntityIdSchema });
export type ClientRestored = z.infer<typeof ClientRestoredSchema>;

/** A deleted contact person was brought back (an Undo). */
export const ClientContactRestoredSchema = z.object({ clientId: EntityIdSchema, contactId: EntityIdSchema });
export type ClientContactRestored = z.infer<typeof ClientContactRestoredSchema>;
