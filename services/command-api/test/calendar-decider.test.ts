import { describe, it } from 'vitest';
import { calendarFeedDecider, invitationDecider } from '../src/domain/calendar/decider';
import { deciderSpec, testMetadata as meta } from './support/decider-spec';

describe('calendar feed link', () => {
  const spec = deciderSpec(calendarFeedDecider);
  const rotate = { type: 'RotateCalendarFeed' as const, data: { userId: 'u-ann' }, metadata: meta };

  describe('when a user who never reset it resets the link', () => {
    it('then version 2 replaces the first link (version 1)', () => {
      spec
        .given()
        .when(rotate)
        .then([{ type: 'CalendarFeedTokenRotated', data: { userId: 'u-ann', version: 2 } }]);
    });
  });
  describe('when it was reset before', () => {
    it('then the version goes one past the last', () => {
      spec
        .given(
          { type: 'CalendarFeedTokenRotated', data: { userId: 'u-ann', version: 2 } },
          { type: 'CalendarFeedTokenRotated', data: { userId: 'u-ann', version: 3 } },
        )
        .when(rotate)
        .then([{ type: 'CalendarFeedTokenRotated', data: { userId: 'u-ann', version: 4 } }]);
    });
  });
});

describe('interview invitations', () => {
  const spec = deciderSpec(invitationDecider);
  const sent = (sequence: number, method: 'REQUEST' | 'CANCEL') => ({
    interviewId: 7,
    candidateId: 3,
    communicationId: 20 + sequence,
    method,
    sequence,
    recipientAddress: 'jane@example.com',
    delivered: true,
  });
  describe('when an update is sent after the first invitation', () => {
    it('then it is recorded with its method and sequence', () => {
      spec
        .given({ type: 'InterviewInvitationSent', data: sent(0, 'REQUEST') })
        .when({ type: 'RecordInvitationSent', data: sent(1, 'CANCEL'), metadata: meta })
        .then([{ type: 'InterviewInvitationSent', data: sent(1, 'CANCEL') }]);
    });
  });
});
