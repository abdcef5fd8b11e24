import { defineProjection, type ProjectedEventOf } from '../../projection';

/**
 * Who a candidate or job concerns, for the notifications: its owner (the user who created it)
 * and its followers. Internal: the notifications projection reads it; no screen shows it.
 * Ids: `candidate-<id>`, `job-<id>`.
 *
 * A delete marks the record `deletedAt` (it concerns nobody meanwhile) but keeps its owner and
 * followers, so the Undo (`CandidateRestored`, `JobRestored`) brings them back with it.
 */
export type NotificationSubjectDoc = {
  id: string;
  kind: 'candidate' | 'job';
  recordId: number;
  owner: string | null;
  followers: string[];
  /** set while the record is deleted; absent or null when it is live */
  deletedAt?: string | null;
};

const HANDLES = [
  'CandidateRegistered',
  'JobCreated',
  'RecordFollowed',
  'RecordUnfollowed',
  'CandidateDeleted',
  'JobDeleted',
  'CandidateRestored',
  'JobRestored',
] as const;
type Handled = ProjectedEventOf<(typeof HANDLES)[number]>;

export const subjectId = (kind: 'candidate' | 'job', recordId: number) => `${kind}-${recordId}`;
export const NOTIFICATION_SUBJECTS = 'notification_subjects';

const keyOf = (event: Handled): { kind: 'candidate' | 'job'; recordId: number } => {
  switch (event.type) {
    case 'CandidateRegistered':
    case 'CandidateDeleted':
    case 'CandidateRestored':
      return { kind: 'candidate', recordId: event.data.candidateId };
    case 'JobCreated':
    case 'JobDeleted':
    case 'JobRestored':
      return { kind: 'job', recordId: event.data.jobId };
    case 'RecordFollowed':
    case 'RecordUnfollowed':
      return { kind: event.data.kind, recordId: event.data.recordId };
  }
};

export const notificationSubjectsProjection = defineProjection<NotificationSubjectDoc, (typeof HANDLES)[number]>({
  name: 'notification_subjects',
  // 2: deletes and restores (rebuilt from the log so records deleted earlier are marked)
  version: 2,
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
      case 'CandidateDeleted':
      case 'JobDeleted':
        return { ...base, deletedAt: event.metadata.occurredAt };
      case 'CandidateRestored':
      case 'JobRestored':
        // the owner and followers it had before the delete stand
        return { ...base, deletedAt: null };
    }
  },
  notify: false,
});
