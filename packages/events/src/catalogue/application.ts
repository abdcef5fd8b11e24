import { z } from 'zod';
import { ActorRefSchema, ApplicationStageSchema, CandidateSourceSchema, EntityIdSchema } from '../shared';

/** A candidate was attached to a job (stream `application-<id>`), always at stage applied. */
export const ApplicationCreatedSchema = z.object({
  applicationId: EntityIdSchema,
  candidateId: EntityIdSchema,
  jobId: EntityIdSchema,
  stage: ApplicationStageSchema,
  appliedAt: z.string(),
  /** where this application came from when it differs from the candidate's own source; absent/null = the candidate's */
  source: CandidateSourceSchema.nullable().optional(),
});
export type ApplicationCreated = z.infer<typeof ApplicationCreatedSchema>;

export const ApplicationStageChangedSchema = z.object({
  applicationId: EntityIdSchema,
  candidateId: EntityIdSchema,
  jobId: EntityIdSchema,
  fromStage: ApplicationStageSchema,
  toStage: ApplicationStageSchema,
  changedBy: ActorRefSchema,
  changedAt: z.string(),
});
export type ApplicationStageChanged = z.infer<typeof ApplicationStageChangedSchema>;

/** Write-side uniqueness of (candidate, job): stream `application-pair-<candidateId>-<jobId>`. */
export const ApplicationPairReservedSchema = z.object({
  candidateId: EntityIdSchema,
  jobId: EntityIdSchema,
  applicationId: EntityIdSchema,
});
export type ApplicationPairReserved = z.infer<typeof ApplicationPairReservedSchema>;

/** The candidate was detached from the job (DELETE /api/applications/{id}); the log keeps its history. */
export const ApplicationDetachedSchema = z.object({
  applicationId: EntityIdSchema,
  candidateId: EntityIdSchema,
  jobId: EntityIdSchema,
  detachedBy: ActorRefSchema,
});
export type ApplicationDetached = z.infer<typeof ApplicationDetachedSchema>;

/**
 * A detached application is attached again (Undo of a detach, POST /api/applications/{id}/restore):
 * the same application, at the stage it had, with its last move; its history stays one stream.
 */
export const ApplicationRestoredSchema = z.object({
  applicationId: EntityIdSchema,
  candidateId: EntityIdSchema,
  jobId: EntityIdSchema,
  stage: ApplicationStageSchema,
  appliedAt: z.string(),
  stageChangedAt: z.string().nullable(),
  stageChangedBy: ActorRefSchema.nullable(),
  restoredBy: ActorRefSchema,
});
export type ApplicationRestored = z.infer<typeof ApplicationRestoredSchema>;

/** The (candidate, job) pair is free again after a detach. */
export const ApplicationPairReleasedSchema = ApplicationPairReservedSchema;
export type ApplicationPairReleased = z.infer<typeof ApplicationPairReleasedSchema>;

/**
 * A placement was made (appended with the move to `placed`): the agreed salary (thousands of
 * dollars; default the job's salary midpoint), the job's fee percentage and the fee (thousands).
 */
export const PlacementRecordedSchema = z.object({
  applicationId: EntityIdSchema,
  candidateId: EntityIdSchema,
  jobId: EntityIdSchema,
  salary: z.number().nonnegative(),
  feePercentage: z.number().min(0).max(100),
  fee: z.number().nonnegative(),
  placedAt: z.string(),
});
export type PlacementRecorded = z.infer<typeof PlacementRecordedSchema>;

/** The source of one application was set or cleared (null = follow the candidate's source). */
export const ApplicationSourceChangedSchema = z.object({
  applicationId: EntityIdSchema,
  candidateId: EntityIdSchema,
  jobId: EntityIdSchema,
  source: CandidateSourceSchema.nullable(),
});
export type ApplicationSourceChanged = z.infer<typeof ApplicationSourceChangedSchema>;
