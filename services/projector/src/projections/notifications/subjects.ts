import { defineProjection, type ProjectedEventOf } from '../../projection';

/**
 * Who a candidate or job concerns, for the notifications: its owner (the user who created it)
 * and its followers. Internal: the notifications projection reads it; no screen shows it.
 * Ids: `candidate-<id>`, `job-<id>`.
 */
export type NotificationSubjectDoc = {
  id: string;
  kind: 'candidate' | 'job';
  recordId: number;
  owner: string | null;
  followers: string[];
};

const HANDLES = ['CandidateRegistered', 'JobCreated', 'RecordFollowed', 'RecordUnfollowed'] as const;
type Handled = ProjectedEventOf<(typeof HANDLES)[number]>;

export const subjectId = (kind: 'candidate' | 'job', recordId: number) => `${kind}-${recordId}`;
export const NOTIFICATION_SUBJECTS = 'notification_subjects';

const keyOf = (event: Handled): { kind: 'candidate' | 'job'; recordId: number } => {
  switch (event.type) {
    case 'CandidateRegistered':
      return { kind: 'candidate', recordId: event.data.candidateId };
    case 'JobCreated':
      return { kind: 'job', recordId: event.data.jobId };
    case 'RecordFollowed':
    case 'RecordUnfollowed':
      return { kind: event.data.kind, recordId: event.data.recordId };
  }
};

export const notificationSubjectsProjection = defineProjection<NotificationSubjectDoc, (typeof HANDLES)[number]>({
  name: 'notification_subjects',
  collection: { name: NOTIFICATION_SUBJECTS },
  handles: HANDLES,
  documentId(event) {
    const key = keyOf(event);
    return subjectId(key.kind, key.recordId);
  },
  evolve(doc, event) {
    const key = keyOf(event);
    const base: NotificationSubjectDoc = doc ?? { id: subjectId(key.kind, key.recordId), ...key, owner: null, followers: [] };
    switch (event.type) {
      case 'CandidateRegistered':
      case 'JobCreated':
        return { ...base, owner: event.metadata.actor.id };
      case 'RecordFollowed':
        return base.followers.includes(event.data.userId) ? base : { ...base, followers: [...base.followers, event.data.userId] };
      case 'RecordUnfollowed':
        return base.followers.includes(event.data.userId)
          ? { ...base, followers: base.followers.filter((u) => u !== event.data.userId) }
          : base;
    }
  },
  notify: false,
});
