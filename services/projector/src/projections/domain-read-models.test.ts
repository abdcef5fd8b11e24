import {
  DashboardInterviewSchema,
  InterviewSchema,
  LinkedinJobPostSchema,
  TaskSchema,
  CommunicationSchema,
  UserSchema,
} from '@ats/contracts';
import type { DomainEvent } from '@ats/events';
import { describe, expect, it } from 'vitest';
import { eventLog, project } from '../../test/support/events';
import {
  applicationCreated,
  candidateRegistered,
  clientCreated,
  contactAdded,
  jobCreated,
  stageChanged,
  userRegistered,
} from '../../test/support/fixtures';
import { activitiesProjection, activityLookupProjection } from './activities';
import { aiStatsProjection } from './ai-stats';
import { applicationsProjection } from './applications';
import { candidatesProjection } from './candidates';
import { clientsProjection, orderContacts } from './clients';
import { communicationsProjection } from './communications';
import { interviewsProjection } from './interviews';
import { jobsProjection } from './jobs';
import { linkedinPostsProjection } from './linkedin-posts';
import { placementsProjection } from './placements';
import { taskRank, tasksProjection } from './tasks';
import { usersProjection } from './users';

const placement = (applicationId = 1, placedAt = '2025-03-05T10:00:00.000Z'): DomainEvent => ({
  type: 'PlacementRecorded',
  data: { applicationId, candidateId: 1, jobId: 1, salary: 250, feePercentage: 25, fee: 62.5, placedAt },
});
const analysis = (overrides: Partial<Extract<DomainEvent, { type: 'AiAnalysisRecorded' }>['data']> = {}): DomainEvent => ({
  type: 'AiAnalysisRecorded',
  data: {
    analysisId: 1,
    engine: 'builtin',
    model: 'rules',
    promptVersion: '1',
    inputHash: 'h',
    analysisType: 'profile',
    entityType: 'candidate',
    entityId: 1,
    results: {},
    score: 80,
    confidence: 0.9,
    ...overrides,
  },
});

describe('candidates projection: updates and AI fields', () => {
  it('applies CandidateUpdated (experience → experienceLevel) and a profile analysis', () => {
    const at = eventLog();
    const { get } = project(
      [candidatesProjection],
      [
        at(candidateRegistered()),
        at(
          {
            type: 'CandidateUpdated',
            data: { candidateId: 1, changes: { status: 'placed', experience: 'Executive', availability: 'Now' } },
          },
          { occurredAt: '2025-04-01T00:00:00.000Z' },
        ),
        at(
          analysis({
            results: { summary: 'Great', skillsExtracted: ['Finance', 3], personalityTraits: ['Calm'], experienceLevel: 'senior' },
          }),
          { occurredAt: '2025-04-02T00:00:00.000Z' },
        ),
        at(analysis({ analysisId: 2, analysisType: 'salary', score: 10 })),
      ],
    );
    expect(get('candidates', 1)).toMatchObject({
      status: 'placed',
      experienceLevel: 'Executive',
      availability: 'Now',
      updatedAt: '2025-04-01T00:00:00.000Z',
      aiMatchScore: 80,
      aiSummary: 'Great',
      aiSkillsExtracted: ['Finance'],
      aiPersonalityTraits: ['Calm'],
      aiExperienceLevel: 'senior',
      aiLastAnalyzed: '2025-04-02T00:00:00.000Z',
    });
  });
});

describe('clients projection: contacts and deletion', () => {
  it('drops a deleted contact and shows the next one; deleting the client removes it with its contacts', () => {
    const at = eventLog();
    const events = [
      at(clientCreated()),
      at(contactAdded({ isPrimary: true })),
      at(contactAdded({ contactId: 2, name: 'Road Runner' })),
      at({ type: 'ClientContactDeleted', data: { clientId: 1, contactId: 1 } } as DomainEvent),
    ];
    const { get } = project([clientsProjection], events);
    expect(get('clients', 1)).toMatchObject({
      contactName: 'Road Runner',
      contacts: [expect.objectContaining({ id: 2, name: 'Road Runner' })],
    });
    const { docs } = project([clientsProjection], [...events, at({ type: 'ClientDeleted', data: { clientId: 1 } })]);
    expect(docs('clients')).toEqual([]);
  });
  it('puts the latest primary contact first', () => {
    const c = (id: number, isPrimary: boolean) => ({
      id,
      clientId: 1,
      name: `c${id}`,
      title: null,
      email: null,
      phone: null,
      notes: null,
      isPrimary,
      createdBy: 'u',
      createdAt: 'x',
    });
    expect(orderContacts([c(1, true), c(2, false), c(3, true)]).map((x) => x.id)).toEqual([3, 1, 2]);
    expect(orderContacts([c(1, false), c(2, false)]).map((x) => x.id)).toEqual([1, 2]);
  });
  it('applies ClientUpdated', () => {
    const at = eventLog();
    const { get } = project(
      [clientsProjection],
      [at(clientCreated()), at({ type: 'ClientUpdated', data: { clientId: 1, changes: { priority: 'low', website: null } } })],
    );
    expect(get('clients', 1)).toMatchObject({ priority: 'low', website: null });
  });
});

describe('jobs and applications projections: updates, deletes, detach', () => {
  it('updates and deletes a job; fills ai fields from a job analysis', () => {
    const at = eventLog();
    const base = [
      at(jobCreated()),
      at({ type: 'JobUpdated', data: { jobId: 1, changes: { status: 'filled', title: 'CTO' } } } as DomainEvent),
      at(analysis({ analysisType: 'job_analysis', entityType: 'job', results: { requiredSkills: ['Go'] } })),
    ];
    expect(project([jobsProjection], base).get('jobs', 1)).toMatchObject({
      status: 'filled',
      title: 'CTO',
      aiRequiredSkills: ['Go'],
      aiLastAnalyzed: expect.any(String),
    });
    expect(project([jobsProjection], [...base, at({ type: 'JobDeleted', data: { jobId: 1 } })]).docs('jobs')).toEqual([]);
  });
  it('removes a detached application', () => {
    const at = eventLog();
    const { docs } = project(
      [applicationsProjection],
      [
        at(applicationCreated()),
        at({ type: 'ApplicationDetached', data: { applicationId: 1, candidateId: 1, jobId: 1, detachedBy: { id: 'u', name: 'U' } } }),
      ],
    );
    expect(docs('applications')).toEqual([]);
  });
});

describe('placements projection', () => {
  it('keeps a placement while the application stays placed', () => {
    const at = eventLog();
    const events = [at(applicationCreated()), at(stageChanged('offer', 'placed')), at(placement())];
    expect(project([placementsProjection], events).docs('placements')).toEqual([
      { id: 1, candidateId: 1, jobId: 1, salary: 250, feePercentage: 25, fee: 62.5, placedAt: '2025-03-05T10:00:00.000Z' },
    ]);
    expect(project([placementsProjection], [...events, at(stageChanged('placed', 'offer'))]).docs('placements')).toEqual([]);
    expect(
      project(
        [placementsProjection],
        [
          ...events,
          at({ type: 'ApplicationDetached', data: { applicationId: 1, candidateId: 1, jobId: 1, detachedBy: { id: 'u', name: 'U' } } }),
        ],
      ).docs('placements'),
    ).toEqual([]);
  });
  it('ignores moves between other stages', () => {
    const at = eventLog();
    expect(
      project([placementsProjection], [at(placement()), at(stageChanged('offer', 'rejected', { applicationId: 2 }))]).docs('placements'),
    ).toHaveLength(1);
  });
});

describe('interviews, tasks, communications, posts', () => {
  it('stores an interview in the contract shape', () => {
    const at = eventLog();
    const { docs } = project(
      [interviewsProjection],
      [
        at({
          type: 'InterviewScheduled',
          data: {
            interviewId: 4,
            candidateId: 1,
            jobId: null,
            interviewerName: 'Ann',
            scheduledAt: '2025-03-05T15:00:00.000Z',
            duration: 60,
            location: null,
            type: 'phone',
            status: 'scheduled',
            notes: null,
          },
        }),
      ],
    );
    expect(InterviewSchema.strict().parse(docs('interviews')[0])).toMatchObject({
      id: 4,
      duration: 60,
      type: 'phone',
      status: 'scheduled',
      createdBy: 'u1',
    });
    expect(DashboardInterviewSchema.safeParse(docs('interviews')[0]).success).toBe(false); // names are joined at read time
  });
  it('ranks tasks: pending, then due date (overdue and today first, none last), then high > medium > low', () => {
    expect(
      [
        taskRank('completed', 'high', '2020-01-01'),
        taskRank('pending', 'low', null),
        taskRank('pending', 'high', null),
        taskRank('pending', 'low', '2030-01-01'),
        taskRank('pending', 'high', '2030-01-01'),
        taskRank('pending', 'medium', '2030-01-01'),
        taskRank('pending', 'low', '2029-12-31T09:00:00Z'),
        taskRank('pending', 'low', '2031-01-01'),
      ].sort(),
    ).toEqual([
      taskRank('pending', 'low', '2029-12-31T09:00:00Z'),
      taskRank('pending', 'high', '2030-01-01'),
      taskRank('pending', 'medium', '2030-01-01'),
      taskRank('pending', 'low', '2030-01-01'),
      taskRank('pending', 'low', '2031-01-01'),
      taskRank('pending', 'high', null),
      taskRank('pending', 'low', null),
      taskRank('completed', 'high', '2020-01-01'),
    ]);
    const at = eventLog();
    const { get } = project(
      [tasksProjection],
      [
        at({
          type: 'TaskCreated',
          data: { taskId: 1, title: 'Call', description: null, priority: 'high', status: 'pending', dueDate: null, assignedTo: null },
        }),
        at({ type: 'TaskStatusChanged', data: { taskId: 1, fromStatus: 'pending', toStatus: 'completed' } }),
      ],
    );
    const { rank, dueKey, relatedKind, relatedTo, revision, updatedBy, ...task } = get('tasks', 1) as Record<string, unknown>;
    expect({ dueKey, relatedKind, relatedTo, revision, updatedBy }).toMatchObject({ dueKey: '9999', relatedKind: null, relatedTo: null });
    expect(TaskSchema.strict().parse(task)).toMatchObject({ status: 'completed' });
    expect(rank).toBe(taskRank('completed', 'high', null));
  });
  it('stores communications and posts in the contract shapes', () => {
    const at = eventLog();
    const { docs } = project(
      [communicationsProjection, linkedinPostsProjection],
      [
        at({
          type: 'CommunicationRecorded',
          data: {
            communicationId: 1,
            type: 'email',
            subject: 'Hi',
            content: 'Hello',
            recipientType: 'candidate',
            recipientId: 1,
            recipientAddress: 'a@b.c',
            sentAt: null,
            delivered: false,
            provider: 'outbox',
            providerMessageId: null,
            note: 'Not delivered',
          },
        }),
        at({
          type: 'LinkedinJobPosted',
          data: {
            postId: 1,
            jobId: 1,
            linkedinJobId: 'li-1',
            postUrl: null,
            status: 'posted',
            applicationsCount: 0,
            viewsCount: 0,
            postedAt: '2025-03-01T00:00:00.000Z',
          },
        }),
      ],
    );
    expect(CommunicationSchema.strict().parse(docs('communications')[0])).toMatchObject({ subject: 'Hi' });
    expect(LinkedinJobPostSchema.strict().parse(docs('linkedin_job_posts')[0])).toMatchObject({ linkedinJobId: 'li-1' });
  });
});

describe('ai stats projection', () => {
  it('counts analyses by kind', () => {
    const at = eventLog();
    const { get } = project(
      [aiStatsProjection],
      [
        at(analysis()),
        at(analysis({ analysisId: 2, analysisType: 'job_match' })),
        at(analysis({ analysisId: 3, analysisType: 'salary' })),
        at(analysis({ analysisId: 4, analysisType: 'message' })),
        at(analysis({ analysisId: 5, analysisType: 'prediction' })),
        at(analysis({ analysisId: 6, analysisType: 'market' })),
      ],
    );
    expect(get('ai_stats', 'totals')).toEqual({
      id: 'totals',
      candidateAnalyses: 2,
      salaryReports: 1,
      messagesGenerated: 1,
      predictions: 1,
    });
  });
});

describe('users projection: role and active flag', () => {
  it('follows role changes and (de)activation', () => {
    const at = eventLog();
    const { get } = project(
      [usersProjection],
      [
        at(userRegistered()),
        at({ type: 'UserRoleChanged', data: { userId: 'u2', fromRole: 'manager', toRole: 'auditor' } }),
        at({ type: 'UserDeactivated', data: { userId: 'u2' } }),
      ],
    );
    expect(UserSchema.strict().parse(get('users', 'u2'))).toMatchObject({ role: 'auditor', active: false });
  });
});

describe('activity feed: new lines', () => {
  it('names who and what for interviews, deletes, status changes and posts', () => {
    const at = eventLog();
    const { docs } = project(
      [activityLookupProjection, activitiesProjection],
      [
        at(clientCreated()),
        at(jobCreated()),
        at(candidateRegistered()),
        at({ type: 'CandidateUpdated', data: { candidateId: 1, changes: { lastName: 'Byron' } } }),
        at({
          type: 'InterviewScheduled',
          data: {
            interviewId: 4,
            candidateId: 1,
            jobId: 1,
            interviewerName: null,
            scheduledAt: '2025-03-05T15:00:00.000Z',
            duration: 60,
            location: null,
            type: 'phone',
            status: 'scheduled',
            notes: null,
          },
        }),
        at({ type: 'JobUpdated', data: { jobId: 1, changes: { status: 'offer_extended' } } }),
        at({
          type: 'LinkedinJobPosted',
          data: {
            postId: 1,
            jobId: 1,
            linkedinJobId: 'li-1',
            postUrl: null,
            status: 'posted',
            applicationsCount: 0,
            viewsCount: 0,
            postedAt: '2025-03-01T00:00:00.000Z',
          },
        }),
        at({ type: 'ClientDeleted', data: { clientId: 1 } }),
      ],
    );
    const lines = docs('activities').map((a) => String(a.description));
    expect(lines.slice(3)).toEqual([
      'Interview scheduled with Ada Byron for VP Engineering',
      'VP Engineering is now Offer Extended',
      'VP Engineering was posted on LinkedIn',
      'Acme Corp was removed from clients',
    ]);
  });
});
