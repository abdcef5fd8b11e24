import { z } from 'zod';
import {
  ApplicationStageSchema,
  CandidateSourceSchema,
  CandidateStatusSchema,
  ClientPrioritySchema,
  ClientStatusSchema,
  JobPrioritySchema,
  JobStatusSchema,
  JobTypeSchema,
  RoleSchema,
  InterviewStatusSchema,
  InterviewTypeSchema,
  InterviewerSchema,
  InterviewOutcomeSchema,
  TaskPrioritySchema,
  TaskStatusSchema,
  CommunicationTypeSchema,
  LinkedinPostStatusSchema,
} from '@ats/events';

/** Read-model shapes the screens read (SPEC §3.2). Ids are numbers, times ISO strings. */
export const CurrentUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  profileImageUrl: z.string().nullable(),
  role: RoleSchema,
});
export type CurrentUser = z.infer<typeof CurrentUserSchema>;

export const CandidateSchema = z.object({
  id: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  mobilePhone: z.string().nullable(),
  location: z.string().nullable(),
  linkedinUrl: z.string().nullable(),
  currentTitle: z.string().nullable(),
  currentCompany: z.string().nullable(),
  status: CandidateStatusSchema,
  experienceLevel: z.string().nullable(),
  skills: z.array(z.string()),
  summary: z.string().nullable(),
  salaryExpectation: z.number().nullable(),
  resumeFileName: z.string().nullable(),
  resumeUploadedAt: z.string().nullable(),
  resumeText: z.string().nullable(),
  /** derived: a resume file or resume text is on record (the list's Resume filter) */
  hasResume: z.boolean().optional(),
  aiLastAnalyzed: z.string().nullable(),
  aiMatchScore: z.number().nullable(),
  /** SPEC §3.1 fields beyond what the list cards show (optional for older documents) */
  availability: z.string().nullable().optional(),
  notes: z.string().nullable().optional(),
  aiSkillsExtracted: z.array(z.string()).optional(),
  aiExperienceLevel: z.string().nullable().optional(),
  aiPersonalityTraits: z.array(z.string()).optional(),
  aiSummary: z.string().nullable().optional(),
  /** where the candidate came from (issue 15); null/absent = unknown */
  source: CandidateSourceSchema.nullable().optional(),
  createdBy: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** the candidate stream's last revision: an edit sends it back as `baseRevision` */
  revision: z.number().optional(),
  /** who wrote that last revision (an open edit form names them when the record changes under it) */
  updatedBy: z.object({ id: z.string(), name: z.string() }).optional(),
  /** absorbed by a merge: hidden from lists; its page points to `mergedInto` (until an unmerge) */
  merged: z.boolean().optional(),
  mergedInto: z.number().optional(),
  /** records merged into this one: their notes, jobs, messages and History show on this page */
  mergedFrom: z.array(z.number()).optional(),
  /** anonymised (retention review): the identity is gone, the record stays for statistics */
  anonymised: z.boolean().optional(),
});
export type Candidate = z.infer<typeof CandidateSchema>;

export const NoteSchema = z.object({
  id: z.number(),
  candidateId: z.number(),
  content: z.string(),
  createdBy: z.string(),
  authorName: z.string(),
  createdAt: z.string(),
});
export type Note = z.infer<typeof NoteSchema>;

export const AttachedJobSchema = z.object({
  id: z.number(),
  applicationId: z.number(),
  title: z.string(),
  status: JobStatusSchema,
  stage: ApplicationStageSchema,
  location: z.string().nullable(),
  appliedAt: z.string(),
  /** the application's own source (issue 15); null/absent = the candidate's */
  source: CandidateSourceSchema.nullable().optional(),
});
export type AttachedJob = z.infer<typeof AttachedJobSchema>;

export const ClientSchema = z.object({
  id: z.number(),
  companyName: z.string(),
  industry: z.string().nullable(),
  website: z.string().nullable(),
  description: z.string().nullable(),
  address: z.string().nullable(),
  priority: ClientPrioritySchema,
  status: ClientStatusSchema,
  notes: z.string().nullable(),
  contactName: z.string().nullable(),
  contactEmail: z.string().nullable(),
  contactPhone: z.string().nullable(),
  createdAt: z.string(),
  /** the client stream's last revision: an edit sends it back as `baseRevision` */
  revision: z.number().optional(),
  /** who wrote that last revision (an open edit form names them when the record changes under it) */
  updatedBy: z.object({ id: z.string(), name: z.string() }).optional(),
});
export type Client = z.infer<typeof ClientSchema>;

export const ClientContactSchema = z.object({
  id: z.number(),
  clientId: z.number(),
  name: z.string(),
  title: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  notes: z.string().nullable(),
  isPrimary: z.boolean(),
  createdBy: z.string(),
  createdAt: z.string(),
});
export type ClientContact = z.infer<typeof ClientContactSchema>;

/** GET /api/clients/{id}: the client with its contact persons (primary first). */
export const ClientDetailSchema = ClientSchema.extend({ contacts: z.array(ClientContactSchema), updatedAt: z.string().optional() });
export type ClientDetail = z.infer<typeof ClientDetailSchema>;

export const JobSchema = z.object({
  id: z.number(),
  title: z.string(),
  department: z.string().nullable(),
  description: z.string().nullable(),
  requirements: z.string().nullable(),
  location: z.string().nullable(),
  type: JobTypeSchema,
  status: JobStatusSchema,
  priority: JobPrioritySchema,
  salaryMin: z.number().nullable(),
  salaryMax: z.number().nullable(),
  hourlyRateMin: z.number().nullable(),
  hourlyRateMax: z.number().nullable(),
  feePercentage: z.number(),
  clientId: z.number().nullable(),
  client: z.object({ companyName: z.string(), industry: z.string().nullable() }).nullable(),
  candidateCount: z.number(),
  aiLastAnalyzed: z.string().nullable(),
  /** AI fields (SPEC §3.1), filled by recorded AI analyses */
  aiRequiredSkills: z.array(z.string()).optional(),
  aiPreferredExperience: z.string().nullable().optional(),
  aiPersonalityFit: z.array(z.string()).optional(),
  aiGeneratedQuestions: z.array(z.string()).optional(),
  createdAt: z.string(),
  updatedAt: z.string().optional(),
  /** when it was last filled or closed (null while it runs): its days open stop there */
  endedAt: z.string().nullable().optional(),
  /** how many people the client wants placed (1 when the job order predates openings) */
  openings: z.number().optional(),
  /** applications of this job at Placed, joined at read time */
  placedCount: z.number().optional(),
  /** the job stream's last revision: an edit sends it back as `baseRevision` */
  revision: z.number().optional(),
  /** who wrote that last revision (an open edit form names them when the record changes under it) */
  updatedBy: z.object({ id: z.string(), name: z.string() }).optional(),
});
export type Job = z.infer<typeof JobSchema>;

export const LinkedinJobPostSchema = z.object({
  id: z.number(),
  jobId: z.number(),
  linkedinJobId: z.string(),
  postUrl: z.string().nullable(),
  status: LinkedinPostStatusSchema,
  applicationsCount: z.number(),
  viewsCount: z.number(),
  postedAt: z.string(),
  lastSyncAt: z.string().nullable(),
  createdBy: z.string(),
});
export type LinkedinJobPost = z.infer<typeof LinkedinJobPostSchema>;

/** GET /api/jobs/{id}: the job order with its professional-network posts. */
export const JobDetailSchema = JobSchema.extend({ linkedinPosts: z.array(LinkedinJobPostSchema) });
export type JobDetail = z.infer<typeof JobDetailSchema>;

export const CommunicationSchema = z.object({
  id: z.number(),
  type: CommunicationTypeSchema,
  subject: z.string().nullable(),
  content: z.string().nullable(),
  recipientType: z.string(),
  recipientId: z.number().nullable(),
  recipientAddress: z.string().nullable(),
  delivered: z.boolean(),
  /** e-mail: 'postmark' (sent) or 'outbox' (kept locally, not delivered); null for other kinds */
  provider: z.enum(['postmark', 'outbox']).nullable().optional(),
  /** what the UI says about the message, e.g. that the outbox did not deliver it */
  note: z.string().nullable().optional(),
  sentAt: z.string().nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
  /** the provider's message id (Postmark's MessageID, or the outbox's own) */
  providerMessageId: z.string().nullable().optional(),
  /** the e-mail template it was written from; null for custom or older messages */
  template: z.string().nullable().optional(),
  /** a message to a client contact: the contact's client */
  clientId: z.number().nullable().optional(),
  /** files sent with it, by name */
  attachments: z.array(z.object({ name: z.string(), contentType: z.string().nullable().optional() })).optional(),
  /** the log position of the event that recorded it (the hub's cursor) */
  position: z.number().optional(),
});
export type Communication = z.infer<typeof CommunicationSchema>;

export const InterviewSchema = z.object({
  id: z.number(),
  candidateId: z.number(),
  jobId: z.number().nullable(),
  /** the interviewers' names joined (SPEC's single field; `interviewers` is the list) */
  interviewerName: z.string().nullable(),
  /** team members (`userId`) or free-text names (`userId: null`) */
  interviewers: z.array(InterviewerSchema),
  /** the team members among the interviewers (for "interviews of this user") */
  interviewerIds: z.array(z.string()),
  scheduledAt: z.string(),
  /** scheduledAt + duration (ISO): the range lists and the conflict check use it */
  endsAt: z.string(),
  duration: z.number(),
  location: z.string().nullable(),
  videoLink: z.string().nullable(),
  type: InterviewTypeSchema,
  status: InterviewStatusSchema,
  notes: z.string().nullable(),
  /** the scheduler's IANA time zone (for display as they chose it), null when unknown */
  timeZone: z.string().nullable(),
  feedback: z.string().nullable(),
  /** 1-5 stars, given when completed */
  rating: z.number().nullable(),
  outcome: InterviewOutcomeSchema.nullable(),
  completedAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  /** how often the interview changed after it was scheduled (reschedules, detail edits, cancel, reinstate): an ICS SEQUENCE */
  sequence: z.number(),
  /** the interview stream's last revision: an edit sends it back as `baseRevision` */
  revision: z.number(),
  createdBy: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** who wrote the last revision */
  updatedBy: z.object({ id: z.string(), name: z.string() }),
});
export type Interview = z.infer<typeof InterviewSchema>;

/** Today's interviews on the dashboard (SPEC §3.2), joined with names at read time. */
export const DashboardInterviewSchema = InterviewSchema.extend({
  candidate: z.object({ firstName: z.string(), lastName: z.string() }),
  job: z.object({ title: z.string() }).nullable(),
  client: z.object({ companyName: z.string() }).nullable(),
});
export type DashboardInterview = z.infer<typeof DashboardInterviewSchema>;

export const TaskSchema = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string().nullable(),
  status: TaskStatusSchema,
  priority: TaskPrioritySchema,
  dueDate: z.string().nullable(),
  assignedTo: z.string().nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Task = z.infer<typeof TaskSchema>;

/** SPEC §3.2 dashboard metrics; revenueYTD in currency units (dollars). */
export const DashboardMetricsSchema = z.object({
  activeCandidates: z.number(),
  openPositions: z.number(),
  placementsThisMonth: z.number(),
  revenueYTD: z.number(),
});
export type DashboardMetrics = z.infer<typeof DashboardMetricsSchema>;

export const AiStatsSchema = z.object({
  candidateAnalyses: z.number(),
  salaryReports: z.number(),
  messagesGenerated: z.number(),
  predictions: z.number(),
});
export type AiStats = z.infer<typeof AiStatsSchema>;

/** A user as admins manage them (no credentials). */
export const UserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  profileImageUrl: z.string().nullable(),
  role: RoleSchema,
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string().optional(),
});
export type User = z.infer<typeof UserSchema>;

/** One recorded event as the audit route shows it. */
export const AuditEventSchema = z.object({
  id: z.string(),
  type: z.string(),
  stream: z.string(),
  revision: z.number(),
  position: z.number(),
  data: z.unknown(),
  metadata: z
    .object({
      actor: z.object({ id: z.string(), name: z.string() }).loose(),
      correlationId: z.string().nullable().optional(),
      causationId: z.string().nullable().optional(),
      occurredAt: z.string(),
      schemaVersion: z.number(),
    })
    .loose(),
});
export type AuditEvent = z.infer<typeof AuditEventSchema>;

export const ApplicationSchema = z.object({
  id: z.number(),
  stage: ApplicationStageSchema,
  appliedAt: z.string(),
  candidateId: z.number(),
  jobId: z.number(),
  stageChangedAt: z.string().nullable(),
  stageChangedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** the application's own source (issue 15); null/absent = the candidate's */
  source: CandidateSourceSchema.nullable().optional(),
  candidate: z.object({
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    location: z.string().nullable(),
    skills: z.array(z.string()),
  }),
  job: z.object({
    title: z.string(),
    location: z.string().nullable(),
    client: z.object({ companyName: z.string() }).nullable(),
  }),
});
export type Application = z.infer<typeof ApplicationSchema>;

export const ACTIVITY_TYPES = ['candidate', 'interview', 'job', 'placement', 'client', 'note', 'task'] as const;
export const ActivitySchema = z.object({
  id: z.string(),
  type: z.string(),
  description: z.string(),
  entityType: z.string().nullable(),
  entityId: z.number().nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
  position: z.number(),
});
export type Activity = z.infer<typeof ActivitySchema>;

/** Every command's reply: the new entity id (when one was created) and the log position. */
export const CommandResultSchema = z.object({
  id: z.number().optional(),
  position: z.number(),
});
export type CommandResult = z.infer<typeof CommandResultSchema>;
