import { CandidateSchema } from '@ats/contracts';
import { describe, expect, it } from 'vitest';
import { eventLog, project } from '../../../test/support/events';
import { candidateDeleted, candidateRegistered, idReserved } from '../../../test/support/fixtures';
import { candidatesProjection } from './index';

describe('candidates projection', () => {
  describe('when a candidate is registered', () => {
    it('stores the candidate in the shape the screens read', () => {
      const at = eventLog();
      const { docs } = project(
        [candidatesProjection],
        [at(candidateRegistered(), { actor: { id: 'u7', name: 'Rita Recruiter' }, occurredAt: '2025-03-01T10:00:00.000Z' })],
      );

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
          hasResume: true,
          aiLastAnalyzed: null,
          aiMatchScore: null,
          availability: null,
          notes: null,
          aiSkillsExtracted: [],
          aiExperienceLevel: null,
          aiPersonalityTraits: [],
          aiSummary: null,
          source: null,
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
      const { docs } = project(
        [candidatesProjection],
        [
          at(candidateRegistered()),
          at(candidateRegistered({ candidateId: 2, firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com' })),
        ],
      );
      expect(docs('candidates').map((c) => [c.id, c.firstName])).toEqual([
        [1, 'Ada'],
        [2, 'Grace'],
      ]);
    });
  });

  describe('when a resume is uploaded', () => {
    it('shows the file name, text and upload time (the blob stays in the blob store)', () => {
      const at = eventLog();
      const blob = {
        blobId: '0b0c7c1e-5d6f-4f7a-9a59-0d7d0c7f2b11',
        fileName: 'ada-cv.docx',
        size: 1234,
        mimeType: 'application/msword',
        sha256: 'a'.repeat(64),
      };
      const { docs } = project(
        [candidatesProjection],
        [
          at(candidateRegistered()),
          at(
            {
              type: 'CandidateResumeUploaded',
              data: { candidateId: 1, blob, resumeText: 'Ada Lovelace\nCTO', uploadedAt: '2025-03-02T08:00:00.000Z' },
            },
            { occurredAt: '2025-03-02T08:00:00.000Z' },
          ),
        ],
      );
      expect(docs('candidates')[0]).toMatchObject({
        resumeFileName: 'ada-cv.docx',
        resumeText: 'Ada Lovelace\nCTO',
        resumeUploadedAt: '2025-03-02T08:00:00.000Z',
        updatedAt: '2025-03-02T08:00:00.000Z',
      });
      expect(JSON.stringify(docs('candidates')[0])).not.toContain(blob.blobId);
    });
  });

  describe('when a candidate is deleted', () => {
    it('removes the document', () => {
      const at = eventLog();
      const { docs } = project(
        [candidatesProjection],
        [at(candidateRegistered()), at(candidateRegistered({ candidateId: 2, email: 'b@example.com' })), at(candidateDeleted(1))],
      );
      expect(docs('candidates').map((c) => c.id)).toEqual([2]);
    });
  });

  describe('when a candidate is anonymised', () => {
    it('drops every identifying field and the salary expectation, keeps what statistics use', () => {
      const at = eventLog();
      const anonymise = { type: 'CandidateAnonymised' as const, data: { candidateId: 1, reason: 'Retention review' } };
      const { docs } = project(
        [candidatesProjection],
        [at(candidateRegistered()), at(anonymise, { occurredAt: '2025-04-01T10:00:00.000Z' })],
      );
      const [doc] = docs('candidates');
      expect(doc).toMatchObject({
        id: 1,
        firstName: 'Anonymised',
        lastName: 'candidate',
        email: '',
        phone: null,
        salaryExpectation: null,
        resumeText: null,
        anonymised: true,
        status: 'active',
        skills: ['Mathematics', 'Leadership'],
        updatedAt: '2025-04-01T10:00:00.000Z',
      });
      expect(CandidateSchema.safeParse(doc).success).toBe(true);
    });
  });

  it('ignores events it does not handle and routes notices by candidate', () => {
    const at = eventLog();
    // events it does not handle never reach it: the runner skips them
    expect(candidatesProjection.handles).not.toContain(at(idReserved()).type);
    expect(candidatesProjection.refs?.(at(candidateRegistered({ candidateId: 3 })))).toEqual({ candidateId: [3] });
  });
});
