import { candidateKeyId, contactKeyId, normalizeEmail, toCandidateStreamId, toClientContactStreamId } from '@ats/events';
import type { AnonymiseResult, EraseResult } from '@ats/contracts';
import type { RecordedEvent, ScrubNeedles, ScrubScope, SubjectKeyStore } from '@ats/storage';
import { scopeOf } from '../../command-handler';
import { candidateEmails, candidates, clientContacts } from '../aggregates';
import type { Call, Deps } from '../context';
import { ConflictError, DomainError, NotFoundError } from '../shared/errors';

/** What an erasure needs besides the event store: the key store and the read models' purge. */
export interface PrivacyPort {
  keys: SubjectKeyStore;
  /** waits for the projector to apply `position`, then replaces the needles in every read model */
  purgeReadModels(position: number, needles: ScrubNeedles, subject?: ErasedSubject): Promise<number>;
}

/** whose data is purged, so the purge can find their documents by index (merged: scan everything) */
export interface ErasedSubject {
  kind: 'candidate' | 'contact';
  id: number;
  merged?: boolean;
}

const noPrivacy = () =>
  new DomainError(
    501,
    'erasure_unavailable',
    'Not Implemented',
    'Erasure needs the key store (subject_keys), which this deployment was not given.',
  );

/** texts longer than this are not searched for in the read models (the documents holding them go whole) */
const LONGEST_NEEDLE = 2_000;
/** free texts shorter than this are not searched for (a resume named "cv.pdf", a note "Call") */
const SHORTEST_FREE_TEXT = 12;
const FREE_TEXT_FIELDS = new Set(['content', 'summary', 'notes', 'resumeFileName']);
const PERSON_FIELDS = [
  'email',
  'phone',
  'mobilePhone',
  'linkedinUrl',
  'name',
  'content',
  'summary',
  'notes',
  'recipientAddress',
  'resumeFileName',
];

/** The person's own values, read (decrypted) from their events before the key goes. */
function needlesOf(events: readonly RecordedEvent[], extra: readonly string[]): ScrubNeedles {
  const anywhere = new Set<string>(extra);
  const wholeValues = new Set<string>();
  for (const event of events) {
    const data = event.data as Record<string, unknown>;
    const fields = (data.changes && typeof data.changes === 'object' ? data.changes : data) as Record<string, unknown>;
    const first = typeof fields.firstName === 'string' ? fields.firstName.trim() : null;
    const last = typeof fields.lastName === 'string' ? fields.lastName.trim() : null;
    if (first) wholeValues.add(first);
    if (last) wholeValues.add(last);
    if (first && last) {
      anywhere.add(`${first} ${last}`);
      anywhere.add(`${last}, ${first}`);
    }
    const blob = data.blob as { fileName?: unknown } | undefined;
    for (const field of PERSON_FIELDS) {
      const value = fields[field];
      if (typeof value !== 'string' || value.length > LONGEST_NEEDLE) continue;
      // a short free text ("Call", "ok") is no sign of the person: it would match other records' words
      if (FREE_TEXT_FIELDS.has(field) && value.trim().length < SHORTEST_FREE_TEXT) continue;
      if (value.trim().length > 0) anywhere.add(value.trim());
    }
    if (typeof blob?.fileName === 'string' && blob.fileName.trim().length >= SHORTEST_FREE_TEXT) anywhere.add(blob.fileName.trim());
  }
  anywhere.delete('[erased]');
  wholeValues.delete('[erased]');
  return { anywhere: [...anywhere], wholeValues: [...wholeValues] };
}

/** a long text is looked for in pieces of this many characters (one long literal costs PostgreSQL's regex seconds) */
const PIECE = 1_000;
/** at most this many characters of needles in one scrub */
const SCRUB_BATCH = 8_000;
/** the fields of e-mails (to the person) and interviews (of the person) sealed with the person's key (a reschedule's reason is in History only) */
const OWN_TEXT_FIELDS = ['subject', 'content', 'note', 'notes', 'feedback', 'cancelReason', 'location', 'videoLink'] as const;
/** a read model's live collection and its rebuild copies (`name__rebuild…`) */
const baseName = (name: string) => name.split('__')[0]!;

/** A text as needles: whole, or in pieces of PIECE characters (never splitting a character; no piece shorter than 3). */
function pieces(text: string): string[] {
  const chars = Array.from(text);
  if (chars.length <= PIECE) return [text];
  const out: string[] = [];
  for (let at = 0; at < chars.length; at += PIECE) {
    const end = chars.length - (at + PIECE) < 3 ? chars.length : at + PIECE;
    out.push(chars.slice(at, end).join(''));
    if (end === chars.length) break;
  }
  return out;
}

/**
 * The texts sealed with the person's key on other streams than their own, as the read models hold
 * them: the subject, body and note of every e-mail to them; the notes, feedback, cancel and
 * reschedule reasons, places and video links of their interviews. Their copies are searched only in the person's own documents (their e-mails, interviews, History and
 * feed lines): a template's subject ("Following Up") is on other people's e-mails too. Returns the
 * scrubs to run (each at most SCRUB_BATCH characters of needles), none when there is nothing.
 */
async function ownTextScrubs(deps: Deps, kind: 'candidate' | 'contact', id: number): Promise<ScrubNeedles[]> {
  const documents = deps.documents;
  if (!documents) return [];
  const recipient = { recipientType: kind, recipientId: id };
  const find = (collection: string, where: Record<string, string | number>, fields: string[]) =>
    documents
      .collection(collection)
      .find({ where, fields })
      .catch(() => []);
  const [mails, interviews, mailEvents, reschedules] = await Promise.all([
    find('communications', recipient, ['subject', 'content', 'note']),
    kind === 'candidate' ? find('interviews', { candidateId: id }, ['notes', 'feedback', 'cancelReason', 'location', 'videoLink']) : [],
    kind === 'candidate' ? find('record_events', { candidateId: id, type: 'CommunicationRecorded' }, ['eventId']) : [],
    // History only: a reschedule's reason, an interview's earlier places and video links (sweep ten)
    kind === 'candidate'
      ? documents
          .collection('record_events')
          .find({
            where: { candidateId: id, type: { $in: ['InterviewRescheduled', 'InterviewScheduled', 'InterviewDetailsChanged'] } },
            fields: ['data'],
          })
          .catch(() => [])
      : [],
  ]);
  const texts = new Set<string>();
  for (const doc of [...mails, ...interviews])
    for (const field of OWN_TEXT_FIELDS) {
      const value = (doc as Record<string, unknown>)[field];
      if (typeof value === 'string' && value.trim().length > 0 && value !== '[erased]') texts.add(value.trim());
    }
  for (const doc of reschedules) {
    const data = (doc.data ?? {}) as { reason?: unknown; location?: unknown; videoLink?: unknown; changes?: Record<string, unknown> };
    for (const value of [data.reason, data.location, data.videoLink, data.changes?.location, data.changes?.videoLink])
      if (typeof value === 'string' && value.trim().length > 0 && value !== '[erased]') texts.add(value.trim());
  }
  const taskScrubs = kind === 'candidate' ? await taskTextScrubs(deps, id) : [];
  if (texts.size === 0) return taskScrubs;
  const feedLines = mailEvents.flatMap((doc) => (typeof doc.eventId === 'string' ? [doc.eventId] : []));
  const scopes = new Map<string, ScrubScope[]>([['communications', [{ where: recipient }]]]);
  if (kind === 'candidate') {
    scopes.set('interviews', [{ where: { candidateId: id } }]);
    scopes.set('record_events', [{ where: { candidateId: id } }]);
    scopes.set('activities', [{ ids: feedLines }]);
  }
  return [
    ...batched(texts).map((anywhere) => ({
      anywhere,
      // a short subject ("Hi") is too short to look for inside texts, but not as a whole value
      wholeValues: anywhere.filter((n) => n.length <= PIECE),
      collections: (name: string) => scopes.has(baseName(name)),
      scopes: (name: string) => scopes.get(baseName(name)) ?? [],
    })),
    ...taskScrubs,
  ];
}

/** at most this many characters of needles in one scrub */
function batched(texts: Iterable<string>): string[][] {
  const batches: string[][] = [[]];
  let size = 0;
  for (const needle of [...texts].flatMap(pieces)) {
    if (size + needle.length > SCRUB_BATCH && batches.at(-1)!.length > 0) {
      batches.push([]);
      size = 0;
    }
    batches.at(-1)!.push(needle);
    size += needle.length;
  }
  return batches.filter((b) => b.length > 0);
}

/**
 * The titles and descriptions of the tasks about the candidate (related to them or to one of their
 * applications; sweep nine: "Call Octavia back" kept her name, the log's copy now sealed with her
 * key): replaced whole in the tasks themselves; the longer ones (a short title is a word of
 * other tasks too) also in the tasks' History lines, feed lines and notifications.
 */
async function taskTextScrubs(deps: Deps, candidateId: number): Promise<ScrubNeedles[]> {
  const documents = deps.documents!;
  const [tasks, applications] = await Promise.all([
    documents
      .collection('tasks')
      .find({ where: { relatedKind: { $in: ['candidate', 'application'] } }, fields: ['id', 'title', 'description', 'relatedTo'] })
      .catch(() => []),
    documents
      .collection('applications')
      .find({ where: { candidateId }, fields: ['id'] })
      .catch(() => []),
  ]);
  const applicationIds = new Set(applications.map((a) => a.id));
  const about = tasks.filter((task) => {
    const related = task.relatedTo as { kind?: string; id?: number } | null | undefined;
    return (
      (related?.kind === 'candidate' && related.id === candidateId) ||
      (related?.kind === 'application' && related.id !== undefined && applicationIds.has(related.id))
    );
  });
  const texts = new Set<string>();
  for (const task of about)
    for (const field of ['title', 'description'] as const) {
      const value = task[field];
      if (typeof value === 'string' && value.trim().length > 0 && value !== '[erased]') texts.add(value.trim());
    }
  if (texts.size === 0) return [];
  const ids = about.map((task) => task.id as number);
  const own = new Map<string, ScrubScope[]>([
    ['tasks', [{ ids }]],
    ['deleted_records', [{ ids: ids.map((taskId) => `task-${taskId}`) }]],
  ]);
  const lines = new Map<string, ScrubScope[]>([
    ['record_events', [{ where: { type: { $in: ['TaskCreated', 'TaskDetailsChanged'] } } }]],
    ['activities', [{ where: { type: 'task' } }]],
    ['notifications', [{ where: { kind: 'tasks' } }]],
  ]);
  const scrub = (anywhere: string[], scopes: Map<string, ScrubScope[]>): ScrubNeedles => ({
    anywhere,
    wholeValues: anywhere.filter((n) => n.length <= PIECE),
    collections: (name: string) => scopes.has(baseName(name)),
    scopes: (name: string) => scopes.get(baseName(name)) ?? [],
  });
  return [
    ...batched(texts).map((anywhere) => scrub(anywhere, own)),
    ...batched([...texts].filter((t) => t.length >= SHORTEST_FREE_TEXT)).map((anywhere) => scrub(anywhere, lines)),
  ];
}

/**
 * Erases a candidate (GDPR Art. 17; admins, with a reason): frees the e-mail, appends the
 * PII-free `CandidateErased`, destroys the data key (every sealed field now reads "[erased]",
 * in every read and rebuild), deletes the resume files and purges the read models. The log keeps
 * its ciphertext, so the hash chain verifies as before. Cannot be undone.
 */
export async function eraseCandidate(deps: Deps, call: Call, candidateId: number, reason: string): Promise<EraseResult> {
  await shredCandidate(deps, call, candidateId, reason, 'erase');
  return { id: candidateId, erasedAt: call.metadata.now };
}

/**
 * Anonymises a candidate (retention review): the same shredding as an erasure (key, files, every
 * copy of the identity in the read models) but the record stays as "Anonymised candidate" with
 * what statistics need (status, source, skills, applications and their stage history, placements
 * and fees). Cannot be undone; an anonymised record can still be erased for good.
 */
export async function anonymiseCandidate(deps: Deps, call: Call, candidateId: number, reason: string): Promise<AnonymiseResult> {
  await shredCandidate(deps, call, candidateId, reason, 'anonymise');
  return { id: candidateId, anonymisedAt: call.metadata.now };
}

async function shredCandidate(deps: Deps, call: Call, candidateId: number, reason: string, mode: 'erase' | 'anonymise') {
  const privacy = deps.privacy;
  if (!privacy) throw noPrivacy();
  const loaded = await candidates.load(deps.eventStore, candidateId);
  if (loaded.state.status === 'empty') throw new NotFoundError('Candidate', candidateId);
  if (loaded.state.status === 'erased' && (mode === 'anonymise' || !loaded.state.anonymised)) {
    throw new ConflictError('already_erased', `Candidate ${candidateId} is already ${loaded.state.anonymised ? 'anonymised' : 'erased'}`);
  }
  // the records merged into this one are the same person (sweep nine: their names, addresses,
  // notes and e-mails stayed readable, in the read models and, by their own keys, in the log)
  const absorbed = loaded.state.status === 'registered' ? (loaded.state.mergedFrom ?? []).map((m) => m.absorbedId) : [];
  for (const id of absorbed) {
    const record = await candidates.load(deps.eventStore, id);
    if (record.state.status === 'merged' && record.state.survivorId === candidateId) await shredOne(deps, call, id, reason, 'erase');
  }
  await shredOne(deps, call, candidateId, reason, mode);
}

/** One record's shredding: needles read before the key goes, the e-mail freed, the event, the key, the files, the purge. */
async function shredOne(deps: Deps, call: Call, candidateId: number, reason: string, mode: 'erase' | 'anonymise') {
  const privacy = deps.privacy!;
  const scope = scopeOf(deps, call);
  const loaded = await candidates.load(deps.eventStore, candidateId);
  const own = await deps.eventStore.readStream(toCandidateStreamId(candidateId));
  const notes = deps.documents
    ? await deps.documents
        .collection('notes')
        .find({ where: { candidateId }, fields: ['content'] })
        .catch(() => [])
    : [];
  const needles = needlesOf(
    own,
    notes.map((n) => String(n.content ?? '')).filter((t) => t.length > 0 && t.length <= LONGEST_NEEDLE),
  );
  const blobIds = own.flatMap((e) => (e.type === 'CandidateResumeUploaded' ? [(e.data as { blob: { blobId: string } }).blob.blobId] : []));

  // a live (or merged-away) candidate's address is released, so the person could be registered again one day
  if (loaded.state.status === 'registered' || loaded.state.status === 'merged') {
    const email = loaded.state.email;
    await candidateEmails.execute(scope, email, { type: 'ReleaseCandidateEmail', data: { email: normalizeEmail(email), candidateId } });
  }
  const command =
    mode === 'erase'
      ? ({ type: 'EraseCandidate', data: { candidateId, reason } } as const)
      : ({ type: 'AnonymiseCandidate', data: { candidateId, reason } } as const);
  const outcome = await candidates.execute(scope, candidateId, command);
  await privacy.keys.erase(candidateKeyId(candidateId));
  await Promise.all(blobIds.map((id) => deps.integrations.blobs.delete(id).catch(() => {})));
  await scrubImportFiles(deps, needles);
  const merged = own.some((e) => e.type === 'CandidatesMerged' || e.type === 'CandidatesUnmerged');
  // first the e-mails', interviews' and tasks' texts, as they stand (the person's needles may change them)
  for (const scrub of await ownTextScrubs(deps, 'candidate', candidateId)) await privacy.purgeReadModels(outcome.position, scrub);
  await privacy.purgeReadModels(outcome.position, needles, { kind: 'candidate', id: candidateId, merged });
}

const escapeRegExp = (text: string) => text.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&');

/**
 * The uploaded CSV files kept for resumable imports (and the "fix rejected rows" file) hold the
 * person's row as it was uploaded (sweep nine: name and e-mail stayed in the blob store). In every
 * upload's lines that hold one of the person's values (e-mail, full name, phone…), those values
 * and the first and last name become "[erased]" in place: the file keeps its rows, so an import's
 * progress and its row numbers stay right. A store without `replace` deletes such a file.
 */
async function scrubImportFiles(deps: Deps, needles: ScrubNeedles): Promise<void> {
  const anywhere = needles.anywhere.filter((n) => n.trim().length >= 3);
  if (anywhere.length === 0) return;
  const uploads = await deps.eventStore.readAll({ types: ['ImportUploaded'] });
  const blobs = deps.integrations.blobs;
  const lowered = anywhere.map((n) => n.toLowerCase());
  const replacing = new RegExp(
    [...anywhere, ...needles.wholeValues]
      .sort((a, b) => b.length - a.length)
      .map(escapeRegExp)
      .join('|'),
    'gi',
  );
  for (const upload of uploads) {
    const blobId = (upload.data as { blobId?: unknown }).blobId;
    if (typeof blobId !== 'string') continue;
    const bytes = await blobs.get(blobId).catch(() => null);
    if (!bytes) continue;
    const scrubbed = await scrubbedUpload(bytes, lowered, replacing);
    if (!scrubbed) continue;
    if (blobs.replace) await blobs.replace(blobId, scrubbed);
    else await blobs.delete(blobId);
  }
}

/** how much of an upload is decoded and searched in one go */
const SLICE_BYTES = 256 * 1024;
const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The upload with its lines that hold a needle rewritten, or null when none does. Works through
 * the file in slices of whole lines (SLICE_BYTES), the event loop free in between: decoding and
 * lowercasing a 10 MB upload in one go held it 125–220 ms. (A file of one huge line is one slice.)
 */
export async function scrubbedUpload(bytes: Uint8Array, lowered: readonly string[], replacing: RegExp): Promise<Uint8Array | null> {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  const parts: Uint8Array[] = [];
  let carry = '';
  let changed = false;
  for (let at = 0; at < bytes.length; at += SLICE_BYTES) {
    if (at > 0) await yieldToLoop();
    const end = Math.min(bytes.length, at + SLICE_BYTES);
    const last = end === bytes.length;
    const text = carry + decoder.decode(bytes.subarray(at, end), { stream: !last });
    // whole lines only; the rest waits for the next slice
    const cut = last ? text.length : text.lastIndexOf('\n') + 1;
    const lines = text.slice(0, cut);
    carry = text.slice(cut);
    if (lines.length === 0) continue;
    const lower = lines.toLowerCase();
    if (!lowered.some((n) => lower.includes(n))) {
      parts.push(encoder.encode(lines));
      continue;
    }
    changed = true;
    const rewritten = lines
      .split('\n')
      .map((line) => (lowered.some((n) => line.toLowerCase().includes(n)) ? line.replace(replacing, '[erased]') : line));
    parts.push(encoder.encode(rewritten.join('\n')));
  }
  if (!changed) return null;
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** Erases a client contact: as a candidate, without files. */
export async function eraseClientContact(deps: Deps, call: Call, contactId: number, reason: string): Promise<EraseResult> {
  const privacy = deps.privacy;
  if (!privacy) throw noPrivacy();
  const scope = scopeOf(deps, call);
  const loaded = await clientContacts.load(deps.eventStore, contactId);
  if (loaded.state.status === 'empty') throw new NotFoundError('Contact', contactId);
  if (loaded.state.status === 'erased') throw new ConflictError('already_erased', `Contact ${contactId} is already erased`);
  const own = await deps.eventStore.readStream(toClientContactStreamId(contactId));
  const needles = needlesOf(own, []);
  // a contact's name is one field: its parts alone are whole values too
  for (const event of own) {
    const name = (event.data as { name?: unknown }).name;
    if (typeof name === 'string') needles.wholeValues = [...needles.wholeValues, name.trim()];
  }
  const outcome = await clientContacts.execute(scope, contactId, { type: 'EraseClientContact', data: { contactId, reason } });
  await privacy.keys.erase(contactKeyId(contactId));
  await scrubImportFiles(deps, needles);
  for (const scrub of await ownTextScrubs(deps, 'contact', contactId)) await privacy.purgeReadModels(outcome.position, scrub);
  await privacy.purgeReadModels(outcome.position, needles, { kind: 'contact', id: contactId });
  return { id: contactId, erasedAt: call.metadata.now };
}
