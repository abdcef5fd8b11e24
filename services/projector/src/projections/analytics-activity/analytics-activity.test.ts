import { describe, expect, it } from 'vitest';
import { eventLog, project } from '../../../test/support/events';
import { candidateRegistered, noteAdded, stageChanged } from '../../../test/support/fixtures';
import { activityKey, analyticsActivityProjection } from './index';

const maria = { id: 'u2', name: 'Maria Chen' };
const tom = { id: 'u3', name: 'Tom Lee' };
const email = (communicationId: number, type: 'email' | 'call') =>
  ({
    type: 'CommunicationRecorded',
    data: {
      communicationId,
      type,
      subject: 'Hello',
      content: 'Hi',
      recipientType: 'candidate',
      recipientId: 1,
      recipientAddress: 'a@example.com',
      sentAt: null,
      delivered: true,
      provider: 'outbox',
      providerMessageId: null,
      note: null,
    },
  }) as const;

describe('analytics_activity projection', () => {
  it('counts each user’s work per week (Monday, UTC) and job', () => {
    const at = eventLog();
    // 2025-03-03 is a Monday; 2025-03-09 (Sunday) is the same week, 2025-03-10 the next
    const { docs, get } = project(
      [analyticsActivityProjection],
      [
        at(candidateRegistered(), { actor: maria, occurredAt: '2025-03-03T09:00:00.000Z' }),
        at(candidateRegistered({ candidateId: 2, email: 'b@example.com' }), { actor: maria, occurredAt: '2025-03-09T23:59:00.000Z' }),
        at(noteAdded({ author: maria }), { actor: maria, occurredAt: '2025-03-04T10:00:00.000Z' }),
        at(email(1, 'email'), { actor: maria, occurredAt: '2025-03-05T10:00:00.000Z' }),
        at(email(2, 'call'), { actor: maria, occurredAt: '2025-03-05T11:00:00.000Z' }),
        at(stageChanged('applied', 'interview', { changedBy: maria }), { actor: maria, occurredAt: '2025-03-05T12:00:00.000Z' }),
        at(stageChanged('interview', 'placed', { changedBy: maria }), { actor: maria, occurredAt: '2025-03-10T12:00:00.000Z' }),
        at(stageChanged('applied', 'rejected', { applicationId: 2, jobId: 2, changedBy: tom }), {
          actor: tom,
          occurredAt: '2025-03-06T12:00:00.000Z',
        }),
      ],
    );
    expect(get('analytics_activity', activityKey('u2', '2025-03-03', null))).toMatchObject({
      name: 'Maria Chen',
      candidatesAdded: 2,
      notes: 1,
      emails: 1,
      stageMoves: 0,
    });
    expect(get('analytics_activity', activityKey('u2', '2025-03-03', 1))).toMatchObject({ stageMoves: 1, placements: 0 });
    expect(get('analytics_activity', activityKey('u2', '2025-03-10', 1))).toMatchObject({ stageMoves: 1, placements: 1 });
    expect(get('analytics_activity', activityKey('u3', '2025-03-03', 2))).toMatchObject({ stageMoves: 1, placements: 0 });
    expect(docs('analytics_activity')).toHaveLength(4);
  });
});
