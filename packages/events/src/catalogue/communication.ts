import { z } from 'zod';
import { CommunicationTypeSchema, EntityIdSchema } from '../shared';

/** Version 1: before e-mail was sent through a provider (no provider, message id or note). */
export const CommunicationRecordedV1Schema = z.object({
  communicationId: EntityIdSchema,
  type: CommunicationTypeSchema,
  subject: z.string().nullable(),
  content: z.string().nullable(),
  recipientType: z.enum(['candidate', 'client', 'contact', 'other']),
  recipientId: EntityIdSchema.nullable(),
  recipientAddress: z.string().nullable(),
  sentAt: z.string().nullable(),
  delivered: z.boolean(),
});

/**
 * A communication was recorded (stream `communication-<id>`). For an e-mail: which provider took
 * it (`outbox` = kept locally, not delivered), the provider's message id and what the UI should
 * say about it. v2 added `provider`, `providerMessageId` and `note` (null for older events).
 */
export const CommunicationRecordedSchema = CommunicationRecordedV1Schema.extend({
  provider: z.enum(['postmark', 'outbox']).nullable(),
  providerMessageId: z.string().nullable(),
  note: z.string().nullable(),
  /** the e-mail template it was written from (absent on older events and custom sends without one) */
  template: z.string().max(60).nullable().optional(),
  /** for a message to a client contact: the contact's client, so the client page lists it */
  clientId: EntityIdSchema.nullable().optional(),
  /** files sent with the message, by name (the content is not kept in the log) */
  attachments: z
    .array(z.object({ name: z.string().max(255), contentType: z.string().max(120).nullable().optional() }))
    .max(20)
    .optional(),
});
export type CommunicationRecorded = z.infer<typeof CommunicationRecordedSchema>;

/** v1 → v2: a communication recorded before providers existed names none. */
export const upcastCommunicationRecordedV1 = (data: unknown) => ({
  provider: null,
  providerMessageId: null,
  note: null,
  ...(data as object),
});
