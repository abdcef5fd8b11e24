import { z } from 'zod';
import { EntityIdSchema } from '../shared';

/**
 * A candidate's personal data was erased (GDPR Art. 17): the data key was destroyed, the resume
 * files deleted. Carries no personal data: the id and the admin's reason only.
 */
export const CandidateErasedSchema = z.object({ candidateId: EntityIdSchema, reason: z.string() });
export type CandidateErased = z.infer<typeof CandidateErasedSchema>;

/** A client contact's personal data was erased; no personal data in it. */
export const ClientContactErasedSchema = z.object({ clientId: EntityIdSchema, contactId: EntityIdSchema, reason: z.string() });
export type ClientContactErased = z.infer<typeof ClientContactErasedSchema>;
