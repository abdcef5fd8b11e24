import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '@ats/events';
import { applicationDecider, placementFee, type ApplicationEvent } from '../src/domain/applications/decider';
import { pairReservationDecider } from '../src/domain/applications/pair-reservation';
import { candidateDecider, type CandidateEvent } from '../src/domain/candidates/decider';
import { contactDecider } from '../src/domain/clients/contact-decider';
import { clientDecider, type ClientEvent } from '../src/domain/clients/decider';
import { interviewDecider } from '../src/domain/interviews/decider';
import { jobDecider, type JobEvent } from '../src/domain/jobs/decider';
import { linkedinJobIdDecider } from '../src/domain/linkedin/decider';
import { fold } from '../src/domain/shared/decider';
import { taskDecider, type TaskEvent } from '../src/domain/tasks/decider';
import { userDecider, type UserEvent } from '../src/domain/users/decider';
import { deciderSpec } from './support/decider-spec';

const meta = { now: '2026-11-03T08:00:00.000Z', actor: { id: 'u-ann', name: 'Ann Lee' } };
const given = <S, E extends DomainEvent>(decider: { initialState: () => S; evolve: (s: S, e: E) => S }, ...events: E[]) =>
  fold(decider, events);

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
    salaryExpectation: 300,
    summary: null,
    status: 'active',
    resumeFileName: null,
    resumeText: null,
    resumeUploadedAt: null,
  },
};

describe('candidate decider: update', () => {
  it('carries only the fields that change', () => {
    const events = candidateDecider.decide(
      {
        type: 'UpdateCandidate',
        data: { candidateId: 3, changes: { location: 'London', status: 'placed', skills: ['Math', 'Chess'] } },
        metadata: meta,
      },
      given(candidateDecider, registered),
    );
    expect(events).toEqual([
      { type: 'CandidateUpdated', data: { candidateId: 3, changes: { status: 'placed', skills: ['Math', 'Chess'] } } },
    ]);
  });
  it('appends nothing when nothing changes, and folds updates into the state', () => {
    const updated: CandidateEvent = {
      type: 'CandidateUpdated',
      data: { candidateId: 3, changes: { email: 'ada@new.example', lastName: 'King' } },
    };
    const state = given(candidateDecider, registered, updated);
    expect(state).toMatchObject({ status: 'registered', email: 'ada@new.example', lastName: 'King' });
    expect(
      candidateDecider.decide({ type: 'UpdateCandidate', data: { candidateId: 3, changes: { lastName: 'King' } }, metadata: meta }, state),
    ).toEqual([]);
  });
  it('refuses an unknown or deleted candidate', () => {
    const spec = deciderSpec(candidateDecider);
    const cmd = { type: 'UpdateCandidate' as const, data: { candidateId: 3, changes: { status: 'inactive' as const } }, metadata: meta };
    spec
      .given()
      .when(cmd)
      .thenRefuses(404, 'not_found', /Candidate 3 not found/);
    spec
      .given(registered, { type: 'CandidateDeleted', data: { candidateId: 3 } })
      .when(cmd)
      .thenRefuses(404, 'not_found');
  });
});

describe('client decider', () => {
  const created: ClientEvent = {
    type: 'ClientCreated',
    data: {
      clientId: 1,
      companyName: 'Acme',
      industry: null,
      website: null,
      description: null,
      address: null,
      priority: 'medium',
      status: 'active',
      notes: null,
    },
  };
  it('updates only what changed, deletes once', () => {
    const state = given(clientDecider, created);
    expect(
      clientDecider.decide(
        { type: 'UpdateClient', data: { clientId: 1, changes: { companyName: 'Acme', priority: 'high' } }, metadata: meta },
        state,
      ),
    ).toEqual([{ type: 'ClientUpdated', data: { clientId: 1, changes: { priority: 'high' } } }]);
    const deleted = given(clientDecider, created, { type: 'ClientDeleted', data: { clientId: 1 } });
    expect(() => clientDecider.decide({ type: 'DeleteClient', data: { clientId: 1 }, metadata: meta }, deleted)).toThrow(
      /Client 1 not found/,
    );
    expect(() =>
      clientDecider.decide({ type: 'UpdateClient', data: { clientId: 1, changes: { priority: 'low' } }, metadata: meta }, deleted),
    ).toThrow(/not found/);
  });
});

describe('contact decider', () => {
  const data = { clientId: 1, contactId: 7, name: 'Wile', title: null, email: null, phone: null, notes: null, isPrimary: false };
  it('adds to a live client only, and deletes by contact id naming the client', () => {
    expect(() =>
      contactDecider.decide({ type: 'AddClientContact', data: { ...data, clientExists: false }, metadata: meta }, given(contactDecider)),
    ).toThrow(/Client 1 not found/);
    const [added] = contactDecider.decide(
      { type: 'AddClientContact', data: { ...data, clientExists: true }, metadata: meta },
      given(contactDecider),
    );
    expect(added).toEqual({ type: 'ClientContactAdded', data });
    const state = given(contactDecider, added!);
    expect(contactDecider.decide({ type: 'DeleteClientContact', data: { contactId: 7 }, metadata: meta }, state)).toEqual([
      { type: 'ClientContactDeleted', data: { clientId: 1, contactId: 7 } },
    ]);
    expect(() =>
      contactDecider.decide({ type: 'DeleteClientContact', data: { contactId: 8 }, metadata: meta }, given(contactDecider)),
    ).toThrow(/Contact 8 not found/);
  });
});

describe('job decider', () => {
  const created: JobEvent = {
    type: 'JobCreated',
    data: {
      jobId: 4,
      title: 'CFO',
      department: null,
      description: null,
      requirements: null,
      salaryMin: 100,
      salaryMax: 200,
      hourlyRateMin: null,
      hourlyRateMax: null,
      location: null,
      type: 'full-time',
      priority: 'medium',
      status: 'open',
      clientId: null,
      feePercentage: 20,
    },
  };
  it('updates the status; a new client must exist', () => {
    const state = given(jobDecider, created);
    expect(
      jobDecider.decide(
        { type: 'UpdateJob', data: { jobId: 4, changes: { status: 'filled' }, clientExists: true }, metadata: meta },
        state,
      ),
    ).toEqual([{ type: 'JobUpdated', data: { jobId: 4, changes: { status: 'filled' } } }]);
    expect(() =>
      jobDecider.decide({ type: 'UpdateJob', data: { jobId: 4, changes: { clientId: 9 }, clientExists: false }, metadata: meta }, state),
    ).toThrow(/Client 9 not found/);
  });
  it('deletes once', () => {
    const deleted = given(jobDecider, created, { type: 'JobDeleted', data: { jobId: 4 } });
    expect(() => jobDecider.decide({ type: 'DeleteJob', data: { jobId: 4 }, metadata: meta }, deleted)).toThrow(/Job 4 not found/);
  });
});

describe('application decider: placement and detach', () => {
  const created: ApplicationEvent = {
    type: 'ApplicationCreated',
    data: { applicationId: 12, candidateId: 3, jobId: 4, stage: 'applied', appliedAt: '2026-11-01T10:00:00.000Z' },
  };
  it('records the placement with the salary midpoint and the job fee by default', () => {
    const events = applicationDecider.decide(
      {
        type: 'ChangeApplicationStage',
        data: { applicationId: 12, stage: 'placed', terms: { salaryMin: 100, salaryMax: 200, feePercentage: 25 } },
        metadata: meta,
      },
      given(applicationDecider, created),
    );
    expect(events.map((e) => e.type)).toEqual(['ApplicationStageChanged', 'PlacementRecorded']);
    expect(events[1]!.data).toEqual({
      applicationId: 12,
      candidateId: 3,
      jobId: 4,
      salary: 150,
      feePercentage: 25,
      fee: 37.5,
      placedAt: meta.now,
    });
  });
  it('computes fees from an agreed salary or whichever end of the range is known', () => {
    expect(placementFee({ salaryMin: 100, salaryMax: 200, feePercentage: 20 }, 300)).toEqual({ salary: 300, feePercentage: 20, fee: 60 });
    expect(placementFee({ salaryMin: null, salaryMax: 180, feePercentage: 20 }, undefined)).toEqual({
      salary: 180,
      feePercentage: 20,
      fee: 36,
    });
    expect(placementFee(null, undefined)).toEqual({ salary: 0, feePercentage: 20, fee: 0 });
  });
  it('detaches once', () => {
    const [detached] = applicationDecider.decide(
      { type: 'DetachApplication', data: { applicationId: 12 }, metadata: meta },
      given(applicationDecider, created),
    );
    expect(detached).toEqual({
      type: 'ApplicationDetached',
      data: { applicationId: 12, candidateId: 3, jobId: 4, detachedBy: meta.actor },
    });
    expect(() =>
      applicationDecider.decide(
        { type: 'DetachApplication', data: { applicationId: 12 }, metadata: meta },
        given(applicationDecider, created, detached!),
      ),
    ).toThrow(/not found/);
  });
  it('frees the pair on release so it can be reserved again', () => {
    const pair = { candidateId: 3, jobId: 4, applicationId: 12 };
    const state = given(
      pairReservationDecider,
      { type: 'ApplicationPairReserved', data: pair },
      { type: 'ApplicationPairReleased', data: pair },
    );
    expect(
      pairReservationDecider.decide({ type: 'ReserveApplicationPair', data: { ...pair, applicationId: 13 }, metadata: meta }, state),
    ).toHaveLength(1);
  });
});

describe('interview decider', () => {
  const data = {
    interviewId: 5,
    candidateId: 3,
    jobId: 4,
    interviewerName: null,
    scheduledAt: meta.now,
    duration: 60,
    location: null,
    type: 'phone' as const,
    status: 'scheduled' as const,
    notes: null,
  };
  const schedule = (exists: { candidateExists: boolean; jobExists: boolean }) =>
    ({ type: 'ScheduleInterview', data: { ...data, ...exists, activeMemberIds: [] }, metadata: meta }) as const;
  const spec = deciderSpec(interviewDecider);
  it('schedules for a known candidate and job', () => {
    spec
      .given()
      .when(schedule({ candidateExists: true, jobExists: true }))
      .then([{ type: 'InterviewScheduled', data }]);
  });
  it('refuses an unknown or deleted candidate or job (404)', () => {
    spec
      .given()
      .when(schedule({ candidateExists: false, jobExists: true }))
      .thenRefuses(404, 'not_found', /Candidate 3 not found/);
    spec
      .given()
      .when(schedule({ candidateExists: true, jobExists: false }))
      .thenRefuses(404, 'not_found', /Job 4 not found/);
  });
  it('needs no job when none is named', () => {
    spec
      .given()
      .when({
        type: 'ScheduleInterview',
        data: { ...data, jobId: null, candidateExists: true, jobExists: false, activeMemberIds: [] },
        metadata: meta,
      })
      .then([{ type: 'InterviewScheduled', data: { ...data, jobId: null } }]);
  });
});

describe('task decider', () => {
  const created: TaskEvent = {
    type: 'TaskCreated',
    data: { taskId: 9, title: 'Call', description: null, priority: 'high', status: 'pending', dueDate: null, assignedTo: null },
  };
  it('toggles the status; setting the same status is a no-op', () => {
    const state = given(taskDecider, created);
    expect(taskDecider.decide({ type: 'SetTaskStatus', data: { taskId: 9, status: 'completed' }, metadata: meta }, state)).toEqual([
      { type: 'TaskStatusChanged', data: { taskId: 9, fromStatus: 'pending', toStatus: 'completed' } },
    ]);
    expect(taskDecider.decide({ type: 'SetTaskStatus', data: { taskId: 9, status: 'pending' }, metadata: meta }, state)).toEqual([]);
    expect(() =>
      taskDecider.decide({ type: 'SetTaskStatus', data: { taskId: 9, status: 'pending' }, metadata: meta }, given(taskDecider)),
    ).toThrow(/Task 9 not found/);
  });
});

describe('linkedinJobId reservation', () => {
  it('is taken once', () => {
    const state = given(linkedinJobIdDecider, { type: 'LinkedinJobIdReserved', data: { linkedinJobId: 'li-1', postId: 1 } });
    expect(() =>
      linkedinJobIdDecider.decide({ type: 'ReserveLinkedinJobId', data: { linkedinJobId: 'li-1', postId: 2 }, metadata: meta }, state),
    ).toThrow(/already been posted/);
  });
});

describe('user decider', () => {
  const registered: UserEvent = {
    type: 'UserRegistered',
    data: { userId: 'u-bob', email: 'bob@x.example', firstName: 'Bob', lastName: 'Stone', role: 'recruiter', profileImageUrl: null },
  };
  it('changes the role and deactivates in one command', () => {
    const events = userDecider.decide(
      { type: 'UpdateUser', data: { userId: 'u-bob', role: 'manager', active: false }, metadata: meta },
      given(userDecider, registered),
    );
    expect(events).toEqual([
      { type: 'UserRoleChanged', data: { userId: 'u-bob', fromRole: 'recruiter', toRole: 'manager' } },
      { type: 'UserDeactivated', data: { userId: 'u-bob' } },
    ]);
    const off = given(userDecider, registered, ...events);
    expect(off).toMatchObject({ role: 'manager', active: false });
    expect(userDecider.decide({ type: 'UpdateUser', data: { userId: 'u-bob', active: true }, metadata: meta }, off)).toEqual([
      { type: 'UserReactivated', data: { userId: 'u-bob' } },
    ]);
  });
  it('refuses changing your own account and unknown users', () => {
    const self = { ...meta, actor: { id: 'u-bob', name: 'Bob' } };
    expect(() =>
      userDecider.decide({ type: 'UpdateUser', data: { userId: 'u-bob', active: false }, metadata: self }, given(userDecider, registered)),
    ).toThrow(/cannot deactivate yourself/);
    expect(() =>
      userDecider.decide({ type: 'UpdateUser', data: { userId: 'nobody', active: false }, metadata: meta }, given(userDecider)),
    ).toThrow(/not found/);
  });
  it('records a password reset by an admin for someone else, never for yourself or nobody', () => {
    const reset = { type: 'ResetUserPassword' as const, data: { userId: 'u-bob' }, metadata: meta };
    expect(userDecider.decide(reset, given(userDecider, registered))).toEqual([{ type: 'UserPasswordReset', data: { userId: 'u-bob' } }]);
    expect(() =>
      userDecider.decide({ ...reset, metadata: { ...meta, actor: { id: 'u-bob', name: 'Bob' } } }, given(userDecider, registered)),
    ).toThrow(/cannot reset your own password/);
    expect(() => userDecider.decide(reset, given(userDecider))).toThrow(/not found/);
  });
});
