import type { ApplicationStage, DomainEvent, EventData } from '@ats/events';

/** Realistic event data with overridable fields. */
export const candidateRegistered = (overrides: Partial<EventData<'CandidateRegistered'>> = {}): DomainEvent => ({
  type: 'CandidateRegistered',
  data: {
    candidateId: 1,
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    phone: '+44 20 7946 0000',
    mobilePhone: null,
    currentTitle: 'Chief Technology Officer',
    currentCompany: 'Analytical Engines Ltd',
    location: 'London',
    linkedinUrl: null,
    skills: ['Mathematics', 'Leadership'],
    experience: 'Executive',
    salaryExpectation: 250,
    summary: 'First programmer.',
    status: 'active',
    resumeFileName: 'ada.pdf',
    resumeText: 'Ada Lovelace, CTO',
    resumeUploadedAt: '2025-03-01T09:00:00.000Z',
    ...overrides,
  },
});

export const candidateDeleted = (candidateId = 1): DomainEvent => ({ type: 'CandidateDeleted', data: { candidateId } });

export const noteAdded = (overrides: Partial<EventData<'NoteAdded'>> = {}): DomainEvent => ({
  type: 'NoteAdded',
  data: { noteId: 1, candidateId: 1, content: 'Strong first call.', author: { id: 'u2', name: 'Maria Chen' }, ...overrides },
});

export const clientCreated = (overrides: Partial<EventData<'ClientCreated'>> = {}): DomainEvent => ({
  type: 'ClientCreated',
  data: {
    clientId: 1,
    companyName: 'Acme Corp',
    industry: 'Manufacturing',
    website: 'acme.example',
    description: 'Makes everything.',
    address: '1 Road Runner Way',
    priority: 'high',
    status: 'active',
    notes: null,
    ...overrides,
  },
});

export const contactAdded = (overrides: Partial<EventData<'ClientContactAdded'>> = {}): DomainEvent => ({
  type: 'ClientContactAdded',
  data: {
    clientId: 1,
    contactId: 1,
    name: 'Wile Coyote',
    title: 'CEO',
    email: 'wile@acme.example',
    phone: '555-0100',
    notes: null,
    isPrimary: false,
    ...overrides,
  },
});

export const jobCreated = (overrides: Partial<EventData<'JobCreated'>> = {}): DomainEvent => ({
  type: 'JobCreated',
  data: {
    jobId: 1,
    title: 'VP Engineering',
    department: 'Engineering',
    description: 'Lead the engineering org.',
    requirements: '15 years',
    salaryMin: 200,
    salaryMax: 300,
    hourlyRateMin: null,
    hourlyRateMax: null,
    location: 'Remote',
    type: 'full-time',
    priority: 'urgent',
    status: 'open',
    clientId: 1,
    feePercentage: 25,
    ...overrides,
  },
});

export const applicationCreated = (overrides: Partial<EventData<'ApplicationCreated'>> = {}): DomainEvent => ({
  type: 'ApplicationCreated',
  data: { applicationId: 1, candidateId: 1, jobId: 1, stage: 'applied', appliedAt: '2025-03-02T10:00:00.000Z', ...overrides },
});

export const stageChanged = (
  fromStage: ApplicationStage,
  toStage: ApplicationStage,
  overrides: Partial<EventData<'ApplicationStageChanged'>> = {},
): DomainEvent => ({
  type: 'ApplicationStageChanged',
  data: {
    applicationId: 1,
    candidateId: 1,
    jobId: 1,
    fromStage,
    toStage,
    changedBy: { id: 'u2', name: 'Maria Chen' },
    changedAt: '2025-03-03T10:00:00.000Z',
    ...overrides,
  },
});

export const userRegistered = (overrides: Partial<EventData<'UserRegistered'>> = {}): DomainEvent => ({
  type: 'UserRegistered',
  data: {
    userId: 'u2',
    email: 'maria@agency.example',
    firstName: 'Maria',
    lastName: 'Chen',
    role: 'recruiter',
    profileImageUrl: null,
    ...overrides,
  },
});

export const idReserved = (kind = 'candidate', id = 1): DomainEvent => ({ type: 'IdReserved', data: { kind, id } });
