import type { CandidateChanges } from '@ats/events';
import { normalizeEmail, toCandidateStreamId } from '@ats/events';
import { defineProjection, type ProjectedEventOf } from '../../projection';

/**
 * One document per candidate with its duplicate-matching keys, each normalised and indexed, so
 * "who looks like this person" is a few indexed equality reads, never a scan of every pair.
 */
export type MatchKeysDoc = {
  id: number;
  /** false while deleted or absorbed by a merge */
  active: boolean;
  emailKey: string;
  phoneKey: string | null;
  mobileKey: string | null;
  nameCompanyKey: string | null;
  linkedinKey: string | null;
  firstName: string;
  lastName: string;
  email: string;
  currentTitle: string | null;
  currentCompany: string | null;
  linkedinUrl: string | null;
  phone: string | null;
  mobilePhone: string | null;
  createdAt: string;
};
export const MATCH_KEYS = 'candidate_match_keys';

const words = (v: string) =>
  v
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** The last 9 digits (so +44 20 7946 0000 and 020 7946 0000 match); too short a number is no key. */
export function phoneKey(phone: string | null | undefined): string | null {
  const digits = (phone ?? '').replace(/\D/g, '');
  return digits.length >= 7 ? digits.slice(-9) : null;
}
/** first and last name with the company, case, accents and punctuation ignored; no company, no key */
export function nameCompanyKey(first: string, last: string, company: string | null | undefined): string | null {
  const c = words(company ?? '');
  return c ? `${words(`${first} ${last}`)}|${c}` : null;
}
/** host and path of a profile URL, without scheme, www., query or trailing slash */
export function profileUrlKey(url: string | null | undefined): string | null {
  const u = (url ?? '').trim().toLowerCase();
  if (!u) return null;
  const cut = u.search(/[?#]/);
  let key = (cut === -1 ? u : u.slice(0, cut)).replace(/^[a-z]+:\/\//, '').replace(/^www\./, '');
  while (key.endsWith('/')) key = key.slice(0, -1);
  return key || null;
}

function withKeys(doc: Omit<MatchKeysDoc, 'emailKey' | 'phoneKey' | 'mobileKey' | 'nameCompanyKey' | 'linkedinKey'>): MatchKeysDoc {
  return {
    ...doc,
    emailKey: normalizeEmail(doc.email),
    phoneKey: phoneKey(doc.phone),
    mobileKey: phoneKey(doc.mobilePhone),
    nameCompanyKey: nameCompanyKey(doc.firstName, doc.lastName, doc.currentCompany),
    linkedinKey: profileUrlKey(doc.linkedinUrl),
  };
}

const KEYED_FIELDS = ['firstName', 'lastName', 'email', 'currentTitle', 'currentCompany', 'linkedinUrl', 'phone', 'mobilePhone'] as const;
function applyChanges(doc: MatchKeysDoc, changes: CandidateChanges): MatchKeysDoc {
  const next: Record<string, unknown> = { ...doc };
  for (const f of KEYED_FIELDS) if (changes[f] !== undefined) next[f] = changes[f];
  return withKeys(next as MatchKeysDoc);
}

const HANDLES = [
  'CandidateRegistered',
  'CandidateUpdated',
  'CandidateDeleted',
  'CandidateRestored',
  'CandidatesMerged',
  'CandidatesUnmerged',
  'CandidateErased',
  'CandidateAnonymised',
] as const;
type Handled = ProjectedEventOf<(typeof HANDLES)[number]>;

const side = (event: ProjectedEventOf<'CandidatesMerged' | 'CandidatesUnmerged'>) =>
  event.stream === toCandidateStreamId(event.data.absorbedId) ? event.data.absorbedId : event.data.survivorId;

export const candidateMatchKeysProjection = defineProjection<MatchKeysDoc, (typeof HANDLES)[number]>({
  name: 'candidate_match_keys',
  collection: { name: MATCH_KEYS, indexes: ['active', 'emailKey', 'phoneKey', 'mobileKey', 'nameCompanyKey', 'linkedinKey'] },
  handles: HANDLES,
  notify: false,
  documentId: (event: Handled) =>
    event.type === 'CandidatesMerged' || event.type === 'CandidatesUnmerged' ? side(event) : event.data.candidateId,
  evolve(doc, event) {
    switch (event.type) {
      case 'CandidateRegistered': {
        const d = event.data;
        return withKeys({
          id: d.candidateId,
          active: true,
          firstName: d.firstName,
          lastName: d.lastName,
          email: d.email,
          currentTitle: d.currentTitle,
          currentCompany: d.currentCompany,
          linkedinUrl: d.linkedinUrl,
          phone: d.phone,
          mobilePhone: d.mobilePhone,
          createdAt: event.metadata.occurredAt,
        });
      }
      case 'CandidateUpdated':
        return doc ? applyChanges(doc, event.data.changes) : doc;
      case 'CandidateDeleted':
        return doc ? { ...doc, active: false } : doc;
      case 'CandidateRestored':
        return doc ? { ...doc, active: true } : doc;
      case 'CandidateErased':
      case 'CandidateAnonymised':
        // the keys are the person's data: erased with them
        return null;
      case 'CandidatesMerged':
        if (!doc) return doc;
        return doc.id === event.data.absorbedId ? { ...doc, active: false } : applyChanges(doc, event.data.changes);
      case 'CandidatesUnmerged':
        if (!doc) return doc;
        return doc.id === event.data.absorbedId ? { ...doc, active: true } : applyChanges(doc, event.data.restored);
    }
  },
});
