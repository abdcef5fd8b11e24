import { z } from 'zod';

/** Application stages in board order (SPEC §4). */
export const APPLICATION_STAGES = [
  'applied',
  'phone_screen',
  'interview',
  'final_interview',
  'offer',
  'placed',
  'rejected',
] as const;
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

export const ROLES = ['admin', 'manager', 'recruiter', 'auditor'] as const;
export const RoleSchema = z.enum(ROLES);
export type Role = z.infer<typeof RoleSchema>;

/** Numeric entity id (SPEC routes require numbers). */
export const EntityIdSchema = z.number().int().positive();
export const IsoDateTimeSchema = z.string().datetime({ offset: true });

/** Who did something, copied into events where the domain needs it (e.g. "moved by"). */
export const ActorRefSchema = z.object({ id: z.string(), name: z.string() });
export type ActorRef = z.infer<typeof ActorRefSchema>;
