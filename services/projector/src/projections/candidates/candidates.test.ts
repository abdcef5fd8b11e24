import { CandidateSchema } from '@ats/contracts';
import { describe, expect, it } from 'vitest';
import { eventLog, project } from '../../../test/support/events';
import { candidateDeleted, candidateRegistered, idReserved } from '../../../test/support/fixtures';
import { candidatesProjection } from './index';

describe('candidates projection', () => {
  describe('when a candidate is registered', () => {
    it('stores the candidate in the shape the screens read', () => {
      const at = eventLog();
      const { docs } = project([candidatesProjection], [at(candidateRegistered(), { actor: { id: 'u7', name: 'Rita Recruiter' }, occurredAt: '2025-03-01T10:00:00.000Z' })]);

      expect(docs('candidates')).toEqual([
        {
          id: 1,
          firstName: 'Ada',
          lastName: 'Lovelace',
          email: 'ada@example.com',
          phone: '+44 20 7946 0000',
          mobilePhone: null,
          location: 'London',
          linkedinUrl: null,
          currentTitle: 'Chief Technology Officer',
          currentCompany: 'Analytical Engines Ltd',
          status: 'active',
          experienceLevel: 'Executive',
          skills: ['Mathematics', 'Leadership'],
          summary: 'First programmer.',
          salaryExpectation: 250,
          resumeFileName: 'ada.pdf',
          resumeUploadedAt: '2025-03-01T09:00:00.000Z',
          resumeText: 'Ada Lovelace, CTO',
          aiLastAnalyzed: null,
          aiMatchScore: null,
          availability: null,
          notes: null,
          aiSkillsExtracted: [],
          aiExperienceLevel: null,
          aiPersonalityTraits: [],
          aiSummary: null,
          createdBy: 'u7',
          createdAt: '2025-03-01T10:00:00.000Z',
          updatedAt: '2025-03-01T10:00:00.000Z',
        },
      ]);
      // exactly the contract's shape: nothing missing, nothing extra
      expect(CandidateSchema.strict().parse(docs('candidates')[0])).toEqual(docs('candidates')[0]);
    });

    it('keeps each candidate under its own id', () => {
      const at = eventLog();
      const { docs } = project([candidatesProjection], [at(candidateRegistered()), at(candidateRegistered({ candidateId: 2, firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com' }))]);
      expect(docs('candidates').map((c) => [c.id, c.firstName])).toEqual([
        [1, 'Ada'],
        [2, 'Grace'],
      ]);
    });
  });

  describe('when a candidate is deleted', () => {
    it('removes the document', () => {
      const at = eventLog();
      const { docs } = project([candidatesProjection], [at(candidateRegistered()), at(candidateRegistered({ candidateId: 2, email: 'b@example.com' })), at(candidateDeleted(1))]);
      expect(docs('candidates').map((c) => c.id)).toEqual([2]);
    });
  });

  it('ignores events it does not handle and routes notices by candidate', () => {
    const at = eventLog();
    expect(candidatesProjection.documentId(at(idReserved()))).toBeNull();
    expect(candidatesProjection.refs?.(at(candidateRegistered({ candidateId: 3 })))).toEqual({ candidateId: [3] });
  });
});
