import { z } from 'zod';

/** Application stages in board order (SPEC §4). */
export const APPLICATION_STAGES = ['applied', 'phone_screen', 'interview', 'final_interview', 'offer', 'placed', 'rejected'] as const;
export const ApplicationStageSchema = z.enum(APPLICATION_STAGES);
export type ApplicationStage = z.infer<typeof ApplicationStageSchema>;

export const CANDIDATE_STATUSES = ['active', 'placed', 'inactive'] as const;
export const CandidateStatusSchema = z.enum(CANDIDATE_STATUSES);
export type CandidateStatus = z.infer<typeof CandidateStatusSchema>;

export const JOB_STATUSES = ['open', 'sourcing', 'interviewing', 'offer_extended', 'closed', 'filled'] as const;
export const JobStatusSchema = z.enum(JOB_STATUSES);
export type JobStatus = z.infer<typeof JobStatusSchema>;

export const JOB_TYPES = ['full-time', 'part-time', 'contract', 'temporary', 'internship'] as const;
export const JobTypeSchema = z.enum(JOB_TYPES);

export const JOB_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export const JobPrioritySchema = z.enum(JOB_PRIORITIES);

export const CLIENT_STATUSES = ['active', 'inactive'] as const;
export const ClientStatusSchema = z.enum(CLIENT_STATUSES);
export const CLIENT_PRIORITIES = ['low', 'medium', 'high'] as const;
export const ClientPrioritySchema = z.enum(CLIENT_PRIORITIES);

export const TASK_STATUSES = ['pending', 'completed'] as const;
export const TaskStatusSchema = z.enum(TASK_STATUSES);
export type TaskStatus = z.infer<typeof TaskStatusSchema>;
export const TASK_PRIORITIES = ['low', 'medium', 'high'] as const;
export const TaskPrioritySchema = z.enum(TASK_PRIORITIES);
export type TaskPriority = z.infer<typeof TaskPrioritySchema>;

export const INTERVIEW_STATUSES = ['scheduled', 'completed', 'cancelled', 'no_show'] as const;
export const InterviewStatusSchema = z.enum(INTERVIEW_STATUSES);
export type InterviewStatus = z.infer<typeof InterviewStatusSchema>;
export const INTERVIEW_TYPES = ['phone', 'video', 'in-person', 'panel', 'technical'] as const;
export const InterviewTypeSchema = z.enum(INTERVIEW_TYPES);
export type InterviewType = z.infer<typeof InterviewTypeSchema>;

export const COMMUNICATION_TYPES = ['email', 'call', 'sms', 'meeting', 'linkedin', 'other'] as const;
export const CommunicationTypeSchema = z.enum(COMMUNICATION_TYPES);

/** What an AI analysis was about (SPEC §3.2 AI result shapes). */
export const AI_ANALYSIS_TYPES = [
  'profile',
  'job_match',
  'job_analysis',
  'salary',
  'message',
  'prediction',
  'interview',
  'search',
  'workflow',
  'market',
  'resume_parse',
] as const;
export const AiAnalysisTypeSchema = z.enum(AI_ANALYSIS_TYPES);
export type AiAnalysisType = z.infer<typeof AiAnalysisTypeSchema>;
export const AI_ENTITY_TYPES = ['candidate', 'job', 'application', 'market', 'none'] as const;
export const AiEntityTypeSchema = z.enum(AI_ENTITY_TYPES);

export const LINKEDIN_POST_STATUSES = ['posted', 'draft', 'closed', 'failed'] as const;
export const LinkedinPostStatusSchema = z.enum(LINKEDIN_POST_STATUSES);

export const ROLES = ['admin', 'manager', 'recruiter', 'auditor'] as const;
export const RoleSchema = z.enum(ROLES);
export type Role = z.infer<typeof RoleSchema>;

/** Numeric entity id (SPEC routes require numbers). */
export const EntityIdSchema = z.number().int().positive();
export const IsoDateTimeSchema = z.string().datetime({ offset: true });

/** Who did something, copied into events where the domain needs it (e.g. "moved by"). */
export const ActorRefSchema = z.object({ id: z.string(), name: z.string() });
export type ActorRef = z.infer<typeof ActorRefSchema>;

/** Where a candidate (or one application of theirs) came from (issue 15, source effectiveness). */
export const CANDIDATE_SOURCES = ['referral', 'job_board', 'professional_network', 'sourced', 'inbound', 'import', 'other'] as const;
export const CandidateSourceSchema = z.enum(CANDIDATE_SOURCES);
export type CandidateSource = z.infer<typeof CandidateSourceSchema>;
