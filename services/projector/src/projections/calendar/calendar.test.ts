import { describe, expect, it } from 'vitest';
import { calendarFeedsProjection, interviewInvitationsProjection } from '.';

const meta = (at: string) => ({
  actor: { id: 'u1', name: 'Rita Recruiter' },
  correlationId: 'c',
  causationId: null,
  occurredAt: at,
  schemaVersion: 1,
});
const ctx = { lookup: () => null };

describe('calendar_feeds', () => {
  it('keeps the version of the latest reset per user', () => {
    const event = { type: 'CalendarFeedTokenRotated', data: { userId: 'u1', version: 3 }, metadata: meta('2026-11-24T01:00:00Z') } as never;
    expect(calendarFeedsProjection.documentId(event)).toBe('u1');
    expect(calendarFeedsProjection.evolve({ id: 'u1', version: 2 }, event, ctx)).toEqual({
      id: 'u1',
      version: 3,
      rotatedAt: '2026-11-24T01:00:00Z',
    });
    expect(calendarFeedsProjection.notify).toBe(false);
  });
});

describe('interview_invitations', () => {
  const sent = (sequence: number, method: 'REQUEST' | 'CANCEL', at: string) =>
    ({
      type: 'InterviewInvitationSent',
      data: {
        interviewId: 7,
        candidateId: 3,
        communicationId: 10 + sequence,
        method,
        sequence,
        recipientAddress: 'jane@x.io',
        delivered: false,
      },
      metadata: meta(at),
    }) as never;

  it('given an invitation, when an update is sent, then it holds the last one and counts both', () => {
    const first = interviewInvitationsProjection.evolve(null, sent(0, 'REQUEST', '2026-11-24T01:00:00Z'), ctx);
    expect(first).toMatchObject({ id: 7, count: 1, method: 'REQUEST', sequence: 0 });
    const second = interviewInvitationsProjection.evolve(first, sent(1, 'CANCEL', '2026-11-24T02:00:00Z'), ctx);
    expect(second).toEqual({
      id: 7,
      candidateId: 3,
      count: 2,
      method: 'CANCEL',
      sequence: 1,
      sentAt: '2026-11-24T02:00:00Z',
      sentBy: 'u1',
      recipientAddress: 'jane@x.io',
      delivered: false,
      communicationId: 11,
    });
    expect(interviewInvitationsProjection.refs?.(sent(0, 'REQUEST', 'x'))).toEqual({ candidateId: [3], interviewId: [7] });
  });
});
