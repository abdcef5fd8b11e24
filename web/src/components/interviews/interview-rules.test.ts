import { describe, expect, it } from 'vitest';
import type { InterviewDetail } from '@ats/contracts';
import { WhenSchema, conflictParams, interviewActions, orderInterviews } from './interview-rules';

const interview = (id: number, status: InterviewDetail['status'], endsAt: string) => ({ id, status, endsAt }) as InterviewDetail;

describe('interview rules in the web app', () => {
  it('offers the actions the server allows in each state', () => {
    expect(interviewActions('scheduled')).toEqual(['reschedule', 'complete', 'edit', 'cancel']);
    expect(interviewActions('completed')).toEqual(['edit']);
    expect(interviewActions('cancelled')).toEqual([]);
  });
  it('lists upcoming scheduled interviews first, soonest first, then the rest, latest first', () => {
    const now = new Date('2026-11-24T12:00:00Z');
    const list = [
      interview(1, 'completed', '2026-11-20T10:00:00Z'),
      interview(2, 'scheduled', '2026-11-23T10:00:00Z'),
      interview(3, 'cancelled', '2026-11-25T10:00:00Z'),
      interview(4, 'scheduled', '2026-11-25T11:00:00Z'),
      interview(5, 'scheduled', '2026-11-26T11:00:00Z'),
    ];
    expect(orderInterviews(list, now).map((i) => i.id)).toEqual([4, 5, 3, 2, 1]);
  });
  it('asks about the people in the form, and nothing while the time or duration is not valid', () => {
    const when = '2026-11-24T10:00';
    expect(
      conflictParams({
        when,
        duration: '45',
        candidateId: 3,
        interviewers: [
          { userId: 'u1', name: 'Alex Chen' },
          { userId: null, name: 'Dana Board' },
        ],
        excludeId: 9,
      }),
    ).toEqual({
      scheduledAt: new Date(when).toISOString(),
      duration: 45,
      candidateId: 3,
      interviewerIds: ['u1'],
      interviewerNames: ['Dana Board'],
      excludeId: 9,
    });
    expect(conflictParams({ when: '', duration: '45', interviewers: [] })).toBeNull();
    expect(conflictParams({ when, duration: '2', interviewers: [] })).toBeNull();
  });
});

describe('the interview form’s time (sweep four)', () => {
  const messageOf = (when: string) => WhenSchema.safeParse(when).error?.issues[0]?.message ?? null;
  it('says a time is required, that a five-digit or far year is out of range, and takes a time in range', () => {
    expect(messageOf('')).toBe('Interview time is required');
    expect(messageOf('20266-11-30T10:00')).toBe('Pick a date between the years 1900 and 2199');
    expect(messageOf('0001-11-30T10:00')).toBe('Pick a date between the years 1900 and 2199');
    expect(messageOf('2026-11-30T10:00')).toBeNull();
  });
});
