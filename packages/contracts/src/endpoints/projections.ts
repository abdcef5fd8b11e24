import { z } from 'zod';
import { defineContract } from '../contract';

/** A rebuild started from the admin screen (or the last one that ended on this server). */
export const ProjectionRebuildSchema = z.object({
  /** running; done; failed (see `error`) */
  status: z.enum(['running', 'done', 'failed']),
  phase: z.enum(['replaying', 'indexing', 'swapping', 'done']),
  readModels: z.array(z.string()),
  /** last event position projected into the fresh collections */
  position: z.number(),
  /** head of the log as the rebuild last saw it */
  head: z.number(),
  events: z.number(),
  /** 0–100 */
  percent: z.number(),
  /** events replayed per second since the start */
  eventsPerSecond: z.number(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  error: z.string().nullable(),
});
export type ProjectionRebuild = z.infer<typeof ProjectionRebuildSchema>;

export const DeadLetterSchema = z.object({
  id: z.string(),
  eventId: z.string(),
  position: z.number(),
  eventType: z.string(),
  stream: z.string(),
  /** the read model that failed, or `(decode)` when the event could not be decoded */
  projection: z.string(),
  error: z.string(),
  attempts: z.number(),
  failedAt: z.string(),
});
export type DeadLetter = z.infer<typeof DeadLetterSchema>;

export const ProjectionHealthSchema = z.object({
  name: z.string(),
  version: z.number(),
  /**
   * live: up to the shared checkpoint; backfilling: added since the checkpoint was written and
   * being rebuilt; rebuilding: a rebuild of it runs; stalled: behind the log and the checkpoint
   * has not moved for `stalledAfterMs`
   */
  state: z.enum(['live', 'rebuilding', 'backfilling', 'stalled']),
  /** the shared checkpoint (one per projector, not per read model) */
  checkpoint: z.number(),
  lag: z.number(),
  deadLetters: z.array(DeadLetterSchema),
});
export type ProjectionHealth = z.infer<typeof ProjectionHealthSchema>;

export const ProjectionsOverviewSchema = z.object({
  /** the projector keeps one checkpoint for all read models: they advance together */
  checkpoint: z.number(),
  checkpointUpdatedAt: z.string().nullable(),
  head: z.number(),
  lag: z.number(),
  stalledAfterMs: z.number(),
  /** whether rebuild, retry and skip can be run from here (false: the projector runs as its own service) */
  controllable: z.boolean(),
  readModels: z.array(ProjectionHealthSchema),
  /** dead letters of events that could not be decoded at all (no read model saw them) */
  undecodable: z.array(DeadLetterSchema),
  rebuild: ProjectionRebuildSchema.nullable(),
});
export type ProjectionsOverview = z.infer<typeof ProjectionsOverviewSchema>;

export const RebuildProjectionsBodySchema = z
  .object({
    /** read-model names; default: all */
    readModels: z.array(z.string().trim().min(1).max(100)).min(1).max(100).optional(),
  })
  .strict();

const DeadLetterParamSchema = z.object({ id: z.string().min(1).max(300) });

export const projectionContracts = {
  projectionsOverview: defineContract({
    name: 'projectionsOverview',
    method: 'GET',
    path: '/api/admin/projections',
    response: ProjectionsOverviewSchema,
    status: 200,
    roles: ['admin'],
    summary:
      'Projection health (admins only): the checkpoint, lag, state, version and dead letters of each read model, and a rebuild in progress',
  }),
  rebuildProjections: defineContract({
    name: 'rebuildProjections',
    method: 'POST',
    path: '/api/admin/projections/rebuild',
    body: RebuildProjectionsBodySchema,
    response: ProjectionRebuildSchema,
    status: 202,
    roles: ['admin'],
    summary:
      'Starts a rebuild of the given read models (default: all) from the log; progress in GET /api/admin/projections. 409 while one runs; 501 where the projector runs as its own service',
  }),
  retryDeadLetter: defineContract({
    name: 'retryDeadLetter',
    method: 'POST',
    path: '/api/admin/projections/dead-letters/:id/retry',
    params: DeadLetterParamSchema,
    response: ProjectionRebuildSchema,
    status: 202,
    roles: ['admin'],
    summary:
      'Retries a dead-lettered event by rebuilding its read model from the log (its dead letters are replaced by what the replay finds); 404 unknown, 409 while a rebuild runs',
  }),
  skipDeadLetter: defineContract({
    name: 'skipDeadLetter',
    method: 'POST',
    path: '/api/admin/projections/dead-letters/:id/skip',
    params: DeadLetterParamSchema,
    response: z.object({ id: z.string() }),
    status: 200,
    roles: ['admin'],
    summary: 'Dismisses a dead letter: the read model stays without that event (a later rebuild tries it again); 404 unknown',
  }),
};
