import { z } from 'zod';
import { EntityIdSchema } from '../shared';

/**
 * A user's personal calendar-feed link was reset (stream `user-<id>`). The feed token is
 * HMAC(server secret, userId:version): the log holds only the version, never the secret, and a new
 * version makes the old link fail at once.
 */
export const CalendarFeedTokenRotatedSchema = z.object({
  userId: z.string(),
  version: z.number().int().positive(),
});
export type CalendarFeedTokenRotated = z.infer<typeof CalendarFeedTokenRotatedSchema>;

export const INVITATION_METHODS = ['REQUEST', 'CANCEL'] as const;
export const InvitationMethodSchema = z.enum(INVITATION_METHODS);
export type InvitationMethod = z.infer<typeof InvitationMethodSchema>;

/**
 * The candidate was sent the interview's calendar invitation (stream `interview-invitation-<id>`):
 * REQUEST for a new or changed interview, CANCEL for a cancelled one, at the interview's SEQUENCE
 * then. The e-mail itself is the communication `communicationId`.
 */
export const InterviewInvitationSentSchema = z.object({
  interviewId: EntityIdSchema,
  candidateId: EntityIdSchema,
  communicationId: EntityIdSchema.nullable(),
  method: InvitationMethodSchema,
  sequence: z.number().int().min(0),
  recipientAddress: z.string(),
  delivered: z.boolean(),
});
export type InterviewInvitationSent = z.infer<typeof InterviewInvitationSentSchema>;
