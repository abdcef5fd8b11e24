import { STAGE_LABELS } from '@ats/contracts';
import type { NotificationKind } from '@ats/events';
import { defineProjection, type ProjectedEventOf, type ProjectionContext } from '../../projection';
import { NOTIFICATION_SUBJECTS, subjectId, type NotificationSubjectDoc } from './subjects';

export * from './subjects';
export * from './inboxes';

/**
 * What concerns whom (issue 12, the bell): one document per notifying event, id = the event id,
 * with the users it concerns in `recipients`:
 * - moves: a candidate's stage move on a job, to the owners and followers of the candidate and the job;
 * - notes: a note on a candidate, to its owner and followers;
 * - interviews: an interview scheduled, rescheduled or cancelled, to the owners and followers of the candidate and job;
 * - tasks: a task assigned to a user, to that user (someone else assigned it, or it has a due date).
 * Whoever made the change is never told about it. No recipient: no document. The change notice
 * goes to each recipient's private room (`refs.userId`).
 */
export type NotificationDoc = {
  id: string;
  recipients: string[];
  kind: NotificationKind;
  title: string;
  body: string | null;
  url: string;
  actor: { id: string; name: string };
  createdAt: string;
  dueAt: string | null;
};

const HANDLES = [
  'ApplicationStageChanged',
  'NoteAdded',
  'InterviewScheduled',
  'InterviewRescheduled',
  'InterviewCancelled',
  'TaskCreated',
  'TaskReassigned',
] as const;
type Handled = ProjectedEventOf<(typeof HANDLES)[number]>;

type Subjects = { candidateId?: number | null; jobId?: number | null };
const subjectsOf = (event: Handled): Subjects => {
  switch (event.type) {
    case 'ApplicationStageChanged':
      return { candidateId: event.data.candidateId, jobId: event.data.jobId };
    case 'NoteAdded':
      return { candidateId: event.data.candidateId };
    case 'InterviewScheduled':
      return { candidateId: event.data.candidateId, jobId: event.data.jobId };
    case 'InterviewRescheduled':
    case 'InterviewCancelled':
      return { candidateId: event.data.candidateId ?? null, jobId: event.data.jobId ?? null };
    case 'TaskCreated':
    case 'TaskReassigned':
      return {};
  }
};

function concerned(context: ProjectionContext, s: Subjects): string[] {
  const docs = [
    s.candidateId ? context.lookup<NotificationSubjectDoc>(NOTIFICATION_SUBJECTS, subjectId('candidate', s.candidateId)) : null,
    s.jobId ? context.lookup<NotificationSubjectDoc>(NOTIFICATION_SUBJECTS, subjectId('job', s.jobId)) : null,
  ];
  // a deleted record concerns nobody until it is restored
  return docs.flatMap((d) => (d && !d.deletedAt ? [...(d.owner ? [d.owner] : []), ...d.followers] : []));
}

type NameDoc = { id: number; firstName?: string; lastName?: string; title?: string };
const candidateName = (context: ProjectionContext, id: number) => {
  const c = context.lookup<NameDoc>('candidates', id);
  return c ? `${c.firstName ?? ''} ${c.lastName ?? ''}`.trim() || `Candidate ${id}` : `Candidate ${id}`;
};
const jobTitle = (context: ProjectionContext, id: number | null) => (id ? (context.lookup<NameDoc>('jobs', id)?.title ?? null) : null);
const clip = (text: string, max = 140) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

export const notificationsProjection = defineProjection<NotificationDoc, (typeof HANDLES)[number]>({
  name: 'notifications',
  collection: {
    name: 'notifications',
    indexes: ['createdAt', 'kind'],
    sortIndexes: [
      {
        sort: [
          ['createdAt', 'desc'],
          ['id', 'desc'],
        ],
      },
    ],
  },
  handles: HANDLES,
  documentPerEvent: true,
  documentId: (event) => event.id,
  reads(event) {
    // a reassignment names the task: its title and due date come from the tasks read model
    if (event.type === 'TaskReassigned') return [{ collection: 'tasks', id: event.data.taskId }];
    const s = subjectsOf(event);
    return [
      ...(s.candidateId
        ? [
            { collection: NOTIFICATION_SUBJECTS, id: subjectId('candidate', s.candidateId) },
            { collection: 'candidates', id: s.candidateId },
          ]
        : []),
      ...(s.jobId
        ? [
            { collection: NOTIFICATION_SUBJECTS, id: subjectId('job', s.jobId) },
            { collection: 'jobs', id: s.jobId },
          ]
        : []),
    ];
  },
  evolve(_doc, event, context) {
    const actor = { id: event.metadata.actor.id, name: event.metadata.actor.name };
    const base = { id: event.id, actor, createdAt: event.metadata.occurredAt };
    let doc: Omit<NotificationDoc, 'id' | 'actor' | 'createdAt'>;
    switch (event.type) {
      case 'ApplicationStageChanged': {
        const d = event.data;
        doc = {
          recipients: concerned(context, d),
          kind: 'moves',
          title: `${candidateName(context, d.candidateId)} moved to ${STAGE_LABELS[d.toStage] ?? d.toStage}`,
          body: jobTitle(context, d.jobId),
          url: `/candidates/${d.candidateId}`,
          dueAt: null,
        };
        break;
      }
      case 'NoteAdded': {
        const d = event.data;
        doc = {
          recipients: concerned(context, d),
          kind: 'notes',
          title: `Note on ${candidateName(context, d.candidateId)}`,
          body: clip(d.content),
          url: `/candidates/${d.candidateId}`,
          dueAt: null,
        };
        break;
      }
      case 'InterviewScheduled': {
        const d = event.data;
        doc = {
          recipients: concerned(context, d),
          kind: 'interviews',
          title: `Interview with ${candidateName(context, d.candidateId)}`,
          body: jobTitle(context, d.jobId),
          url: `/candidates/${d.candidateId}`,
          dueAt: d.scheduledAt,
        };
        break;
      }
      case 'InterviewRescheduled':
      case 'InterviewCancelled': {
        const d = event.data;
        const moved = event.type === 'InterviewRescheduled';
        doc = {
          recipients: d.candidateId === undefined ? [] : concerned(context, d),
          kind: 'interviews',
          title: `Interview with ${d.candidateId === undefined ? `#${d.interviewId}` : candidateName(context, d.candidateId)} ${moved ? 'rescheduled' : 'cancelled'}`,
          body: event.type === 'InterviewCancelled' ? clip(event.data.reason) : jobTitle(context, d.jobId ?? null),
          url: d.candidateId === undefined ? '/' : `/candidates/${d.candidateId}`,
          dueAt: event.type === 'InterviewRescheduled' ? event.data.scheduledAt : null,
        };
        break;
      }
      case 'TaskCreated': {
        const d = event.data;
        const tell = d.assignedTo !== null && (d.assignedTo !== actor.id || d.dueDate !== null);
        const title = d.assignedTo !== actor.id ? `${actor.name} assigned you: ${d.title}` : d.title;
        doc = { recipients: tell ? [d.assignedTo!] : [], kind: 'tasks', title, body: null, url: '/tasks', dueAt: d.dueDate };
        break;
      }
      case 'TaskReassigned': {
        const task = context.lookup<{ id: number; title: string; dueDate: string | null }>('tasks', event.data.taskId);
        const title = `${actor.name} assigned you: ${task?.title ?? `Task ${event.data.taskId}`}`;
        doc = {
          recipients: event.data.to ? [event.data.to] : [],
          kind: 'tasks',
          title,
          body: null,
          url: '/tasks',
          dueAt: task?.dueDate ?? null,
        };
        break;
      }
    }
    // whoever made the change is not told about it (a task with a due date is a reminder: kept)
    const recipients = [...new Set(doc.recipients)].filter((u) => u !== actor.id || (event.type === 'TaskCreated' && doc.dueAt !== null));
    return recipients.length > 0 ? { ...base, ...doc, recipients } : null;
  },
  refs: (_event, doc) => ({ userId: doc?.recipients ?? [] }),
});
