import { describe, it } from 'vitest';
import type { CandidateRegistered, ClientContactAdded, ClientCreated, JobCreated } from '@ats/events';
import { candidateDecider } from '../src/domain/candidates/decider';
import { contactDecider } from '../src/domain/clients/contact-decider';
import { clientDecider } from '../src/domain/clients/decider';
import { jobDecider } from '../src/domain/jobs/decider';
import { deciderSpec, testMetadata as metadata } from './support/decider-spec';

const ada: CandidateRegistered = {
  candidateId: 3,
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phone: null,
  mobilePhone: null,
  currentTitle: 'CTO',
  currentCompany: null,
  location: null,
  linkedinUrl: null,
  skills: ['Math'],
  experience: null,
  salaryExpectation: null,
  summary: null,
  status: 'active',
  resumeFileName: null,
  resumeText: null,
  resumeUploadedAt: null,
};

describe('candidate restore (Undo of a delete)', () => {
  const spec = deciderSpec(candidateDecider);
  const restore = { type: 'RestoreCandidate' as const, data: { candidateId: 3 }, metadata };

  it('restores a deleted candidate', () => {
    spec
      .given({ type: 'CandidateRegistered', data: ada }, { type: 'CandidateDeleted', data: { candidateId: 3 } })
      .when(restore)
      .then([{ type: 'CandidateRestored', data: { candidateId: 3 } }]);
  });
  it('refuses to restore a candidate that is not deleted (409)', () => {
    spec
      .given({ type: 'CandidateRegistered', data: ada })
      .when(restore)
      .thenRefuses(409, 'not_deleted', /Candidate 3 is not deleted/);
  });
  it('refuses to restore twice (409)', () => {
    spec
      .given(
        { type: 'CandidateRegistered', data: ada },
        { type: 'CandidateDeleted', data: { candidateId: 3 } },
        { type: 'CandidateRestored', data: { candidateId: 3 } },
      )
      .when(restore)
      .thenRefuses(409, 'not_deleted');
  });
  it('refuses an unknown candidate (404)', () => {
    spec.given().when(restore).thenRefuses(404, 'not_found');
  });
  it('a restored candidate is as it was: it can be edited and deleted again', () => {
    spec
      .given(
        { type: 'CandidateRegistered', data: ada },
        { type: 'CandidateUpdated', data: { candidateId: 3, changes: { currentTitle: 'CEO' } } },
        { type: 'CandidateDeleted', data: { candidateId: 3 } },
        { type: 'CandidateRestored', data: { candidateId: 3 } },
      )
      .when({ type: 'UpdateCandidate', data: { candidateId: 3, changes: { currentTitle: 'CEO', location: 'London' } }, metadata })
      .then([{ type: 'CandidateUpdated', data: { candidateId: 3, changes: { location: 'London' } } }]);
  });
});

describe('candidate status follows placement', () => {
  const spec = deciderSpec(candidateDecider);
  const follow = (applicationId: number, placed: boolean) => ({
    type: 'FollowPlacement' as const,
    data: { candidateId: 3, applicationId, placed },
    metadata,
  });
  const placedBy = (applicationId: number, previousStatus: 'active' | 'inactive' = 'active') => ({
    type: 'CandidateStatusFollowedPlacement' as const,
    data: { candidateId: 3, applicationId, status: 'placed' as const, previousStatus },
  });

  it('becomes placed when an application reaches Placed, naming the application', () => {
    spec
      .given({ type: 'CandidateRegistered', data: ada })
      .when(follow(9, true))
      .then([placedBy(9)]);
  });
  it('goes back to what it was when that placement is undone', () => {
    spec
      .given({ type: 'CandidateRegistered', data: { ...ada, status: 'inactive' } }, placedBy(9, 'inactive'))
      .when(follow(9, false))
      .then([
        {
          type: 'CandidateStatusFollowedPlacement',
          data: { candidateId: 3, applicationId: 9, status: 'inactive', previousStatus: 'placed' },
        },
      ]);
  });
  it('leaves the status alone when another application is moved out of Placed', () => {
    spec.given({ type: 'CandidateRegistered', data: ada }, placedBy(9)).when(follow(10, false)).thenNothing();
  });
  it('leaves a status set by hand after the placement alone', () => {
    spec
      .given({ type: 'CandidateRegistered', data: ada }, placedBy(9), {
        type: 'CandidateUpdated',
        data: { candidateId: 3, changes: { status: 'inactive' } },
      })
      .when(follow(9, false))
      .thenNothing();
  });
  it('stays placed when the placement that set it is undone while another application stands at Placed', () => {
    spec
      .given({ type: 'CandidateRegistered', data: ada }, placedBy(9))
      .when({ ...follow(9, false), data: { candidateId: 3, applicationId: 9, placed: false, othersPlaced: true } })
      .thenNothing();
  });
  it('goes back when the last placement standing is undone, though another application set the status', () => {
    spec
      .given({ type: 'CandidateRegistered', data: ada }, placedBy(9))
      .when({ ...follow(10, false), data: { candidateId: 3, applicationId: 10, placed: false, othersPlaced: false } })
      .then([
        {
          type: 'CandidateStatusFollowedPlacement',
          data: { candidateId: 3, applicationId: 10, status: 'active', previousStatus: 'placed' },
        },
      ]);
  });
  it('records nothing when the candidate is already placed', () => {
    spec
      .given({ type: 'CandidateRegistered', data: { ...ada, status: 'placed' } })
      .when(follow(9, true))
      .thenNothing();
  });
  it('records nothing for a deleted candidate', () => {
    spec
      .given({ type: 'CandidateRegistered', data: ada }, { type: 'CandidateDeleted', data: { candidateId: 3 } })
      .when(follow(9, true))
      .thenNothing();
  });
});

const acme: ClientCreated = {
  clientId: 5,
  companyName: 'Acme Corp',
  industry: null,
  website: null,
  description: null,
  address: null,
  priority: 'medium',
  status: 'active',
  notes: null,
};

describe('client restore', () => {
  const spec = deciderSpec(clientDecider);
  const restore = { type: 'RestoreClient' as const, data: { clientId: 5 }, metadata };
  it('restores a deleted client', () => {
    spec
      .given({ type: 'ClientCreated', data: acme }, { type: 'ClientDeleted', data: { clientId: 5 } })
      .when(restore)
      .then([{ type: 'ClientRestored', data: { clientId: 5 } }]);
  });
  it('refuses a live client, and restoring twice (409)', () => {
    spec
      .given({ type: 'ClientCreated', data: acme })
      .when(restore)
      .thenRefuses(409, 'not_deleted', /Client 5 is not deleted/);
    spec
      .given(
        { type: 'ClientCreated', data: acme },
        { type: 'ClientDeleted', data: { clientId: 5 } },
        { type: 'ClientRestored', data: { clientId: 5 } },
      )
      .when(restore)
      .thenRefuses(409, 'not_deleted');
  });
  it('a restored client can be edited again', () => {
    spec
      .given(
        { type: 'ClientCreated', data: acme },
        { type: 'ClientDeleted', data: { clientId: 5 } },
        { type: 'ClientRestored', data: { clientId: 5 } },
      )
      .when({ type: 'UpdateClient', data: { clientId: 5, changes: { industry: 'Tools' } }, metadata })
      .then([{ type: 'ClientUpdated', data: { clientId: 5, changes: { industry: 'Tools' } } }]);
  });
});

describe('contact restore', () => {
  const spec = deciderSpec(contactDecider);
  const contact: ClientContactAdded = {
    clientId: 5,
    contactId: 8,
    name: 'Wile E.',
    title: null,
    email: null,
    phone: null,
    notes: null,
    isPrimary: true,
  };
  const restore = (clientExists: boolean) => ({ type: 'RestoreClientContact' as const, data: { contactId: 8, clientExists }, metadata });
  it('restores a deleted contact of a live client', () => {
    spec
      .given({ type: 'ClientContactAdded', data: contact }, { type: 'ClientContactDeleted', data: { clientId: 5, contactId: 8 } })
      .when(restore(true))
      .then([{ type: 'ClientContactRestored', data: { clientId: 5, contactId: 8 } }]);
  });
  it('refuses to delete a contact on its own once its client is deleted (404): the client took it along', () => {
    spec
      .given({ type: 'ClientContactAdded', data: contact })
      .when({ type: 'DeleteClientContact', data: { contactId: 8, clientExists: false }, metadata })
      .thenRefuses(404, 'not_found');
  });
  it('refuses when its client is gone (404)', () => {
    spec
      .given({ type: 'ClientContactAdded', data: contact }, { type: 'ClientContactDeleted', data: { clientId: 5, contactId: 8 } })
      .when(restore(false))
      .thenRefuses(404, 'not_found');
  });
  it('refuses a contact that is not deleted, and restoring twice (409)', () => {
    spec.given({ type: 'ClientContactAdded', data: contact }).when(restore(true)).thenRefuses(409, 'not_deleted');
    spec
      .given(
        { type: 'ClientContactAdded', data: contact },
        { type: 'ClientContactDeleted', data: { clientId: 5, contactId: 8 } },
        { type: 'ClientContactRestored', data: { clientId: 5, contactId: 8 } },
      )
      .when(restore(true))
      .thenRefuses(409, 'not_deleted');
  });
});

describe('job restore', () => {
  const spec = deciderSpec(jobDecider);
  const job: JobCreated = {
    jobId: 4,
    title: 'VP Engineering',
    department: null,
    description: null,
    requirements: null,
    salaryMin: 200,
    salaryMax: 250,
    hourlyRateMin: null,
    hourlyRateMax: null,
    location: null,
    type: 'full-time',
    priority: 'high',
    status: 'open',
    clientId: null,
    feePercentage: 20,
  };
  const restore = { type: 'RestoreJob' as const, data: { jobId: 4 }, metadata };
  it('restores a deleted job', () => {
    spec
      .given({ type: 'JobCreated', data: job }, { type: 'JobDeleted', data: { jobId: 4 } })
      .when(restore)
      .then([{ type: 'JobRestored', data: { jobId: 4 } }]);
  });
  it('refuses a live job, restoring twice (409) and an unknown one (404)', () => {
    spec
      .given({ type: 'JobCreated', data: job })
      .when(restore)
      .thenRefuses(409, 'not_deleted', /Job 4 is not deleted/);
    spec
      .given({ type: 'JobCreated', data: job }, { type: 'JobDeleted', data: { jobId: 4 } }, { type: 'JobRestored', data: { jobId: 4 } })
      .when(restore)
      .thenRefuses(409, 'not_deleted');
    spec.given().when(restore).thenRefuses(404, 'not_found');
  });
});
