import { z } from 'zod';
import { defineContract } from '../contract';
import { AuditEventSchema } from '../models';

export const AuditQuerySchema = z.object({
  /** events after this global position (exclusive) */
  after: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
});

export const auditContracts = {
  listEvents: defineContract({
    name: 'listEvents',
    method: 'GET',
    path: '/api/events',
    query: AuditQuerySchema,
    response: z.object({ events: z.array(AuditEventSchema), next: z.number().nullable() }),
    status: 200,
    roles: ['admin', 'auditor'],
    summary: 'The event log in order (audit; admin and auditor only); `next` is the `after` for the next page',
  }),
};
