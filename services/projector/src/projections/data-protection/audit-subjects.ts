import { candidateKeyId, contactKeyId, ERASED } from '@ats/events';
import { defineProjection } from '../../projection';

/**
 * The audit browser's person index: per data subject (the key id the log seals their data
 * with, `candidate-<id>` / `contact-<id>`) every name and e-mail address they were ever known
 * by. The log holds those only as ciphertext, so its free-text search cannot see them; the
 * search finds the subject here and then the events sealed with the subject's key (or on their
 * stream). Deleted with the person on erasure or anonymisation, so the search then finds nothing;
 * a deleted (restorable) record stays findable, as auditors need.
 */
export type AuditSubjectDoc = {
  id: string;
  kind: 'candidate' | 'contact';
  /** the current name (a change of one part makes a new full name) */
  firstName?: string;
  lastName?: string;
  /** every name and address seen, ` · `-separated (the searched field) */
  terms: string;
};
export const AUDIT_SUBJECTS = 'audit_subjects';

const HANDLES = [
  'CandidateRegistered',
  'CandidateUpdated',
  'CandidatesMerged',
  'ClientContactAdded',
  'CandidateErased',
  'CandidateAnonymised',
  'ClientContactErased',
] as const;

const SEPARATOR = ' · ';

/** adds the new names and addresses to the ones already known (case-insensitively once) */
function withTerms(doc: AuditSubjectDoc, values: ReadonlyArray<string | null | undefined>): AuditSubjectDoc {
  const terms = doc.terms ? doc.terms.split(SEPARATOR) : [];
  const known = new Set(terms.map((t) => t.toLowerCase()));
  let changed = false;
  for (const raw of values) {
    const value = raw?.trim();
    if (!value || value === ERASED || known.has(value.toLowerCase())) continue;
    known.add(value.toLowerCase());
    terms.push(value);
    changed = true;
  }
  return changed ? { ...doc, terms: terms.join(SEPARATOR) } : doc;
}

const fullName = (first: string | null | undefined, last: string | null | undefined) =>
  first && last && first !== ERASED && last !== ERASED ? `${first} ${last}` : null;

export const auditSubjectsProjection = defineProjection<AuditSubjectDoc, (typeof HANDLES)[number]>({
  name: 'audit_subjects',
  collection: { name: AUDIT_SUBJECTS, searchFields: ['terms'] },
  handles: HANDLES,
  notify: false,
  documentId(event) {
    switch (event.type) {
      case 'ClientContactAdded':
      case 'ClientContactErased':
        return contactKeyId(event.data.contactId);
      case 'CandidatesMerged':
        // the survivor may take the other record's name or address
        return event.stream === `candidate-${event.data.survivorId}` ? candidateKeyId(event.data.survivorId) : null;
      default:
        return candidateKeyId(event.data.candidateId);
    }
  },
  evolve(doc, event) {
    switch (event.type) {
      case 'CandidateRegistered': {
        const d = event.data;
        const base = doc ?? { id: candidateKeyId(d.candidateId), kind: 'candidate' as const, terms: '' };
        return withTerms({ ...base, firstName: d.firstName, lastName: d.lastName }, [fullName(d.firstName, d.lastName), d.email]);
      }
      case 'CandidateUpdated':
      case 'CandidatesMerged': {
        const c = event.data.changes;
        if (!doc || (c.firstName === undefined && c.lastName === undefined && c.email === undefined)) return doc;
        const firstName = c.firstName ?? doc.firstName;
        const lastName = c.lastName ?? doc.lastName;
        return withTerms({ ...doc, firstName, lastName }, [fullName(firstName, lastName), c.email]);
      }
      case 'ClientContactAdded': {
        const d = event.data;
        return withTerms(doc ?? { id: contactKeyId(d.contactId), kind: 'contact', terms: '' }, [d.name, d.email]);
      }
      case 'CandidateErased':
      case 'CandidateAnonymised':
      case 'ClientContactErased':
        return null;
    }
  },
});
