import type { InvitationMethod } from '@ats/events';
import { defineProjection } from '../../projection';

/** A user's calendar-feed link version (the token is derived from it with the server's secret, never stored). */
export type CalendarFeedDoc = { id: string; version: number; rotatedAt: string };

export const calendarFeedsProjection = defineProjection<CalendarFeedDoc, 'CalendarFeedTokenRotated'>({
  name: 'calendar_feeds',
  collection: { name: 'calendar_feeds' },
  handles: ['CalendarFeedTokenRotated'],
  documentId: (event) => event.data.userId,
  evolve: (_doc, event) => ({ id: event.data.userId, version: event.data.version, rotatedAt: event.metadata.occurredAt }),
  // read by the feed route only; nobody's screen follows it
  notify: false,
});

/** The last calendar invitation sent for an interview: whether the candidate's calendar is current. */
export type InterviewInvitationDoc = {
  id: number;
  candidateId: number;
  count: number;
  method: InvitationMethod;
  sequence: number;
  sentAt: string;
  sentBy: string;
  recipientAddress: string;
  delivered: boolean;
  communicationId: number | null;
};

export const interviewInvitationsProjection = defineProjection<InterviewInvitationDoc, 'InterviewInvitationSent'>({
  name: 'interview_invitations',
  collection: { name: 'interview_invitations', indexes: ['candidateId'] },
  handles: ['InterviewInvitationSent'],
  documentId: (event) => event.data.interviewId,
  evolve: (doc, { data, metadata }) => ({
    id: data.interviewId,
    candidateId: data.candidateId,
    count: (doc?.count ?? 0) + 1,
    method: data.method,
    sequence: data.sequence,
    sentAt: metadata.occurredAt,
    sentBy: metadata.actor.id,
    recipientAddress: data.recipientAddress,
    delivered: data.delivered,
    communicationId: data.communicationId,
  }),
  refs: (event) => ({ candidateId: [event.data.candidateId], interviewId: [event.data.interviewId] }),
});
