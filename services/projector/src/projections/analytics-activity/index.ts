import { weekOf, type ActivityCounts } from '@ats/contracts';
import { defineProjection, type ProjectedEventOf, type Refs } from '../../projection';

/**
 * Recruiter activity (issue 15): one document per user, week (Monday, UTC) and job (`-` for work
 * on no job: candidates added, notes, e-mails), so the screen filters by job and client and sums
 * weeks at read time. Each event counts once for the user who did it.
 */
export type AnalyticsActivityDoc = ActivityCounts & {
  id: string;
  userId: string;
  name: string;
  week: string;
  jobId: number | null;
};

export const ANALYTICS_ACTIVITY = 'analytics_activity';

const HANDLES = ['CandidateRegistered', 'NoteAdded', 'CommunicationRecorded', 'ApplicationStageChanged', 'InterviewScheduled'] as const;
type Handled = ProjectedEventOf<(typeof HANDLES)[number]>;

type Counted = { user: { id: string; name: string }; at: string; jobId: number | null; add: Partial<ActivityCounts> };

/** what the event counts, for whom, when; null = not activity (e.g. a call logged, not an e-mail) */
export function countedActivity(event: Handled): Counted | null {
  const actor = event.metadata.actor;
  const at = event.metadata.occurredAt;
  switch (event.type) {
    case 'CandidateRegistered':
      return { user: actor, at, jobId: null, add: { candidatesAdded: 1 } };
    case 'NoteAdded':
      return { user: event.data.author, at, jobId: null, add: { notes: 1 } };
    case 'CommunicationRecorded':
      return event.data.type === 'email' ? { user: actor, at, jobId: null, add: { emails: 1 } } : null;
    case 'ApplicationStageChanged': {
      const d = event.data;
      return { user: d.changedBy, at, jobId: d.jobId, add: d.toStage === 'placed' ? { stageMoves: 1, placements: 1 } : { stageMoves: 1 } };
    }
    case 'InterviewScheduled':
      return { user: actor, at, jobId: event.data.jobId, add: { interviews: 1 } };
  }
}

export const activityKey = (userId: string, week: string, jobId: number | null) => `${userId}|${week}|${jobId ?? '-'}`;

const ZERO: ActivityCounts = { candidatesAdded: 0, notes: 0, emails: 0, stageMoves: 0, interviews: 0, placements: 0 };

export const analyticsActivityProjection = defineProjection<AnalyticsActivityDoc, (typeof HANDLES)[number]>({
  name: ANALYTICS_ACTIVITY,
  collection: { name: ANALYTICS_ACTIVITY, indexes: ['week', 'userId', 'jobId'] },
  handles: HANDLES,
  documentId(event) {
    const counted = countedActivity(event);
    return counted ? activityKey(counted.user.id, weekOf(counted.at), counted.jobId) : null;
  },
  evolve(doc, event) {
    const counted = countedActivity(event);
    if (!counted) return doc;
    const week = weekOf(counted.at);
    const next: AnalyticsActivityDoc = doc
      ? { ...doc, name: counted.user.name }
      : {
          id: activityKey(counted.user.id, week, counted.jobId),
          userId: counted.user.id,
          name: counted.user.name,
          week,
          jobId: counted.jobId,
          ...ZERO,
        };
    for (const [key, n] of Object.entries(counted.add) as Array<[keyof ActivityCounts, number]>) next[key] += n;
    return next;
  },
  refs: (event): Refs => {
    const counted = countedActivity(event);
    return counted?.jobId ? { jobId: [counted.jobId] } : {};
  },
});
