import { z } from 'zod';
import { InterviewStatusSchema, InterviewTypeSchema, InvitationMethodSchema } from '@ats/events';
import { ALL_ROLES, WRITER_ROLES, defineContract } from '../contract';
import { IdParamSchema, optionalText } from '../fields';
import { CommandResultSchema } from '../models';
import { EmailResultSchema } from './email';

/** The MIME type of an invitation attachment and of the .ics download. */
export const ICS_CONTENT_TYPE = 'text/calendar; charset=utf-8';

/** Messages of the calendar integration (shown as they are). */
export const CALENDAR_MESSAGES = {
  candidateWithoutEmail: 'The candidate has no e-mail address: add one to send the invitation.',
  interviewNotFound: 'Interview not found',
  feedNotFound: 'Calendar feed not found',
} as const;

/** Send the candidate the interview's calendar invitation (an update or a cancellation when that is its state now). */
export const SendInterviewInvitationBodySchema = z
  .object({
    /** a personal note above the interview's details */
    message: optionalText(5000),
  })
  .default({ message: undefined });
export type SendInterviewInvitationBody = z.input<typeof SendInterviewInvitationBodySchema>;

export const InterviewInvitationResultSchema = EmailResultSchema.extend({
  method: InvitationMethodSchema,
  sequence: z.number(),
});
export type InterviewInvitationResult = z.infer<typeof InterviewInvitationResultSchema>;

/** Whether the candidate has the interview's current state in their calendar. */
export const InterviewInvitationStatusSchema = z.object({
  interviewId: z.number(),
  /** what sending now would send */
  next: z.object({ method: InvitationMethodSchema, sequence: z.number() }),
  /** the last invitation sent, or null */
  last: z
    .object({
      method: InvitationMethodSchema,
      sequence: z.number(),
      sentAt: z.string(),
      recipientAddress: z.string(),
      delivered: z.boolean(),
      communicationId: z.number().nullable(),
    })
    .nullable(),
  /** an invitation was sent and the interview changed since (or was cancelled): offer the update */
  updateDue: z.boolean(),
  candidateEmail: z.string().nullable(),
});
export type InterviewInvitationStatus = z.infer<typeof InterviewInvitationStatusSchema>;

/** The signed-in user's personal subscription feed. */
export const CalendarFeedSchema = z.object({
  /** https URL for Google Calendar / Outlook ("From URL") */
  url: z.string(),
  /** the same feed as a webcal:// link (Apple Calendar, Outlook desktop) */
  webcalUrl: z.string(),
  version: z.number(),
  rotatedAt: z.string().nullable(),
});
export type CalendarFeed = z.infer<typeof CalendarFeedSchema>;

export const CalendarFeedTokenParamSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{1,200}$/, 'Invalid input'),
});

/** One interview as a calendar view draws it: times, kind, state and the names on the chip (the detail is read on open). */
export const CalendarItemSchema = z.object({
  id: z.number(),
  scheduledAt: z.string(),
  endsAt: z.string(),
  duration: z.number(),
  type: InterviewTypeSchema,
  status: InterviewStatusSchema,
  /** the interview stream's revision: a drag sends it back as `baseRevision` */
  revision: z.number(),
  candidate: z.object({ id: z.number(), firstName: z.string(), lastName: z.string() }),
  job: z.object({ id: z.number(), title: z.string() }).nullable(),
  client: z.object({ id: z.number(), companyName: z.string() }).nullable(),
});
export type CalendarItem = z.infer<typeof CalendarItemSchema>;

/** The longest range one calendar read covers (a month view is six weeks). */
export const CALENDAR_MAX_DAYS = 62;

export const CalendarQuerySchema = z
  .object({
    from: z.iso.datetime({ offset: true }),
    to: z.iso.datetime({ offset: true }),
    /** a user id: interviews they interview on or scheduled */
    person: z.string().trim().min(1).max(100).optional(),
    job: z.coerce.number().int().positive().optional(),
    client: z.coerce.number().int().positive().optional(),
  })
  .refine((q) => Date.parse(q.to) > Date.parse(q.from), { message: 'to must be after from', path: ['to'] })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= CALENDAR_MAX_DAYS * 86_400_000, {
    message: `At most ${CALENDAR_MAX_DAYS} days`,
    path: ['to'],
  });
export type CalendarQuery = z.input<typeof CalendarQuerySchema>;

export const CalendarItemsSchema = z.object({
  items: z.array(CalendarItemSchema),
  /** more interviews matched than one view shows (5,000) */
  truncated: z.boolean(),
});
export type CalendarItems = z.infer<typeof CalendarItemsSchema>;

export const calendarContracts = {
  calendarInterviews: defineContract({
    name: 'calendarInterviews',
    method: 'GET',
    path: '/api/calendar/interviews',
    query: CalendarQuerySchema,
    response: CalendarItemsSchema,
    status: 200,
    roles: ALL_ROLES,
    summary:
      'The interviews a calendar view shows (overlapping [from, to), at most 62 days), lean: times, state and names; filtered by a person (interviewer or organiser), a job or a client',
  }),
  interviewIcs: defineContract({
    name: 'interviewIcs',
    method: 'GET',
    path: '/api/interviews/:id/ics',
    params: IdParamSchema,
    response: z.string(),
    status: 200,
    roles: ALL_ROLES,
    summary: 'The interview as an iCalendar file (text/calendar, RFC 5545) to add to a calendar',
  }),
  getInterviewInvitation: defineContract({
    name: 'getInterviewInvitation',
    method: 'GET',
    path: '/api/interviews/:id/invitation',
    params: IdParamSchema,
    response: InterviewInvitationStatusSchema,
    status: 200,
    roles: ALL_ROLES,
    summary: "Whether the candidate was sent the interview's invitation and whether an update is due",
  }),
  sendInterviewInvitation: defineContract({
    name: 'sendInterviewInvitation',
    method: 'POST',
    path: '/api/interviews/:id/invitation',
    params: IdParamSchema,
    body: SendInterviewInvitationBodySchema,
    response: InterviewInvitationResultSchema,
    status: 200,
    roles: WRITER_ROLES,
    summary:
      "E-mail the candidate the interview's calendar invitation (.ics attached; METHOD:REQUEST, or METHOD:CANCEL when cancelled); recorded as a communication",
  }),
  getCalendarFeed: defineContract({
    name: 'getCalendarFeed',
    method: 'GET',
    path: '/api/calendar/feed',
    response: CalendarFeedSchema,
    status: 200,
    roles: ALL_ROLES,
    summary: "The signed-in user's personal calendar subscription URL (https and webcal)",
  }),
  rotateCalendarFeed: defineContract({
    name: 'rotateCalendarFeed',
    method: 'POST',
    path: '/api/calendar/feed/rotate',
    response: CommandResultSchema,
    status: 200,
    roles: ALL_ROLES,
    summary: "Reset the signed-in user's calendar feed link: the old URL stops working at once",
  }),
  calendarFeedIcs: defineContract({
    name: 'calendarFeedIcs',
    method: 'GET',
    path: '/api/calendar/feed/:token.ics',
    params: CalendarFeedTokenParamSchema,
    response: z.string(),
    status: 200,
    // the token in the URL is the secret: calendar apps subscribe without a session
    roles: [],
    summary:
      "A user's interviews (interviewer or organiser; 60 days back to a year ahead) as an iCalendar feed; the secret token is the credential",
  }),
};
