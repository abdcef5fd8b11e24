import type { Consent } from '@ats/contracts';
import { EVENT_TYPES, type EventType } from '@ats/events';
import { defineProjection } from '../../projection';
import { relatedRecords } from '../record-events';

/**
 * Per candidate: the lawful basis and consent, the last activity (any event about the person
 * except a mere read) and how long an admin chose to keep them, for the Privacy card and the
 * retention review (`active` + `lastActivityAt` indexed, so the review is an indexed range read).
 */
export type CandidatePrivacyDoc = {
  id: number;
  /** false while deleted or absorbed by a merge */
  active: boolean;
  consent: Consent | null;
  lastActivityAt: string;
  retainedUntil: string | null;
};
export const CANDIDATE_PRIVACY = 'candidate_privacy';

/** reads and the records' own bookkeeping are not activity */
const NOT_ACTIVITY = new Set<EventType>(['RecordsAccessed']);
const HANDLES = EVENT_TYPES.filter((t) => !NOT_ACTIVITY.has(t));

export const candidatePrivacyProjection = defineProjection<CandidatePrivacyDoc, EventType>({
  name: 'candidate_privacy',
  collection: {
    name: CANDIDATE_PRIVACY,
    indexes: ['active'],
    sortIndexes: [
      { equal: ['active', 'retainedUntil'], sort: [['lastActivityAt', 'asc']] },
      { equal: ['active'], sort: [['lastActivityAt', 'asc']] },
    ],
  },
  handles: HANDLES,
  documentId: (event) => relatedRecords(event)?.candidateId ?? null,
  evolve(doc, event) {
    const at = event.metadata.occurredAt;
    const base: CandidatePrivacyDoc = doc ?? {
      id: relatedRecords(event)?.candidateId ?? 0,
      active: true,
      consent: null,
      lastActivityAt: at,
      retainedUntil: null,
    };
    const touched = { ...base, lastActivityAt: at > base.lastActivityAt ? at : base.lastActivityAt };
    switch (event.type) {
      case 'CandidateConsentRecorded': {
        const { candidateId: _id, ...consent } = event.data;
        return { ...touched, consent: { ...consent, recordedBy: event.metadata.actor.name } };
      }
      case 'CandidateRetentionExtended':
        return { ...touched, retainedUntil: event.data.until };
      case 'CandidateDeleted':
        return { ...touched, active: false };
      case 'CandidateErased':
      case 'CandidateAnonymised':
        // erased (or anonymised) for good: off the review list, and the consent record (its source and note) goes too
        return { ...base, active: false, consent: null };
      case 'CandidateRestored':
        return { ...touched, active: true };
      case 'CandidatesMerged':
        return base.id === event.data.absorbedId ? { ...touched, active: false } : touched;
      case 'CandidatesUnmerged':
        return base.id === event.data.absorbedId ? { ...touched, active: true } : touched;
      default:
        return touched;
    }
  },
});

/** The installation's privacy settings (one document, id `retention`). */
export type PrivacySettingsDoc = { id: 'retention'; months: number };
export const PRIVACY_SETTINGS = 'privacy_settings';
export const privacySettingsProjection = defineProjection<PrivacySettingsDoc, 'RetentionPolicySet'>({
  name: 'privacy_settings',
  collection: { name: PRIVACY_SETTINGS },
  handles: ['RetentionPolicySet'],
  documentId: () => 'retention',
  evolve: (_doc, event) => ({ id: 'retention', months: event.data.months }),
});
