import { z } from 'zod';
import { ActorRefSchema } from '../shared';

/** Stream of the audit log's own audit trail: exports of the log. */
export const AUDIT_LOG_STREAM = 'audit-log';

/** Someone exported (part of) the event log (stream `audit-log`). */
export const AuditLogExportedSchema = z.object({
  /** the filters of the export, as given */
  filters: z.record(z.string(), z.unknown()),
  format: z.enum(['ndjson', 'csv']),
  /** events written */
  count: z.number().int().min(0),
  firstPosition: z.number().nullable(),
  lastPosition: z.number().nullable(),
  /** false when the download stopped before the end */
  complete: z.boolean(),
  by: ActorRefSchema,
});
export type AuditLogExported = z.infer<typeof AuditLogExportedSchema>;
