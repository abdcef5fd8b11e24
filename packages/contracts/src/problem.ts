import { z } from 'zod';

/** RFC 9457 problem details, as every error response of the API. */
export const FieldErrorSchema = z.object({ path: z.string(), message: z.string() });
export type FieldError = z.infer<typeof FieldErrorSchema>;

export const ProblemSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string().optional(),
    /** stable machine-readable id, e.g. 'validation_failed', 'stage_conflict' */
    code: z.string(),
    errors: z.array(FieldErrorSchema).optional(),
  })
  .loose();
export type Problem = z.infer<typeof ProblemSchema>;

/** 409 when a stage change's `fromStage` no longer holds: who moved the card, where, when. */
export const StageConflictProblemSchema = ProblemSchema.extend({
  code: z.literal('stage_conflict'),
  currentStage: z.string(),
  movedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  movedAt: z.string().nullable(),
});
export type StageConflictProblem = z.infer<typeof StageConflictProblemSchema>;

/** One field an edit and someone else's later change both set, differently (field paths as in the update body). */
export const EditConflictSchema = z.object({
  field: z.string(),
  yours: z.unknown(),
  theirs: z.unknown(),
  by: z.object({ id: z.string(), name: z.string() }),
  at: z.string(),
});
export type EditConflict = z.infer<typeof EditConflictSchema>;

/** 409 when an update's `baseRevision` is stale for a field the user changed: who changed it, when, both values. */
export const EditConflictProblemSchema = ProblemSchema.extend({
  code: z.literal('edit_conflict'),
  conflicts: z.array(EditConflictSchema),
  /** the record's revision now: re-save with it as `baseRevision` once the user has chosen */
  revision: z.number(),
});
export type EditConflictProblem = z.infer<typeof EditConflictProblemSchema>;

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';
