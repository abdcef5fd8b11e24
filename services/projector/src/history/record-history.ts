import { STAGE_LABELS, type HistoryEntry, type HistoryLink, type RecordKind } from '@ats/contracts';
import type { Doc } from '../ports';
import { formatFieldValue } from './field-changes';
import type { ProjectedEvent, Projection } from '../projection';
import { applicationsProjection } from '../projections/applications';
import { candidatesProjection } from '../projections/candidates';
import { clientsProjection } from '../projections/clients';
import { deletedRecordsProjection } from '../projections/deleted-records';
import { jobsProjection } from '../projections/jobs';
import { relatedRecords, type RelatedRecords } from '../projections/record-events';
import { fieldChanges, type ValueResolver } from './field-changes';
import { createFold } from './fold';

/**
 * The projections whose documents are records with a History (and their restore snapshots), in the
 * runner's order: folding a record's events through them gives its state after every event.
 */
export const RECORD_PROJECTIONS: readonly Projection[] = [
  deletedRecordsProjection,
  candidatesProjection,
  clientsProjection,
  jobsProjection,
  applicationsProjection,
];

/** The event types that change each kind of record (its projection's, and its delete snapshot's). */
export const RECORD_EVENT_TYPES: Record<RecordKind, readonly string[]> = {
  candidate: [...candidatesProjection.handles, ...deletedRecordsProjection.handles],
  client: [...clientsProjection.handles, ...deletedRecordsProjection.handles],
  job: [...jobsProjection.handles, ...deletedRecordsProjection.handles],
  application: applicationsProjection.handles,
};

export const RECORD_COLLECTIONS: Record<RecordKind, string> = {
  candidate: 'candidates',
  client: 'clients',
  job: 'jobs',
  application: 'applications',
};
const KIND_OF_FIELD: Record<keyof RelatedRecords, RecordKind> = {
  candidateId: 'candidate',
  clientId: 'client',
  jobId: 'job',
  applicationId: 'application',
};
const FIELD_OF_KIND: Record<RecordKind, keyof RelatedRecords> = {
  candidate: 'candidateId',
  client: 'clientId',
  job: 'jobId',
  application: 'applicationId',
};

/** Names of records, for summaries and links ("Jane Doe", "CFO at Acme"); null = unknown. */
export type RecordNames = (kind: RecordKind, id: number) => string | null;

const quote = (text: string | null | undefined, max = 80) => {
  const t = (text ?? '').replace(/\s+/g, ' ').trim();
  return t.length > max ? `“${t.slice(0, max - 1)}…”` : `“${t}”`;
};
const stage = (s: string) => STAGE_LABELS[s] ?? s;
const day = (iso: string) => iso.slice(0, 10);

/** One line about an event, from its data and the names of the records it names. */
export function summarize(event: ProjectedEvent, name: RecordNames): string {
  const cand = (id: number) => name('candidate', id) ?? `candidate #${id}`;
  const job = (id: number) => name('job', id) ?? `job #${id}`;
  switch (event.type) {
    case 'CandidateRegistered':
      return `Created the candidate ${event.data.firstName} ${event.data.lastName}`;
    case 'CandidateUpdated':
      return 'Edited the candidate';
    case 'CandidateDeleted':
      return 'Deleted the candidate';
    case 'CandidateRestored':
      return 'Restored the candidate';
    case 'CandidateResumeUploaded':
      return `Uploaded a resume (${event.data.blob.fileName})`;
    case 'CandidateStatusFollowedPlacement':
      return `Status followed the placement: ${formatFieldValue('status', event.data.previousStatus)} → ${formatFieldValue('status', event.data.status)}`;
    case 'CandidatesMerged':
      return `Merged ${cand(event.data.absorbedId)} into ${cand(event.data.survivorId)}`;
    case 'CandidatesUnmerged':
      return `Undid the merge of ${cand(event.data.absorbedId)} into ${cand(event.data.survivorId)}`;
    case 'CandidateConsentRecorded':
      return `Recorded the lawful basis (${event.data.basis.replace(/_/g, ' ')}) and consent (${event.data.state.replace(/_/g, ' ')}) from ${quote(event.data.source, 40)}`;
    case 'CandidateRetentionExtended':
      return `Kept past the retention limit until ${day(event.data.until)}`;
    case 'CandidateAnonymised':
      return `Anonymised the candidate: ${quote(event.data.reason)}`;
    case 'NoteAdded':
      return `Added a note: ${quote(event.data.content)}`;
    case 'CommunicationRecorded':
      return event.data.type === 'email'
        ? `Sent an e-mail: ${quote(event.data.subject)}`
        : `Logged a ${event.data.type}${event.data.subject ? `: ${quote(event.data.subject)}` : ''}`;
    case 'AiAnalysisRecorded':
      return `AI analysis (${event.data.analysisType.replace(/_/g, ' ')})${event.data.score !== null ? `: score ${event.data.score}` : ''}`;
    case 'ApplicationCreated':
      return `Attached ${cand(event.data.candidateId)} to ${job(event.data.jobId)}`;
    case 'ApplicationStageChanged':
      return `Moved ${cand(event.data.candidateId)} ${stage(event.data.fromStage)} → ${stage(event.data.toStage)} (${job(event.data.jobId)})`;
    case 'ApplicationDetached':
      return `Detached ${cand(event.data.candidateId)} from ${job(event.data.jobId)}`;
    case 'ApplicationRestored':
      return `Restored ${cand(event.data.candidateId)} on ${job(event.data.jobId)}`;
    case 'PlacementRecorded':
      return `Placement recorded: ${cand(event.data.candidateId)} at ${job(event.data.jobId)}`;
    case 'InterviewScheduled':
      return `Scheduled a ${event.data.type} interview on ${day(event.data.scheduledAt)}${event.data.jobId !== null ? ` (${job(event.data.jobId)})` : ''}`;
    case 'InterviewRescheduled':
      return `Rescheduled an interview to ${day(event.data.scheduledAt)}${event.data.reason ? `: ${quote(event.data.reason)}` : ''}`;
    case 'InterviewCancelled':
      return `Cancelled an interview: ${quote(event.data.reason)}`;
    case 'InterviewReinstated':
      return 'Reinstated an interview';
    case 'InterviewCompleted':
      return `Completed an interview (rating ${event.data.rating}/5)`;
    case 'InterviewDetailsChanged':
      return 'Edited an interview';
    case 'InterviewInvitationSent':
      return `Sent an interview invitation to ${event.data.recipientAddress}`;
    case 'TaskCreated':
      return `Created the task ${quote(event.data.title)}`;
    case 'ClientCreated':
      return `Created the client ${event.data.companyName}`;
    case 'ClientUpdated':
      return 'Edited the client';
    case 'ClientDeleted':
      return 'Deleted the client';
    case 'ClientRestored':
      return 'Restored the client';
    case 'ClientContactAdded':
      return `Added the contact ${event.data.name}`;
    case 'ClientContactDeleted':
      return 'Deleted a contact';
    case 'ClientContactRestored':
      return 'Restored a contact';
    case 'JobCreated':
      return `Created the job order ${event.data.title}`;
    case 'JobUpdated':
      return 'Edited the job order';
    case 'JobDeleted':
      return 'Deleted the job order';
    case 'JobRestored':
      return 'Restored the job order';
    case 'LinkedinJobPosted':
      return 'Posted the job to LinkedIn';
    case 'RecordsAccessed': {
      const verbs = { read: 'Viewed', download: 'Downloaded', export: 'Exported' } as const;
      const first = event.data.accesses[0]!;
      return `${verbs[first.kind]} by ${[...new Set(event.data.accesses.map((a) => a.userName))].join(', ')}`;
    }
    default:
      return event.type.replace(/([a-z])([A-Z])/g, '$1 $2');
  }
}

/** The other records an event names, as links ("Jane Doe", "CFO"). */
export function eventLinks(event: ProjectedEvent, self: { kind: RecordKind; id: number }, name: RecordNames): HistoryLink[] {
  const related = relatedRecords(event);
  if (!related) return [];
  const links: HistoryLink[] = [];
  for (const [field, kind] of Object.entries(KIND_OF_FIELD) as Array<[keyof RelatedRecords, RecordKind]>) {
    const id = related[field];
    if (id === null || (kind === self.kind && id === self.id)) continue;
    links.push({ kind, id, label: name(kind, id) ?? `${kind} #${id}` });
  }
  return links;
}

/** Whether an event is about this record (its own field in the event's related records). */
export const isAbout = (event: ProjectedEvent, kind: RecordKind, id: number) => relatedRecords(event)?.[FIELD_OF_KIND[kind]] === id;

/**
 * A record's History entries for `page` (newest first), given every event of the record up to the
 * page's newest one in position order (`events`, the access log left out: it changes no state).
 * Field changes are the difference between the state before and after each event, both folded by
 * the projections' own `evolve`: the record's own fields for its own events ('change'), the touched
 * record's fields for a related event ('related': an application's stage on the candidate's page).
 */
export function historyEntries(
  self: { kind: RecordKind; id: number },
  events: readonly ProjectedEvent[],
  page: readonly ProjectedEvent[],
  name: RecordNames,
): HistoryEntry[] {
  const wanted = new Set(page.map((e) => e.position));
  const fold = createFold(RECORD_PROJECTIONS);
  const resolve: ValueResolver = (field, value) => (field === 'clientId' && typeof value === 'number' ? name('client', value) : null);
  const computed = new Map<number, Pick<HistoryEntry, 'kind' | 'changes'>>();
  for (const event of events) {
    if (!wanted.has(event.position)) {
      fold.apply(event);
      continue;
    }
    const related = relatedRecords(event);
    // the record this event changes: this one first, else the one it is about (an application)
    const subjects = (Object.entries(KIND_OF_FIELD) as Array<[keyof RelatedRecords, RecordKind]>)
      .filter(([field]) => related?.[field] !== null && related?.[field] !== undefined)
      .map(([field, kind]) => ({ kind, id: related![field]! }))
      .sort((a, b) => Number(b.kind === self.kind && b.id === self.id) - Number(a.kind === self.kind && a.id === self.id));
    const before = subjects.map((s) => structuredClone(fold.get<Doc>(RECORD_COLLECTIONS[s.kind], s.id)));
    fold.apply(event);
    let entry: Pick<HistoryEntry, 'kind' | 'changes'> = { kind: 'related', changes: [] };
    for (const [i, s] of subjects.entries()) {
      const after = fold.get<Doc>(RECORD_COLLECTIONS[s.kind], s.id);
      if (JSON.stringify(after) === JSON.stringify(before[i])) continue;
      const changes = fieldChanges(s.kind, before[i] ?? null, after, resolve);
      const own = s.kind === self.kind && s.id === self.id;
      if (own || changes.length > 0) {
        entry = { kind: own ? 'change' : 'related', changes };
        break;
      }
    }
    computed.set(event.position, entry);
  }
  return page.map((event) => {
    const base = {
      position: event.position,
      type: event.type,
      occurredAt: event.metadata.occurredAt,
      actor: { id: event.metadata.actor.id, name: event.metadata.actor.name },
      summary: summarize(event, name),
      links: eventLinks(event, self, name),
    };
    if (event.type === 'RecordsAccessed') {
      return {
        ...base,
        kind: 'access' as const,
        changes: [],
        accesses: event.data.accesses.map((a) => ({ userId: a.userId, userName: a.userName, kind: a.kind, at: a.at, detail: a.detail })),
      };
    }
    return { ...base, ...(computed.get(event.position) ?? { kind: 'related' as const, changes: [] }), accesses: [] };
  });
}
