import { z } from 'zod';
import { ALL_ROLES, WRITER_ROLES, defineContract } from '../contract';
import { IdParamSchema, whenMissing, tooLongMessage } from '../fields';

export const EMAIL_TEMPLATE_NAMES = [
  'candidate_outreach',
  'interview_schedule',
  'client_update',
  'follow_up',
  'custom',
  'candidate_submittal',
] as const;

/** Send Email form (SPEC §5). */
export const SendCandidateEmailBodySchema = z.object({
  template: z.enum(EMAIL_TEMPLATE_NAMES).default('candidate_outreach'),
  jobId: z.number().int().positive().optional().nullable(),
  customData: z.object({
    subject: z
      .string({ error: whenMissing('Subject is required') })
      .trim()
      .min(1, 'Subject is required')
      .max(300, tooLongMessage(300)),
    message: z
      .string({ error: whenMissing('Message is required') })
      .trim()
      .min(1, 'Message is required')
      .max(20_000, tooLongMessage(20_000)),
  }),
});
/** E-mail a client's contact person: the same form as a candidate's (template, job, subject, notes). */
export const SendContactEmailBodySchema = SendCandidateEmailBodySchema.extend({
  template: z.enum(EMAIL_TEMPLATE_NAMES).default('client_update'),
});
export const SendEmailBodySchema = z.object({
  to: z
    .string({ error: whenMissing('Recipient is required') })
    .trim()
    .min(1, 'Recipient is required')
    .max(320, tooLongMessage(320))
    .email('Valid email is required'),
  subject: z
    .string({ error: whenMissing('Subject is required') })
    .trim()
    .min(1, 'Subject is required')
    .max(300, tooLongMessage(300)),
  html: z.string().max(100_000).optional(),
  text: z
    .string({ error: whenMissing('Message is required') })
    .trim()
    .min(1, 'Message is required')
    .max(50_000, tooLongMessage(50_000)),
  candidateId: z.number().int().positive().optional(),
});
export const EmailResultSchema = z.object({
  delivered: z.boolean(),
  provider: z.enum(['postmark', 'outbox']),
  messageId: z.string().nullable(),
  note: z.string(),
  communicationId: z.number().nullable(),
  position: z.number(),
});
export const EmailTestSchema = z.object({
  connected: z.boolean(),
  message: z.string(),
  /** the agency named in sign-offs under the sender's name (EMAIL_FROM_NAME; absent: none), so a preview shows the message as it is sent */
  senderTeam: z.string().optional(),
});

export const emailContracts = {
  sendCandidateEmail: defineContract({
    name: 'sendCandidateEmail',
    method: 'POST',
    path: '/api/candidates/:id/email',
    params: IdParamSchema,
    body: SendCandidateEmailBodySchema,
    response: EmailResultSchema,
    status: 200,
    roles: WRITER_ROLES,
    summary: "E-mail a candidate from a template; recorded on the candidate's Communications",
  }),
  sendContactEmail: defineContract({
    name: 'sendContactEmail',
    method: 'POST',
    path: '/api/client-contacts/:id/email',
    params: IdParamSchema,
    body: SendContactEmailBodySchema,
    response: EmailResultSchema,
    status: 200,
    roles: WRITER_ROLES,
    summary: "E-mail a client's contact person from a template; recorded on the client's E-mails and in the hub",
  }),
  sendEmail: defineContract({
    name: 'sendEmail',
    method: 'POST',
    path: '/api/email/send',
    body: SendEmailBodySchema,
    response: EmailResultSchema,
    status: 200,
    roles: WRITER_ROLES,
    summary: 'Send a custom e-mail; recorded as a communication (on the candidate when one is named or matches the address)',
  }),
  testEmail: defineContract({
    name: 'testEmail',
    method: 'GET',
    path: '/api/email/test',
    response: EmailTestSchema,
    status: 200,
    roles: ALL_ROLES,
    summary: 'Whether an e-mail provider is configured and reachable',
  }),
};
