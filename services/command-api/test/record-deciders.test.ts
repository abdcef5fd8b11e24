import { describe, it } from 'vitest';
import type { AiAnalysisRecorded, CommunicationRecorded, LinkedinJobPosted } from '@ats/events';
import { aiAnalysisDecider } from '../src/domain/ai/decider';
import { communicationDecider } from '../src/domain/communications/decider';
import { linkedinJobIdDecider, linkedinPostDecider } from '../src/domain/linkedin/decider';
import { noteDecider } from '../src/domain/notes/decider';
import { deciderSpec, testMetadata as metadata } from './support/decider-spec';

describe('communication decider', () => {
  const spec = deciderSpec(communicationDecider);
  const email: CommunicationRecorded = {
    communicationId: 7,
    type: 'email',
    subject: 'Your interview',
    content: 'See you on Monday.',
    recipientType: 'candidate',
    recipientId: 3,
    recipientAddress: 'ada@example.com',
    sentAt: metadata.now,
    delivered: false,
    provider: 'outbox',
    providerMessageId: null,
    note: 'Kept in the local outbox: not delivered.',
  };

  describe('when a communication is recorded', () => {
    it('records it as given, provider and delivery included', () => {
      spec
        .given()
        .when({ type: 'RecordCommunication', data: email, metadata })
        .then([{ type: 'CommunicationRecorded', data: email }]);
    });
    it('refuses the same id twice', () => {
      spec
        .given({ type: 'CommunicationRecorded', data: email })
        .when({ type: 'RecordCommunication', data: { ...email, subject: 'Again' }, metadata })
        .thenRefuses(409, 'communication_exists', /Communication 7 already exists/);
    });
  });
});

describe('AI analysis decider', () => {
  const spec = deciderSpec(aiAnalysisDecider);
  const analysis: AiAnalysisRecorded = {
    analysisId: 11,
    engine: 'builtin',
    model: 'skills-overlap-v1',
    promptVersion: '1',
    inputHash: 'c0ffee',
    analysisType: 'job_match',
    entityType: 'candidate',
    entityId: 3,
    results: { matchedSkills: ['Math'] },
    score: 72,
    confidence: 0.6,
  };

  describe('when an AI result is recorded', () => {
    it('keeps the engine, model, input hash and result', () => {
      spec
        .given()
        .when({ type: 'RecordAiAnalysis', data: analysis, metadata })
        .then([{ type: 'AiAnalysisRecorded', data: analysis }]);
    });
    it('refuses the same id twice', () => {
      spec
        .given({ type: 'AiAnalysisRecorded', data: analysis })
        .when({ type: 'RecordAiAnalysis', data: { ...analysis, score: 10 }, metadata })
        .thenRefuses(409, 'analysis_exists', /Analysis 11 already exists/);
    });
  });
});

describe('note decider', () => {
  const spec = deciderSpec(noteDecider);
  const add = (candidateExists: boolean) =>
    ({ type: 'AddNote', data: { noteId: 5, candidateId: 3, content: 'Strong on systems design', candidateExists }, metadata }) as const;

  describe('when a note is added', () => {
    it('records it with the acting user as author', () => {
      spec
        .given()
        .when(add(true))
        .then([
          {
            type: 'NoteAdded',
            data: { noteId: 5, candidateId: 3, content: 'Strong on systems design', author: { id: 'u-ann', name: 'Ann Lee' } },
          },
        ]);
    });
    it('refuses a note about a candidate that does not exist or was deleted', () => {
      spec
        .given()
        .when(add(false))
        .thenRefuses(404, 'not_found', /Candidate 3 not found/);
    });
    it('refuses the same note id twice', () => {
      spec
        .given({ type: 'NoteAdded', data: { noteId: 5, candidateId: 3, content: 'x', author: { id: 'u-bob', name: 'Bob' } } })
        .when(add(true))
        .thenRefuses(409, 'note_exists');
    });
  });
});

describe('professional-network post deciders', () => {
  const posts = deciderSpec(linkedinPostDecider);
  const ids = deciderSpec(linkedinJobIdDecider);
  const posted: LinkedinJobPosted = {
    postId: 4,
    jobId: 9,
    linkedinJobId: 'li-123',
    postUrl: null,
    status: 'posted',
    applicationsCount: 0,
    viewsCount: 0,
    postedAt: metadata.now,
  };

  describe('when a job is posted', () => {
    it('records the post', () => {
      posts
        .given()
        .when({ type: 'PostJobToLinkedin', data: { ...posted, jobExists: true }, metadata })
        .then([{ type: 'LinkedinJobPosted', data: posted }]);
    });
    it('refuses a post of a job that does not exist or was deleted', () => {
      posts
        .given()
        .when({ type: 'PostJobToLinkedin', data: { ...posted, jobExists: false }, metadata })
        .thenRefuses(404, 'not_found', /Job 9 not found/);
    });
    it('refuses the same post id twice', () => {
      posts
        .given({ type: 'LinkedinJobPosted', data: posted })
        .when({ type: 'PostJobToLinkedin', data: { ...posted, jobExists: true }, metadata })
        .thenRefuses(409, 'post_exists');
    });
  });

  describe('when its network job id is reserved', () => {
    it('reserves a free id for the post', () => {
      ids
        .given()
        .when({ type: 'ReserveLinkedinJobId', data: { linkedinJobId: 'li-123', postId: 4 }, metadata })
        .then([{ type: 'LinkedinJobIdReserved', data: { linkedinJobId: 'li-123', postId: 4 } }]);
    });
    it('refuses an id another post holds', () => {
      ids
        .given({ type: 'LinkedinJobIdReserved', data: { linkedinJobId: 'li-123', postId: 4 } })
        .when({ type: 'ReserveLinkedinJobId', data: { linkedinJobId: 'li-123', postId: 5 }, metadata })
        .thenRefuses(409, 'linkedin_job_id_taken');
    });
  });
});
