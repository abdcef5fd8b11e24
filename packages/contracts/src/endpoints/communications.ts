import { z } from 'zod';
import { ALL_ROLES, defineContract } from '../contract';
import { IdParamSchema } from '../fields';
import { CommunicationSchema } from '../models';
import { EMAIL_TEMPLATE_NAMES } from './email';

/** The most messages one hub page returns. */
export const COMMUNICATIONS_MAX_PAGE = 100;
export const COMMUNICATIONS_DEFAULT_PAGE = 25;

/** Who a message went to, as the hub filters it: a candidate, a client's contact person, or an address only. */
export const RECIPIENT_KINDS = ['candidate', 'contact', 'other'] as const;
export type RecipientKind = (typeof RECIPIENT_KINDS)[number];

const booleanParam = z.enum(['true', 'false']).transform((v) => v === 'true');

/**
 * The communications hub (GET /api/communications): every e-mail sent or kept in the outbox,
 * newest first. `cursor` is the previous page's `nextCursor` (a log position), so messages
 * arriving while one reads never shift a page; `from`/`to` bound the time it was recorded (from
 * inclusive, to exclusive); `recipient` is a candidate or contact id (with `recipientKind`).
 */
export const CommunicationsQuerySchema = z
  .object({
    q: z.string().trim().max(200).optional(),
    template: z.enum(EMAIL_TEMPLATE_NAMES).optional(),
    sender: z.string().trim().min(1).max(200).optional(),
    recipientKind: z.enum(RECIPIENT_KINDS).optional(),
    recipient: z.coerce.number().int().positive().optional(),
    client: z.coerce.number().int().positive().optional(),
    from: z.iso.datetime({ offset: true }).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
    delivered: booleanParam.optional(),
    cursor: z.coerce.number().int().positive().optional(),
    limit: z.coerce.number().int().min(1).max(COMMUNICATIONS_MAX_PAGE).optional(),
  })
  .refine((q) => !q.from || !q.to || Date.parse(q.from) < Date.parse(q.to), {
    path: ['to'],
    message: 'The end of the range must be after its start',
  })
  .refine((q) => q.recipient === undefined || (q.recipientKind !== undefined && q.recipientKind !== 'other'), {
    path: ['recipientKind'],
    message: 'A recipient is a candidate or a contact: name which',
  });
export type CommunicationsQuery = z.output<typeof CommunicationsQuerySchema>;

/** A message as the hub shows it: the record with the names joined at read time. */
export const CommunicationListItemSchema = CommunicationSchema.extend({
  /** the candidate's or contact's name now; null for an address only (or a deleted record) */
  recipientName: z.string().nullable(),
  /** for a contact: the client's company name */
  clientName: z.string().nullable(),
  senderName: z.string(),
});
export type CommunicationListItem = z.infer<typeof CommunicationListItemSchema>;

export const CommunicationsPageSchema = z.object({
  items: z.array(CommunicationListItemSchema),
  /** pass as `cursor` for the next (older) page; null on the last page */
  nextCursor: z.number().int().nullable(),
});
export type CommunicationsPage = z.infer<typeof CommunicationsPageSchema>;

export const CommunicationSenderSchema = z.object({ id: z.string(), name: z.string() });
export type CommunicationSender = z.infer<typeof CommunicationSenderSchema>;

export const communicationContracts = {
  listCommunications: defineContract({
    name: 'listCommunications',
    method: 'GET',
    path: '/api/communications',
    query: CommunicationsQuerySchema,
    response: CommunicationsPageSchema,
    status: 200,
    roles: ALL_ROLES,
    summary:
      'Every e-mail sent or kept in the outbox, newest first, a cursor page at a time; searchable and filtered by template, sender, recipient, client, date range and delivery',
  }),
  communicationSenders: defineContract({
    name: 'communicationSenders',
    method: 'GET',
    path: '/api/communications/senders',
    response: z.array(CommunicationSenderSchema),
    status: 200,
    roles: ALL_ROLES,
    summary: 'Who has sent e-mails (id and name), for the hub sender filter',
  }),
  getCommunication: defineContract({
    name: 'getCommunication',
    method: 'GET',
    path: '/api/communications/:id',
    params: IdParamSchema,
    response: CommunicationListItemSchema,
    status: 200,
    roles: ALL_ROLES,
    summary: 'One e-mail, whole, with its recipient, sender and delivery',
  }),
};
