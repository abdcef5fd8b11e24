import type { Candidate } from '@ats/contracts';
import { defineProjection, type ProjectedEvent, type Refs } from '../../projection';

/** Candidates as the screens read them (contracts' CandidateSchema). */
export type CandidateDoc = Candidate;

const candidateId = (event: ProjectedEvent): number | null => {
  switch (event.type) {
    case 'CandidateRegistered':
    case 'CandidateDeleted':
      return event.data.candidateId;
    default:
      return null;
  }
};

export const candidatesProjection = defineProjection<CandidateDoc>({
  name: 'candidates',
  collection: {
    name: 'candidates',
    searchFields: ['firstName', 'lastName', 'email', 'currentTitle', 'currentCompany', 'location', 'skills'],
    indexes: ['status', 'email', 'createdAt'],
  },
  handles: ['CandidateRegistered', 'CandidateDeleted'],
  documentId: candidateId,
  evolve(doc, event) {
    switch (event.type) {
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
          createdBy: event.metadata.actor.id,
          createdAt: event.metadata.occurredAt,
          updatedAt: event.metadata.occurredAt,
        };
      }
      case 'CandidateDeleted':
        return null;
      default:
        return doc;
    }
  },
  refs(event): Refs {
    const id = candidateId(event);
    return id === null ? {} : { candidateId: [id] };
  },
});
