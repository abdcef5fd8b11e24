import { z } from 'zod';
import {
  ApplicationStageSchema,
  CandidateStatusSchema,
  ClientPrioritySchema,
  ClientStatusSchema,
  JobPrioritySchema,
  JobStatusSchema,
  JobTypeSchema,
  RoleSchema,
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
  aiLastAnalyzed: z.string().nullable(),
  aiMatchScore: z.number().nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
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
});
export type Client = z.infer<typeof ClientSchema>;

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
  createdAt: z.string(),
});
export type Job = z.infer<typeof JobSchema>;

export const ApplicationSchema = z.object({
  id: z.number(),
  stage: ApplicationStageSchema,
  appliedAt: z.string(),
  candidateId: z.number(),
  jobId: z.number(),
  stageChangedAt: z.string().nullable(),
  stageChangedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
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

export const ACTIVITY_TYPES = ['candidate', 'interview', 'job', 'placement', 'client', 'note'] as const;
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
