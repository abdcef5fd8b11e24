import { z } from 'zod';
import { ActorRefSchema, ApplicationStageSchema, EntityIdSchema } from '../shared';

/** A candidate was attached to a job (stream `application-<id>`), always at stage applied. */
export const ApplicationCreatedSchema = z.object({
  applicationId: EntityIdSchema,
  candidateId: EntityIdSchema,
  jobId: EntityIdSchema,
  stage: ApplicationStageSchema,
  appliedAt: z.string(),
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
