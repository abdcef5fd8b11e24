import { candidateKeyId, type EventType } from '@ats/events';
import type { DocumentStore, ScrubNeedles, ScrubScope } from '@ats/storage';
import type { Projector } from './projector-api';
import { allProjections } from './projections';
import { ERASURE_FENCE } from './checkpoint';
import { DEAD_LETTER_COLLECTION } from './dead-letters';
import { REBUILD_SUFFIX } from './rebuild';
import { ACTIVITY_LOOKUP, lookupKey } from './projections/activities/lookup';
import { AUDIT_SUBJECTS } from './projections/data-protection/audit-subjects';
import { MATCH_KEYS } from './projections/data-protection/match-keys';
import { CANDIDATE_PRIVACY } from './projections/data-protection/privacy';
import { RECORD_EVENTS } from './projections/record-events';
import { NOTIFICATION_SUBJECTS, subjectId } from './projections/notifications/subjects';

/** Whose data an erasure purges: lets the purge find their documents by index instead of scanning. */
export interface ErasureSubject {
  kind: 'candidate' | 'contact';
  id: number;
  /** the record took part in a merge: its data may sit in another record's documents (scan all) */
  merged?: boolean;
}

/** The read-model side of an erasure (GDPR Art. 17). */
export type PurgeReadModels = (position: number, needles: ScrubNeedles, subject?: ErasureSubject) => Promise<number>;

export interface ReadModelPurgeOptions {
  /** the SQL document store (scrubText); a store without it cannot erase and says so */
  documentStore: object;
  /** the projector in this process: the purge runs once it has projected the erasure */
  projector?: Pick<Projector, 'waitFor'>;
  /** how long to wait for the projector (default 5 s) */
  waitMs?: number;
}

/**
 * After an erasure event: waits until the projector has applied it (the person's own documents
 * are gone then, and every later event reads "[erased]"), then replaces what is left of the
 * person (names, e-mail, phones, URLs, note texts copied into other read models, History's
 * `record_events`, snapshots, dead letters) with "[erased]" in every collection.
 */
const READ_MODEL_COLLECTIONS = new Set<string>([DEAD_LETTER_COLLECTION, ...allProjections.map((p) => p.collection.name)]);
const baseName = (name: string) => name.split(REBUILD_SUFFIX)[0]!;
const isReadModelCollection = (name: string) => READ_MODEL_COLLECTIONS.has(name) || READ_MODEL_COLLECTIONS.has(baseName(name));

/**
 * History's event types that carry free text written by users (a note, an e-mail, an interview's
 * notes, a task): their text may name someone else than the record they are about, so History's
 * copies of them are searched whatever record they belong to (found by the `type` index), as
 * the collections holding those texts are searched whole.
 */
const FREE_TEXT_HISTORY_TYPES: readonly EventType[] = [
  'NoteAdded',
  'CommunicationRecorded',
  'InterviewScheduled',
  'InterviewRescheduled',
  'InterviewCompleted',
  'InterviewDetailsChanged',
  'InterviewCancelled',
  'InterviewInvitationSent',
  'TaskCreated',
  'TaskDetailsChanged',
  'ClientCreated',
  'ClientUpdated',
  'ClientContactAdded',
  'JobCreated',
  'JobUpdated',
];

/**
 * Where each read model keeps documents about a candidate, by primary key or an indexed field
 * (issue 16: an erasure in ≤ 1 s at 50,000 candidates). Collections not listed here are searched
 * whole (the safety net): those holding free text that may name someone else than the record
 * they are about (notes, e-mails, tasks, interviews, clients, jobs, deleted-record snapshots,
 * calendars, dead letters…) and those small per user or per job. A candidate who took part in a
 * merge is purged by the whole search (their data sits in the other record's documents).
 */
async function candidateScopes(documents: DocumentStore, candidateId: number): Promise<Map<string, ScrubScope[]>> {
  // History is indexed by candidate: every event about the candidate, its application ids
  const history = await documents
    .collection(RECORD_EVENTS)
    .find({ where: { candidateId }, fields: ['eventId', 'applicationId'] })
    .catch(() => []);
  const eventIds = history.flatMap((doc) => (typeof doc.eventId === 'string' ? [doc.eventId] : []));
  const applications = await documents
    .collection('applications')
    .find({ where: { candidateId }, fields: ['id'] })
    .catch(() => []);
  const applicationIds = [
    ...new Set([
      ...applications.map((doc) => doc.id),
      ...history.flatMap((doc) => (typeof doc.applicationId === 'number' ? [doc.applicationId] : [])),
    ]),
  ];
  const ids = (...list: (string | number)[]): ScrubScope[] => [{ ids: list }];
  return new Map<string, ScrubScope[]>([
    ['candidates', ids(candidateId)],
    [MATCH_KEYS, ids(candidateId)],
    [CANDIDATE_PRIVACY, ids(candidateId)],
    ['analytics_candidates', ids(candidateId)],
    [AUDIT_SUBJECTS, ids(candidateKeyId(candidateId))],
    [ACTIVITY_LOOKUP, ids(lookupKey.candidate(candidateId))],
    [NOTIFICATION_SUBJECTS, ids(subjectId('candidate', candidateId))],
    ['applications', [{ where: { candidateId } }]],
    ['interview_invitations', [{ where: { candidateId } }]],
    [RECORD_EVENTS, [{ where: { candidateId } }, { where: { type: { $in: [...FREE_TEXT_HISTORY_TYPES] } } }]],
    // one feed line / notification per event (id = the event id): the candidate's events; and
    // those of interviews and tasks, whose later events may not name the candidate in History
    // (interviews recorded before their events carried it, a task's status changes): notifications
    // by their `kind` index, feed lines by a filter on `type` before the text search (no index:
    // the feed keeps one sort index so its writes stay cheap)
    ['activities', [...ids(...eventIds), { where: { type: { $in: ['interview', 'task'] } } }]],
    ['notifications', [...ids(...eventIds), { where: { kind: { $in: ['interviews', 'tasks'] } } }]],
    // one document per application (id = the application id)
    ['analytics_applications', ids(...applicationIds)],
    ['placements', ids(...applicationIds)],
  ]);
}

export function createReadModelPurge(options: ReadModelPurgeOptions): PurgeReadModels {
  return async (position, needles, subject) => {
    const store = options.documentStore as DocumentStore & { scrubText?: (needles: ScrubNeedles) => Promise<number> };
    const scrub = store.scrubText;
    if (!scrub) throw new Error('This document store cannot purge personal data from read models (SQL stores only)');
    if (options.projector) await options.projector.waitFor(position, options.waitMs ?? 5_000);
    // needles that name their own collections and scopes (the person's e-mails and interviews) keep them
    const scopes = !needles.scopes && subject?.kind === 'candidate' && !subject.merged ? await candidateScopes(store, subject.id) : null;
    const only = needles.collections;
    // the read models only (live, rebuild copies, dead letters): never accounts, sessions or settings
    return scrub.call(store, {
      ...needles,
      // a live batch that read before or during this purge writes nothing, and is projected again
      fence: ERASURE_FENCE,
      collections: only ? (name: string) => isReadModelCollection(name) && only(name) : isReadModelCollection,
      ...(scopes ? { scopes: (name: string) => scopes.get(baseName(name)) } : {}),
    });
  };
}
