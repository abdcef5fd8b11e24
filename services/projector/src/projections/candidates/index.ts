import { ANONYMISED_FIRST_NAME, ANONYMISED_LAST_NAME, type Candidate } from '@ats/contracts';
import { toCandidateStreamId } from '@ats/events';
import { defineProjection, type ProjectedEventOf, type ProjectionContext, type Refs } from '../../projection';
import { DELETED_RECORDS, deletedRecordId, type DeletedRecordDoc } from '../deleted-records';

/** Candidates as the screens read them (contracts' CandidateSchema). */
export type CandidateDoc = Candidate;

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
const text = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 ? v : null);

const HANDLES = [
  'CandidateRegistered',
  'CandidateUpdated',
  'CandidateDeleted',
  'CandidateResumeUploaded',
  'AiAnalysisRecorded',
  'CandidateRestored',
  'CandidateStatusFollowedPlacement',
  'CandidateErased',
  'CandidatesMerged',
  'CandidatesUnmerged',
  'CandidateAnonymised',
] as const;
type Handled = ProjectedEventOf<(typeof HANDLES)[number]>;

const candidateId = (event: Handled): number | null => {
  switch (event.type) {
    case 'CandidateRegistered':
    case 'CandidateUpdated':
    case 'CandidateDeleted':
    case 'CandidateResumeUploaded':
    case 'CandidateRestored':
    case 'CandidateStatusFollowedPlacement':
    case 'CandidateErased':
    case 'CandidateAnonymised':
      return event.data.candidateId;
    case 'CandidatesMerged':
    case 'CandidatesUnmerged':
      // appended to both records' streams: each copy updates its own stream's record
      return mergeSide(event);
    case 'AiAnalysisRecorded':
      // a profile analysis fills the candidate's ai* fields (SPEC §3.1)
      return event.data.entityType === 'candidate' && event.data.analysisType === 'profile' ? event.data.entityId : null;
  }
};

/** Which record a merge event's copy is about: the one whose stream it is on. */
function mergeSide(event: ProjectedEventOf<'CandidatesMerged' | 'CandidatesUnmerged'>): number {
  return event.stream === toCandidateStreamId(event.data.absorbedId) ? event.data.absorbedId : event.data.survivorId;
}

export const candidatesProjection = defineProjection<CandidateDoc, (typeof HANDLES)[number]>({
  name: 'candidates',
  collection: {
    name: 'candidates',
    searchFields: ['firstName', 'lastName', 'email', 'currentTitle', 'currentCompany', 'location', 'skills'],
    indexes: ['status', 'email', 'createdAt', 'hasResume'],
    // the list's pages, newest first, all or by status
    sortIndexes: [
      {
        sort: [
          ['createdAt', 'desc'],
          ['id', 'desc'],
        ],
      },
      {
        equal: ['status'],
        sort: [
          ['createdAt', 'desc'],
          ['id', 'desc'],
        ],
      },
    ],
  },
  handles: HANDLES,
  // 2: documents carry the derived `hasResume`; 3: and the stream's `revision` (edit conflicts); 4: and `source`, and merges;
  // 5: an anonymised record drops its salary expectation
  version: 5,
  documentId: candidateId,
  // a restore reads back the document the delete snapshotted
  reads: (event) =>
    event.type === 'CandidateRestored' ? [{ collection: DELETED_RECORDS, id: deletedRecordId('candidate', event.data.candidateId) }] : [],
  evolve(doc, event, context) {
    const evolved = evolveCandidate(doc, event, context);
    // the revision an edit starts from: the candidate stream's last event
    const next =
      evolved && event.stream === toCandidateStreamId(evolved.id)
        ? { ...evolved, revision: event.revision, updatedBy: { id: event.metadata.actor.id, name: event.metadata.actor.name } }
        : evolved;
    if (!next || next === doc) return next;
    const hasResume = Boolean(next.resumeFileName || next.resumeText);
    return next.hasResume === hasResume ? next : { ...next, hasResume };
  },
  refs(event): Refs {
    const id = candidateId(event);
    return id === null ? {} : { candidateId: [id] };
  },
});

function evolveCandidate(doc: CandidateDoc | null, event: Handled, context: ProjectionContext): CandidateDoc | null {
  switch (event.type) {
    case 'CandidateRestored': {
      if (doc) return doc;
      const entry = context.lookup<DeletedRecordDoc>(DELETED_RECORDS, deletedRecordId('candidate', event.data.candidateId));
      return (entry?.snapshot as CandidateDoc | null | undefined) ?? null;
    }
    case 'CandidateStatusFollowedPlacement':
      return doc ? { ...doc, status: event.data.status, updatedAt: event.metadata.occurredAt } : doc;
    case 'CandidateRegistered': {
      const d = event.data;
      return {
        id: d.candidateId,
        firstName: d.firstName,
        lastName: d.lastName,
        email: d.email,
        phone: d.phone,
        mobilePhone: d.mobilePhone,
        location: d.location,
        linkedinUrl: d.linkedinUrl,
        currentTitle: d.currentTitle,
        currentCompany: d.currentCompany,
        status: d.status,
        experienceLevel: d.experience,
        skills: [...d.skills],
        summary: d.summary,
        salaryExpectation: d.salaryExpectation,
        resumeFileName: d.resumeFileName,
        resumeUploadedAt: d.resumeUploadedAt,
        resumeText: d.resumeText,
        aiLastAnalyzed: null,
        aiMatchScore: null,
        availability: null,
        notes: null,
        aiSkillsExtracted: [],
        aiExperienceLevel: null,
        aiPersonalityTraits: [],
        aiSummary: null,
        source: d.source ?? null,
        createdBy: event.metadata.actor.id,
        createdAt: event.metadata.occurredAt,
        updatedAt: event.metadata.occurredAt,
      };
    }
    case 'CandidateUpdated': {
      if (!doc) return doc;
      const { experience, ...changes } = event.data.changes;
      return {
        ...doc,
        ...changes,
        ...(experience !== undefined ? { experienceLevel: experience } : {}),
        ...(changes.skills ? { skills: [...changes.skills] } : {}),
        updatedAt: event.metadata.occurredAt,
      };
    }
    case 'CandidateResumeUploaded':
      if (!doc) return doc;
      return {
        ...doc,
        resumeFileName: event.data.blob.fileName,
        resumeText: event.data.resumeText,
        resumeUploadedAt: event.data.uploadedAt,
        updatedAt: event.metadata.occurredAt,
      };
    case 'AiAnalysisRecorded': {
      if (!doc) return doc;
      const r = event.data.results;
      return {
        ...doc,
        aiMatchScore: event.data.score,
        aiLastAnalyzed: event.metadata.occurredAt,
        aiSummary: text(r.summary),
        aiExperienceLevel: text(r.experienceLevel),
        aiSkillsExtracted: strings(r.skillsExtracted),
        aiPersonalityTraits: strings(r.personalityTraits),
      };
    }
    case 'CandidatesMerged':
    case 'CandidatesUnmerged':
      return doc ? evolveMerge(doc, event) : doc;
    case 'CandidateAnonymised':
      return doc ? anonymised(doc, event.metadata.occurredAt) : doc;
    // erased: the person leaves the read model for good (the log keeps only ciphertext)
    case 'CandidateErased':
    case 'CandidateDeleted':
      return null;
  }
}

/**
 * Anonymised: every field that could name the person goes (the sealed ones read "[erased]" in a
 * rebuild anyway), and so does the salary expectation: an exact figure is personal data about the
 * person (with the skills and the placement it narrows down who it was) and no statistic reads it.
 * What statistics use stays: status, source, skills, dates, applications, placements, merges.
 */
function anonymised(doc: CandidateDoc, at: string): CandidateDoc {
  return {
    ...doc,
    firstName: ANONYMISED_FIRST_NAME,
    lastName: ANONYMISED_LAST_NAME,
    email: '',
    phone: null,
    mobilePhone: null,
    location: null,
    linkedinUrl: null,
    currentTitle: null,
    currentCompany: null,
    experienceLevel: null,
    summary: null,
    salaryExpectation: null,
    resumeFileName: null,
    resumeUploadedAt: null,
    resumeText: null,
    availability: null,
    notes: null,
    aiSummary: null,
    aiPersonalityTraits: [],
    anonymised: true,
    updatedAt: at,
  };
}

/**
 * A merge keeps both documents: the absorbed one is marked (hidden from lists, its page points
 * to the survivor), the survivor takes the chosen values and lists the absorbed ids, whose notes,
 * jobs, messages and History its page shows. An unmerge undoes both.
 */
function evolveMerge(doc: CandidateDoc, event: ProjectedEventOf<'CandidatesMerged' | 'CandidatesUnmerged'>): CandidateDoc {
  const d = event.data;
  const at = event.metadata.occurredAt;
  if (doc.id === d.absorbedId) {
    if (event.type === 'CandidatesUnmerged') {
      const { merged: _m, mergedInto: _i, ...rest } = doc;
      return { ...rest, updatedAt: at };
    }
    return { ...doc, merged: true, mergedInto: d.survivorId, updatedAt: at };
  }
  const others = (doc.mergedFrom ?? []).filter((id) => id !== d.absorbedId);
  const { experience, ...changes } = event.type === 'CandidatesMerged' ? event.data.changes : event.data.restored;
  const mergedFrom = event.type === 'CandidatesMerged' ? [...others, d.absorbedId] : others;
  return {
    ...doc,
    ...changes,
    ...(experience !== undefined ? { experienceLevel: experience } : {}),
    ...(changes.skills ? { skills: [...changes.skills] } : {}),
    mergedFrom,
    updatedAt: at,
  };
}
