/**
 * AES-256-GCM as the codec uses it; node's implementation is `nodeCipher` in `@ats/events/node`
 * (kept out of this module so the browser bundle, which imports the event types, needs no crypto).
 */
export interface SubjectCipher {
  /** iv ‖ tag ‖ ciphertext, base64 */
  seal(key: Uint8Array, plaintext: string): string;
  open(key: Uint8Array, sealed: string): string;
}

/**
 * Crypto-shredding (Verraes, "Throw away the key"): the personal fields of candidate and
 * client-contact events are sealed with a data key per person (AES-256-GCM). The stored event
 * keeps its other fields in the clear and carries `_pii: { kid, f, c }`: the key id, the sealed
 * field paths and one ciphertext (iv ‖ tag ‖ body, base64). Destroying the key erases the person;
 * the hash chain covers the ciphertext, so it verifies before and after.
 */
export const PII_FIELD = '_pii';
/** what a personal field reads as once its key was destroyed */
export const ERASED = '[erased]';

export interface SealedPii {
  kid: string;
  f: string[];
  c: string;
}

/** a person's data key id */
export const candidateKeyId = (candidateId: number) => `candidate-${candidateId}`;
export const contactKeyId = (contactId: number) => `contact-${contactId}`;

type Data = Record<string, unknown>;
interface PiiRule {
  keyId(data: Data): string | null;
  fields: readonly string[];
}

const CANDIDATE_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'mobilePhone',
  'location',
  'linkedinUrl',
  'currentTitle',
  'currentCompany',
  'experience',
  'summary',
  'availability',
  'notes',
  'resumeFileName',
  'resumeText',
] as const;
const byCandidate = (data: Data) => (typeof data.candidateId === 'number' ? candidateKeyId(data.candidateId) : null);

const bySurvivor = (data: Data) => (typeof data.survivorId === 'number' ? candidateKeyId(data.survivorId) : null);

/** Which event types carry whose personal data, in which fields (dotted paths). */
export const PII_RULES: Readonly<Record<string, PiiRule>> = {
  CandidateRegistered: { keyId: byCandidate, fields: CANDIDATE_FIELDS },
  CandidateUpdated: { keyId: byCandidate, fields: CANDIDATE_FIELDS.map((f) => `changes.${f}`) },
  CandidateResumeUploaded: { keyId: byCandidate, fields: ['resumeText', 'blob.fileName'] },
  CandidateEmailReserved: { keyId: byCandidate, fields: ['email'] },
  CandidateEmailReleased: { keyId: byCandidate, fields: ['email'] },
  NoteAdded: { keyId: byCandidate, fields: ['content'] },
  // an interview's place and video link can name the candidate ("at Zephyrine's home", a meeting
  // room called after her; sweep ten): sealed with the notes
  InterviewScheduled: { keyId: byCandidate, fields: ['notes', 'location', 'videoLink'] },
  // an interview's later texts about the candidate (sweep eight: they stayed in the log in plaintext
  // after an erasure); events written before a candidateId was carried cannot be keyed and stay as they are
  InterviewDetailsChanged: { keyId: byCandidate, fields: ['changes.notes', 'changes.location', 'changes.videoLink'] },
  InterviewRescheduled: { keyId: byCandidate, fields: ['reason'] },
  InterviewCancelled: { keyId: byCandidate, fields: ['reason'] },
  InterviewCompleted: { keyId: byCandidate, fields: ['feedback'] },
  // the invitation e-mail's address is the candidate's (sweep ten: it was plaintext in the log)
  InterviewInvitationSent: { keyId: byCandidate, fields: ['recipientAddress'] },
  // a task about a candidate (or one of their applications) names them in its title more often
  // than not ("Call Octavia back"; sweep nine): sealed with their key when the event carries it
  TaskCreated: { keyId: byCandidate, fields: ['title', 'description'] },
  TaskDetailsChanged: { keyId: byCandidate, fields: ['changes.title', 'changes.description'] },
  // an AI analysis of a candidate's profile writes about them by name ("Zephyrine Quillfeather,
  // Finance Director at …"; sweep nine): its results are sealed with their key (an erased
  // person's analysis then reads "[erased]" in place of the results); an analysis of one of their
  // applications (or one that carries the candidate it is about) alike, by its `candidateId` (sweep ten)
  AiAnalysisRecorded: {
    keyId: (data) =>
      data.entityType === 'candidate' && typeof data.entityId === 'number'
        ? candidateKeyId(data.entityId)
        : typeof data.candidateId === 'number'
          ? candidateKeyId(data.candidateId)
          : null,
    fields: ['results'],
  },
  ClientContactAdded: {
    keyId: (data) => (typeof data.contactId === 'number' ? contactKeyId(data.contactId) : null),
    fields: ['name', 'title', 'email', 'phone', 'notes'],
  },
  // a merge carries the values the survivor took and the ones they replaced: the person's data,
  // sealed with the survivor's key (both records are one person; the copy on the absorbed
  // record's stream is sealed alike)
  CandidatesMerged: {
    keyId: bySurvivor,
    fields: CANDIDATE_FIELDS.flatMap((f) => [`changes.${f}`, `previous.${f}`]),
  },
  CandidatesUnmerged: { keyId: bySurvivor, fields: CANDIDATE_FIELDS.map((f) => `restored.${f}`) },
  CommunicationRecorded: {
    keyId: (data) =>
      typeof data.recipientId !== 'number'
        ? null
        : data.recipientType === 'candidate'
          ? candidateKeyId(data.recipientId)
          : data.recipientType === 'contact'
            ? contactKeyId(data.recipientId)
            : null,
    fields: ['subject', 'content', 'recipientAddress', 'note'],
  },
};

/** The key id an event's personal data is sealed with, or null when it carries none. */
export function subjectKeyIdOf(type: string, data: unknown): string | null {
  const rule = PII_RULES[type];
  return rule && data && typeof data === 'object' ? rule.keyId(data as Data) : null;
}

/** The key id of an already sealed event's data, or null when it is not sealed. */
export function sealedKeyIdOf(data: unknown): string | null {
  const pii = data && typeof data === 'object' ? (data as Data)[PII_FIELD] : undefined;
  return pii && typeof pii === 'object' && typeof (pii as SealedPii).kid === 'string' ? (pii as SealedPii).kid : null;
}

/**
 * The parent object of a dotted path in `out` and the last key, copying (shallowly) each nested
 * object on the way that is still shared with the input (`copied` holds the ones already copied),
 * so writes and deletes through it never touch the input; null when the path is absent. With
 * `create`, missing or non-object parents are made.
 */
function ownedParent(out: Data, path: string[], copied: Set<object>, create: boolean): { parent: Data; key: string } | null {
  let parent = out;
  for (const part of path.slice(0, -1)) {
    const next = parent[part];
    if (!next || typeof next !== 'object') {
      if (!create) return null;
      const made: Data = {};
      copied.add(made);
      parent = parent[part] = made;
      continue;
    }
    if (!copied.has(next)) {
      const copy = Array.isArray(next) ? [...(next as unknown[])] : { ...(next as Data) };
      copied.add(copy);
      parent[part] = copy;
      parent = copy as Data;
    } else parent = next as Data;
  }
  return { parent, key: path[path.length - 1]! };
}

/** Seals the personal fields of `data` with `key` (32 bytes); data without any stays as it is. */
export function sealData(type: string, data: unknown, key: Uint8Array, cipher: SubjectCipher): unknown {
  const rule = PII_RULES[type];
  const kid = subjectKeyIdOf(type, data);
  if (!rule || !kid) return data;
  // a shallow copy, nested objects copied only where a field is taken out (the input stays as it is)
  const out: Data = { ...(data as Data) };
  const copied = new Set<object>([out]);
  const values: Record<string, unknown> = {};
  for (const field of rule.fields) {
    const at = ownedParent(out, field.split('.'), copied, false);
    if (!at || !Object.prototype.hasOwnProperty.call(at.parent, at.key) || at.parent[at.key] === null || at.parent[at.key] === undefined)
      continue;
    values[field] = at.parent[at.key];
    delete at.parent[at.key];
  }
  const fields = Object.keys(values);
  if (fields.length === 0) return data;
  const sealed: SealedPii = { kid, f: fields, c: cipher.seal(key, JSON.stringify(values)) };
  out[PII_FIELD] = sealed;
  return out;
}

/** The key store lost a key that was never erased: reading on would show wrong or no data. */
export class SubjectKeyMissingError extends Error {
  override readonly name = 'SubjectKeyMissingError';
  constructor(readonly keyId: string) {
    super(`The data key ${keyId} is missing from the key store (subject_keys): restore the key store from its backup`);
  }
}

/**
 * Opens sealed data: `key` is the person's data key, 'erased' when it was destroyed (the
 * personal fields then read "[erased]"), or undefined when the key store does not know it
 * (a lost key store: a loud error, never silent plaintext or blanks).
 */
export function openData(data: unknown, key: Uint8Array | 'erased' | undefined, cipher: SubjectCipher): unknown {
  const kid = sealedKeyIdOf(data);
  if (!kid) return data;
  if (key === undefined) throw new SubjectKeyMissingError(kid);
  const { [PII_FIELD]: pii, ...rest } = data as Data;
  const sealed = pii as SealedPii;
  const out: Data = rest;
  const copied = new Set<object>([out]);
  let values: Record<string, unknown>;
  if (key === 'erased') {
    values = Object.fromEntries(sealed.f.map((f) => [f, ERASED]));
  } else {
    values = JSON.parse(cipher.open(key, sealed.c)) as Data;
  }
  for (const [field, value] of Object.entries(values)) {
    const at = ownedParent(out, field.split('.'), copied, true)!;
    at.parent[at.key] = value;
  }
  return out;
}
