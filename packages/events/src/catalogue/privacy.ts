import { z } from 'zod';
import { EntityIdSchema } from '../shared';

/**
 * A candidate's personal data was erased (GDPR Art. 17): the data key was destroyed, the resume
 * files deleted. Carries no personal data: the id and the admin's reason only.
 */
export const CandidateErasedSchema = z.object({ candidateId: EntityIdSchema, reason: z.string() });
export type CandidateErased = z.infer<typeof CandidateErasedSchema>;

/**
 * A candidate was anonymised (retention review): like an erasure the data key was destroyed and
 * the resume files deleted, but the record stays for statistics (status, source, skills, its
 * applications, stage history, placements and fees) as "Anonymised candidate". PII-free: the id
 * and the admin's reason only.
 */
export const CandidateAnonymisedSchema = z.object({ candidateId: EntityIdSchema, reason: z.string() });
export type CandidateAnonymised = z.infer<typeof CandidateAnonymisedSchema>;

/** A client contact's personal data was erased; no personal data in it. */
export const ClientContactErasedSchema = z.object({ clientId: EntityIdSchema, contactId: EntityIdSchema, reason: z.string() });
export type ClientContactErased = z.infer<typeof ClientContactErasedSchema>;

/**
 * The first event of a log rewritten by `npm run migrate-encrypt` (personal data sealed per
 * person): the old chain's head, so the new chain vouches for the one it replaced.
 */
export const EventLogMigratedSchema = z.object({
  fromHeadPosition: z.number().int().min(0),
  fromHeadHash: z.string().nullable(),
  fromEvents: z.number().int().min(0),
  reason: z.string(),
});
export type EventLogMigrated = z.infer<typeof EventLogMigratedSchema>;
