import { z } from 'zod';
import { EntityIdSchema } from '../shared';

/** What was done with a record: its page read, its resume downloaded, or it was exported. */
export const ACCESS_KINDS = ['read', 'download', 'export'] as const;
export const AccessKindSchema = z.enum(ACCESS_KINDS);
export type AccessKind = z.infer<typeof AccessKindSchema>;

/** One access: who, when (ISO), what kind, and for an export what was exported. */
export const AccessEntrySchema = z.object({
  userId: z.string(),
  userName: z.string(),
  role: z.string().nullable(),
  kind: AccessKindSchema,
  at: z.string(),
  detail: z.string().nullable(),
});
export type AccessEntry = z.infer<typeof AccessEntrySchema>;

/**
 * Records of one kind were accessed (stream `access-log`, appended in batches off the request
 * path: one event per record per batch, so a record's History finds its own lines by one index).
 * `entityType` 'log' with `entityId` null is an export of the event log itself.
 */
export const RecordsAccessedSchema = z.object({
  entityType: z.enum(['candidate', 'client', 'job', 'application', 'log']),
  entityId: EntityIdSchema.nullable(),
  accesses: z.array(AccessEntrySchema).min(1),
});
export type RecordsAccessed = z.infer<typeof RecordsAccessedSchema>;
