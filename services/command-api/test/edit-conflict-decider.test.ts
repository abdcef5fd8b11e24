import { describe, expect, it } from 'vitest';
import type { CandidateEvent } from '../src/domain/candidates/decider';
import { candidateDecider } from '../src/domain/candidates/decider';
import { clientDecider, type ClientEvent } from '../src/domain/clients/decider';
import { jobDecider, type JobEvent } from '../src/domain/jobs/decider';
import { fold } from '../src/domain/shared/decider';
import { EditConflictError, type EditBase } from '../src/domain/shared/edit-conflicts';
import { deciderSpec, testMetadata as meta } from './support/decider-spec';

const riley = { id: 'u-riley', name: 'Riley Chen' };
const rileyAt = '2026-11-03T07:58:00.000Z';

const registered: CandidateEvent = {
  type: 'CandidateRegistered',
  data: {
    candidateId: 3,
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    phone: null,
    mobilePhone: null,
    currentTitle: 'CTO',
    currentCompany: null,
    location: 'London',
    linkedinUrl: null,
    skills: ['Math'],
    experience: null,
    salaryExpectation: 250,
    summary: 'Analytical engines.',
    resumeFileName: null,
    resumeText: null,
    resumeUploadedAt: null,
    status: 'active',
  },
};
/** Riley's edit, recorded at revision 1 after the user opened the form at revision 0. */
const rileyEdit: CandidateEvent = {
  type: 'CandidateUpdated',
  data: { candidateId: 3, changes: { currentTitle: 'CEO', summary: 'Poet.' } },
};

/** What the handler reads from the stream: the fields at the user's base and the edits since. */
function candidateBase(): EditBase {
  const state = fold(candidateDecider, [registered]);
  if (state.status !== 'registered') throw new Error('not registered');
  return {
    revision: 0,
    currentRevision: 1,
    fields: state.fields,
    edits: [{ revision: 1, changes: rileyEdit.type === 'CandidateUpdated' ? rileyEdit.data.changes : {}, by: riley, at: rileyAt }],
  };
}

const update = (changes: Record<string, unknown>, base?: EditBase) => ({
  type: 'UpdateCandidate' as const,
  data: { candidateId: 3, changes, base },
  metadata: meta,
});

function conflictOf(run: () => unknown) {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(EditConflictError);
    return (error as EditConflictError).toProblem();
  }
  throw new Error('expected an edit conflict');
}

describe('edit conflicts: candidate updates with a base revision', () => {
  const spec = deciderSpec(candidateDecider);

  it('refuses a field the user changed that someone else changed since, naming who, when and both values', () => {
    spec
      .given(registered, rileyEdit)
      .when(update({ currentTitle: 'CFO' }, candidateBase()))
      .thenRefuses(409, 'edit_conflict', /Riley Chen changed currentTitle/);
    const problem = conflictOf(() =>
      candidateDecider.decide(
        update({ currentTitle: 'CFO', lastName: 'King' }, candidateBase()),
        fold(candidateDecider, [registered, rileyEdit]),
      ),
    );
    expect(problem).toMatchObject({
      status: 409,
      code: 'edit_conflict',
      revision: 1,
      conflicts: [{ field: 'currentTitle', yours: 'CFO', theirs: 'CEO', by: riley, at: rileyAt }],
    });
  });

  it('merges a field nobody else changed', () => {
    spec
      .given(registered, rileyEdit)
      .when(update({ location: 'Paris' }, candidateBase()))
      .then([{ type: 'CandidateUpdated', data: { candidateId: 3, changes: { location: 'Paris' } } }]);
  });

  it('keeps their value for a field the form sent back unchanged (a whole form is not a conflict)', () => {
    spec
      .given(registered, rileyEdit)
      .when(update({ currentTitle: 'CTO', summary: 'Analytical engines.', location: 'Paris' }, candidateBase()))
      .then([{ type: 'CandidateUpdated', data: { candidateId: 3, changes: { location: 'Paris' } } }]);
  });

  it('is no conflict when both set the same value', () => {
    spec
      .given(registered, rileyEdit)
      .when(update({ currentTitle: 'CEO' }, candidateBase()))
      .thenNothing();
  });

  it('without a base revision the last write wins, as before', () => {
    spec
      .given(registered, rileyEdit)
      .when(update({ currentTitle: 'CFO' }))
      .then([{ type: 'CandidateUpdated', data: { candidateId: 3, changes: { currentTitle: 'CFO' } } }]);
  });

  it('is no conflict when the base is the current revision', () => {
    const state = fold(candidateDecider, [registered, rileyEdit]);
    if (state.status !== 'registered') throw new Error('not registered');
    const fresh: EditBase = { revision: 1, currentRevision: 1, fields: state.fields, edits: [] };
    spec
      .given(registered, rileyEdit)
      .when(update({ currentTitle: 'CFO' }, fresh))
      .then([{ type: 'CandidateUpdated', data: { candidateId: 3, changes: { currentTitle: 'CFO' } } }]);
  });
});

describe('edit conflicts: jobs and clients', () => {
  const job: JobEvent = {
    type: 'JobCreated',
    data: {
      jobId: 4,
      title: 'VP Engineering',
      department: null,
      description: null,
      requirements: null,
      salaryMin: null,
      salaryMax: null,
      hourlyRateMin: null,
      hourlyRateMax: null,
      location: null,
      type: 'full-time',
      priority: 'high',
      status: 'open',
      clientId: null,
      feePercentage: 20,
    },
  };
  const jobEdit: JobEvent = { type: 'JobUpdated', data: { jobId: 4, changes: { feePercentage: 25 } } };
  const jobBase = (): EditBase => {
    const state = fold(jobDecider, [job]);
    if (state.status !== 'active') throw new Error('not active');
    return {
      revision: 0,
      currentRevision: 1,
      fields: state.fields,
      edits: [{ revision: 1, changes: { feePercentage: 25 }, by: riley, at: rileyAt }],
    };
  };
  const updateJob = (changes: Record<string, unknown>) => ({
    type: 'UpdateJob' as const,
    data: { jobId: 4, changes, clientExists: true, base: jobBase() },
    metadata: meta,
  });

  it('a job created before openings existed has one opening', () => {
    const state = fold(jobDecider, [job]);
    expect(state.status === 'active' && state.fields.openings).toBe(1);
  });

  it('refuses the same field and merges another', () => {
    const spec = deciderSpec(jobDecider);
    spec
      .given(job, jobEdit)
      .when(updateJob({ feePercentage: 30 }))
      .thenRefuses(409, 'edit_conflict', /feePercentage/);
    spec
      .given(job, jobEdit)
      .when(updateJob({ feePercentage: 20, status: 'filled', openings: 2 }))
      .then([{ type: 'JobUpdated', data: { jobId: 4, changes: { status: 'filled', openings: 2 } } }]);
  });

  it('client: refuses the same field, merges another', () => {
    const client: ClientEvent = {
      type: 'ClientCreated',
      data: {
        clientId: 7,
        companyName: 'Acme',
        industry: null,
        website: null,
        description: null,
        address: null,
        priority: 'medium',
        status: 'active',
        notes: 'Old notes',
      },
    };
    const edit: ClientEvent = { type: 'ClientUpdated', data: { clientId: 7, changes: { notes: 'Riley notes' } } };
    const state = fold(clientDecider, [client]);
    if (state.status !== 'active') throw new Error('not active');
    const base: EditBase = {
      revision: 0,
      currentRevision: 1,
      fields: state.fields,
      edits: [{ revision: 1, changes: { notes: 'Riley notes' }, by: riley, at: rileyAt }],
    };
    const cmd = (changes: Record<string, unknown>) => ({
      type: 'UpdateClient' as const,
      data: { clientId: 7, changes, base },
      metadata: meta,
    });
    const spec = deciderSpec(clientDecider);
    spec
      .given(client, edit)
      .when(cmd({ notes: 'My notes' }))
      .thenRefuses(409, 'edit_conflict', /Riley Chen changed notes/);
    spec
      .given(client, edit)
      .when(cmd({ notes: 'Old notes', priority: 'high' }))
      .then([{ type: 'ClientUpdated', data: { clientId: 7, changes: { priority: 'high' } } }]);
  });
});
