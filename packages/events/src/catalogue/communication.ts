import { z } from 'zod';
import { CommunicationTypeSchema, EntityIdSchema } from '../shared';

/** A communication was recorded (stream `communication-<id>`); sending is the e-mail port's job. */
export const CommunicationRecordedSchema = z.object({
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
export type CommunicationRecorded = z.infer<typeof CommunicationRecordedSchema>;
