import { z } from 'zod';
import { defineContract } from '../contract';
import { AuditEventSchema } from '../models';

const EVENT_TYPE = /^[A-Za-z][A-Za-z0-9]*$/;

/** Which events of the log: every given filter must hold (shared by the browser and the export). */
export const AuditFilterSchema = z.object({
  /** event types, comma-separated (e.g. `CandidateUpdated,NoteAdded`) */
  type: z
    .string()
    .max(2000)
    .transform((text) => [
      ...new Set(
        text
          .split(',')
          .map((t) => t.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(z.string().regex(EVENT_TYPE, 'Not an event type').max(100)).max(100))
    .optional(),
  /** one stream, e.g. `candidate-17` */
  stream: z.string().trim().min(1).max(300).optional(),
  /** streams starting with this text, e.g. `candidate-17` or `application-` */
  streamPrefix: z.string().trim().min(1).max(300).optional(),
  /** one job order: its stream and every event naming it (applications, moves, placements, interviews) */
  job: z.coerce.number().int().min(1).optional(),
  /** the acting user's id */
  actor: z.string().trim().min(1).max(200).optional(),
  /** occurred at or after (ISO time) */
  from: z.iso.datetime({ offset: true }).optional(),
  /** occurred at or before (ISO time) */
  to: z.iso.datetime({ offset: true }).optional(),
  /** every event of one request */
  correlationId: z.string().trim().min(1).max(200).optional(),
  /** free text over type, stream, actor and data (a page looks through at most 5,000 events; `next` goes on) */
  q: z.string().trim().min(1).max(200).optional(),
});
export type AuditFilter = z.output<typeof AuditFilterSchema>;

export const AuditQuerySchema = AuditFilterSchema.extend({
  /** events after this global position (exclusive) */
  after: z.coerce.number().int().min(0).optional(),
  /** events before this global position (exclusive) */
  before: z.coerce.number().int().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  /** oldest first (default) or newest first */
  order: z.enum(['asc', 'desc']).default('asc'),
});

const HashSchema = z.string().regex(/^[0-9a-f]{64}$/);

export const ChainedAuditEventSchema = AuditEventSchema.extend({
  /** SHA-256 over the previous hash and this event's canonical envelope (null: not chained yet) */
  hash: HashSchema.nullable().optional(),
  prevHash: HashSchema.nullable().optional(),
});
export type ChainedAuditEvent = z.infer<typeof ChainedAuditEventSchema>;

export const VerifyResultSchema = z.object({
  ok: z.boolean(),
  checked: z.number(),
  headPosition: z.number(),
  headHash: z.string().nullable(),
  firstBrokenAt: z.number().nullable(),
  reason: z.string().nullable(),
  checkpoint: z.object({ position: z.number(), at: z.string(), signatureValid: z.boolean(), matches: z.boolean() }).nullable(),
  ms: z.number(),
});
export type VerifyResult = z.infer<typeof VerifyResultSchema>;

export const VerifyProgressSchema = z.object({
  running: z.boolean(),
  checked: z.number(),
  total: z.number(),
  position: z.number(),
  startedAt: z.string().nullable(),
  /** the last finished verification on this server */
  last: VerifyResultSchema.nullable(),
});
export type VerifyProgress = z.infer<typeof VerifyProgressSchema>;

export const AuditPublicKeySchema = z.object({
  algorithm: z.literal('Ed25519'),
  /** SPKI PEM */
  publicKey: z.string(),
  /** SHA-256 of the DER public key, hex */
  fingerprint: z.string(),
  /** the newest signed checkpoint of the chain */
  checkpoint: z.object({ position: z.number(), headHash: z.string(), at: z.string(), signature: z.string() }).nullable(),
});
export type AuditPublicKey = z.infer<typeof AuditPublicKeySchema>;

export const AuditExportQuerySchema = AuditFilterSchema.extend({ format: z.enum(['ndjson', 'csv']).default('ndjson') });

export const auditContracts = {
  listEvents: defineContract({
    name: 'listEvents',
    method: 'GET',
    path: '/api/events',
    query: AuditQuerySchema,
    response: z.object({ events: z.array(ChainedAuditEventSchema), next: z.number().nullable() }),
    status: 200,
    roles: ['admin', 'auditor'],
    summary:
      'The event log, filtered (audit; admin and auditor only), oldest or newest first; `next` is the `after` (asc) or `before` (desc) of the next page',
  }),
  verifyAuditLog: defineContract({
    name: 'verifyAuditLog',
    method: 'GET',
    path: '/api/audit/verify',
    response: VerifyResultSchema,
    status: 200,
    roles: ['admin', 'auditor'],
    summary:
      'Recomputes the hash chain of the whole log and checks the newest signed checkpoint; one verification runs at a time (a second call joins it)',
  }),
  auditVerifyProgress: defineContract({
    name: 'auditVerifyProgress',
    method: 'GET',
    path: '/api/audit/verify/progress',
    response: VerifyProgressSchema,
    status: 200,
    roles: ['admin', 'auditor'],
    summary: 'How far the running verification is, and the last result',
  }),
  auditPublicKey: defineContract({
    name: 'auditPublicKey',
    method: 'GET',
    path: '/api/audit/public-key',
    response: AuditPublicKeySchema,
    status: 200,
    roles: ['admin', 'auditor'],
    summary: "The installation's Ed25519 public key that signs checkpoints and export manifests",
  }),
  exportAuditLog: defineContract({
    name: 'exportAuditLog',
    method: 'GET',
    path: '/api/audit/export',
    query: AuditExportQuerySchema,
    response: z.unknown().describe('NDJSON (one event a line, then a signed manifest line) or CSV'),
    status: 200,
    roles: ['admin', 'auditor'],
    summary:
      'Streams the filtered events with their hashes, then a manifest signed with the installation key; check it offline with `npm run verify-log -- file.ndjson`',
  }),
};
