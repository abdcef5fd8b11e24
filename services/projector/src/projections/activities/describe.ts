// The feed's wording: what one line says about an event (the activities projection writes it).
import { STAGE_LABELS, type Activity } from '@ats/contracts';
import type { ProjectedEvent, ProjectionContext } from '../../projection';
import { DELETED_RECORDS, deletedRecordId, type DeletedRecordDoc } from '../deleted-records';
import { ACTIVITY_LOOKUP, lookupKey, type ActivityLookupDoc } from './lookup';
import { describeTaskActivity, isTaskFeedEvent } from './describe-tasks';

const INTERVIEW_STAGES = new Set(['phone_screen', 'interview', 'final_interview']);
const INTERVIEW_CHANGES = {
  InterviewRescheduled: 'was rescheduled',
  InterviewCancelled: 'was cancelled',
  InterviewReinstated: 'was put back on the schedule',
  InterviewCompleted: 'was completed',
  InterviewDetailsChanged: 'was updated',
} as const;

const names = (ctx: ProjectionContext) => ({
  candidate: (id: number) => ctx.lookup<ActivityLookupDoc>(ACTIVITY_LOOKUP, lookupKey.candidate(id))?.label ?? `Candidate #${id}`,
  job: (id: number) => ctx.lookup<ActivityLookupDoc>(ACTIVITY_LOOKUP, lookupKey.job(id)),
  client: (id: number) => ctx.lookup<ActivityLookupDoc>(ACTIVITY_LOOKUP, lookupKey.client(id))?.label ?? `Client #${id}`,
});

export type Entry = Pick<Activity, 'type' | 'description' | 'entityType' | 'entityId'>;

/** " by <name>" for a person's action; nothing for the system's own (bootstrap, id reservations). */
const byActor = (actor: { id: string; name: string }) => (actor.id === 'system' || !actor.name ? '' : ` by ${actor.name}`);

/** What the feed says about an event; null when the event is not worth a line. */
export function describeActivity(event: ProjectedEvent, ctx: ProjectionContext): Entry | null {
  if (isTaskFeedEvent(event)) return describeTaskActivity(event, ctx);
  const n = names(ctx);
  const jobTitle = (id: number) => n.job(id)?.label ?? `Job #${id}`;
  switch (event.type) {
    case 'CandidateRegistered': {
      const d = event.data;
      return {
        type: 'candidate',
        description: `${d.firstName} ${d.lastName} was added as a candidate${byActor(event.metadata.actor)}`,
        entityType: 'candidate',
        entityId: d.candidateId,
      };
    }
    case 'CandidateDeleted':
      return {
        type: 'candidate',
        description: `${n.candidate(event.data.candidateId)} was removed from candidates`,
        entityType: 'candidate',
        entityId: event.data.candidateId,
      };
    case 'NoteAdded': {
      const d = event.data;
      return {
        type: 'note',
        description: `${d.author.name} added a note on ${n.candidate(d.candidateId)}`,
        entityType: 'candidate',
        entityId: d.candidateId,
      };
    }
    case 'ClientCreated':
      return { type: 'client', description: `New client: ${event.data.companyName}`, entityType: 'client', entityId: event.data.clientId };
    case 'ClientContactAdded': {
      const d = event.data;
      const role = d.isPrimary ? 'the primary contact' : 'a contact';
      return {
        type: 'client',
        description: `${d.name} was added as ${role} at ${n.client(d.clientId)}`,
        entityType: 'client',
        entityId: d.clientId,
      };
    }
    case 'JobCreated': {
      const d = event.data;
      const at = d.clientId === null ? '' : ` at ${n.client(d.clientId)}`;
      return { type: 'job', description: `New job order: ${d.title}${at}`, entityType: 'job', entityId: d.jobId };
    }
    case 'ApplicationCreated': {
      const d = event.data;
      return {
        type: 'candidate',
        description: `${n.candidate(d.candidateId)} was attached to ${jobTitle(d.jobId)}${byActor(event.metadata.actor)}`,
        entityType: 'application',
        entityId: d.applicationId,
      };
    }
    case 'ApplicationStageChanged': {
      const d = event.data;
      const candidate = n.candidate(d.candidateId);
      if (d.toStage === 'placed') {
        const job = n.job(d.jobId);
        const at = job?.companyName ? ` at ${job.companyName}` : '';
        return {
          type: 'placement',
          description: `${candidate} was placed as ${jobTitle(d.jobId)}${at}${byActor(d.changedBy)}`,
          entityType: 'application',
          entityId: d.applicationId,
        };
      }
      const label = STAGE_LABELS[d.toStage] ?? d.toStage;
      return {
        type: INTERVIEW_STAGES.has(d.toStage) ? 'interview' : 'candidate',
        description: `${d.changedBy.name} moved ${candidate} to ${label}`,
        entityType: 'application',
        entityId: d.applicationId,
      };
    }
    case 'CandidateUpdated': {
      // only a status change is news for the feed
      const status = event.data.changes.status;
      if (status === undefined) return null;
      return {
        type: status === 'placed' ? 'placement' : 'candidate',
        description: `${n.candidate(event.data.candidateId)} is now ${status}`,
        entityType: 'candidate',
        entityId: event.data.candidateId,
      };
    }
    case 'ClientDeleted':
      return {
        type: 'client',
        description: `${n.client(event.data.clientId)} was removed from clients`,
        entityType: 'client',
        entityId: event.data.clientId,
      };
    case 'JobUpdated': {
      const status = event.data.changes.status;
      if (status === undefined) return null;
      const label = status === 'offer_extended' ? 'Offer Extended' : status[0]!.toUpperCase() + status.slice(1);
      return { type: 'job', description: `${jobTitle(event.data.jobId)} is now ${label}`, entityType: 'job', entityId: event.data.jobId };
    }
    case 'JobDeleted':
      return {
        type: 'job',
        description: `Job order ${jobTitle(event.data.jobId)} was removed`,
        entityType: 'job',
        entityId: event.data.jobId,
      };
    case 'ApplicationDetached': {
      const d = event.data;
      return {
        type: 'candidate',
        description: `${n.candidate(d.candidateId)} was detached from ${jobTitle(d.jobId)}`,
        entityType: 'application',
        entityId: d.applicationId,
      };
    }
    case 'ApplicationRestored': {
      const d = event.data;
      return {
        type: 'candidate',
        description: `${n.candidate(d.candidateId)} was attached to ${jobTitle(d.jobId)} again`,
        entityType: 'application',
        entityId: d.applicationId,
      };
    }
    case 'InterviewScheduled': {
      const d = event.data;
      const forJob = d.jobId === null ? '' : ` for ${jobTitle(d.jobId)}`;
      return {
        type: 'interview',
        description: `Interview scheduled with ${n.candidate(d.candidateId)}${forJob}`,
        entityType: 'interview',
        entityId: d.interviewId,
      };
    }
    case 'InterviewRescheduled':
    case 'InterviewCancelled':
    case 'InterviewReinstated':
    case 'InterviewCompleted':
    case 'InterviewDetailsChanged': {
      const d = event.data;
      const withWhom = d.candidateId === undefined ? `Interview #${d.interviewId}` : `Interview with ${n.candidate(d.candidateId)}`;
      const what = INTERVIEW_CHANGES[event.type];
      const rated = event.type === 'InterviewCompleted' ? ` (rated ${event.data.rating}/5)` : '';
      return {
        type: 'interview',
        description: `${withWhom} ${what}${byActor(event.metadata.actor)}${rated}`,
        entityType: 'interview',
        entityId: d.interviewId,
      };
    }
    case 'LinkedinJobPosted':
      return {
        type: 'job',
        description: `${jobTitle(event.data.jobId)} was posted on LinkedIn`,
        entityType: 'job',
        entityId: event.data.jobId,
      };
    case 'CandidateResumeUploaded': {
      const d = event.data;
      return {
        type: 'candidate',
        description: `${event.metadata.actor.name} uploaded a resume for ${n.candidate(d.candidateId)}`,
        entityType: 'candidate',
        entityId: d.candidateId,
      };
    }
    case 'CommunicationRecorded': {
      const d = event.data;
      if (d.type !== 'email') return null;
      const about = d.subject ? `: ${d.subject}` : '';
      if (d.recipientType === 'candidate' && d.recipientId !== null) {
        return {
          type: 'candidate',
          description: `${event.metadata.actor.name} e-mailed ${n.candidate(d.recipientId)}${about}`,
          entityType: 'candidate',
          entityId: d.recipientId,
        };
      }
      return {
        type: 'note',
        description: `${event.metadata.actor.name} e-mailed ${d.recipientAddress ?? 'a contact'}${about}`,
        entityType: 'communication',
        entityId: d.communicationId,
      };
    }
    default:
      return describeRestore(event, ctx);
  }
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** Undo lines name who brought what back; a status that followed a placement says why. */
function describeRestore(event: ProjectedEvent, ctx: ProjectionContext): Entry | null {
  const n = names(ctx);
  const who = event.metadata.actor.name;
  const snapshot = (kind: 'client' | 'contact', id: number) =>
    ctx.lookup<DeletedRecordDoc>(DELETED_RECORDS, deletedRecordId(kind, id))?.snapshot ?? null;
  switch (event.type) {
    case 'CandidateRestored':
      return {
        type: 'candidate',
        description: `${who} restored ${n.candidate(event.data.candidateId)}`,
        entityType: 'candidate',
        entityId: event.data.candidateId,
      };
    case 'ClientRestored': {
      const contacts = snapshot('client', event.data.clientId)?.['contacts'];
      const count = Array.isArray(contacts) ? contacts.length : 0;
      const withContacts = count > 0 ? ` and its ${plural(count, 'contact')}` : '';
      return {
        type: 'client',
        description: `${who} restored ${n.client(event.data.clientId)}${withContacts}`,
        entityType: 'client',
        entityId: event.data.clientId,
      };
    }
    case 'JobRestored':
      return {
        type: 'job',
        description: `${who} restored job order ${n.job(event.data.jobId)?.label ?? `Job #${event.data.jobId}`}`,
        entityType: 'job',
        entityId: event.data.jobId,
      };
    case 'ClientContactRestored': {
      const name = snapshot('contact', event.data.contactId)?.['name'];
      return {
        type: 'client',
        description: `${who} restored ${typeof name === 'string' ? name : 'a contact'} at ${n.client(event.data.clientId)}`,
        entityType: 'client',
        entityId: event.data.clientId,
      };
    }
    case 'CandidateStatusFollowedPlacement': {
      // reaching Placed has its own placement line; the way back says why the status changed
      if (event.data.status === 'placed') return null;
      return {
        type: 'candidate',
        description: `${n.candidate(event.data.candidateId)} is ${event.data.status} again: the placement was undone`,
        entityType: 'candidate',
        entityId: event.data.candidateId,
      };
    }
    default:
      return null;
  }
}
