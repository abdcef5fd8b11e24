import { z } from 'zod';
import { EntityIdSchema } from '../shared';
import { CandidateChangesSchema } from './candidate';

/** The lawful basis the agency relies on to hold a candidate's data (GDPR Art. 6). */
export const LawfulBasisSchema = z.enum(['consent', 'legitimate_interest', 'contract', 'legal_obligation']);
export type LawfulBasis = z.infer<typeof LawfulBasisSchema>;
export const ConsentStateSchema = z.enum(['given', 'withdrawn', 'pending', 'not_required']);
export type ConsentState = z.infer<typeof ConsentStateSchema>;

/** The candidate's lawful basis and consent state as recorded by a user, with where it came from. */
export const CandidateConsentRecordedSchema = z.object({
  candidateId: EntityIdSchema,
  basis: LawfulBasisSchema,
  state: ConsentStateSchema,
  /** where the consent or basis came from (e.g. "e-mail reply", "signed terms") */
  source: z.string(),
  /** when the person gave, withdrew or was asked (ISO date-time) */
  recordedAt: z.string(),
  note: z.string().nullable(),
});
export type CandidateConsentRecorded = z.infer<typeof CandidateConsentRecordedSchema>;

/** Stream of the installation's privacy settings. */
export const PRIVACY_SETTINGS_STREAM = 'privacy-settings';

/** Admin setting: a candidate with no activity for `months` months is due for retention review. */
export const RetentionPolicySetSchema = z.object({ months: z.number().int().min(1).max(240) });
export type RetentionPolicySet = z.infer<typeof RetentionPolicySetSchema>;

/** An admin kept a candidate past the retention limit: off the review list until `until`. */
export const CandidateRetentionExtendedSchema = z.object({
  candidateId: EntityIdSchema,
  months: z.number().int().min(1).max(120),
  until: z.string(),
  reason: z.string().nullable(),
});
export type CandidateRetentionExtended = z.infer<typeof CandidateRetentionExtendedSchema>;

/**
 * Two candidate records of one person became one. Appended to BOTH candidates' streams (each
 * with its expected revision): on the survivor's it applies `changes` (the field values chosen
 * from the absorbed record) and remembers `previous` (the survivor's values they replaced, for
 * an unmerge); on the absorbed one's it marks the record as merged into the survivor.
 */
export const CandidatesMergedSchema = z.object({
  survivorId: EntityIdSchema,
  absorbedId: EntityIdSchema,
  changes: CandidateChangesSchema,
  previous: CandidateChangesSchema,
  mergedAt: z.string(),
});
export type CandidatesMerged = z.infer<typeof CandidatesMergedSchema>;

/** Undo of a merge (on both streams): the survivor gets `restored` back, the absorbed record is live again. */
export const CandidatesUnmergedSchema = z.object({
  survivorId: EntityIdSchema,
  absorbedId: EntityIdSchema,
  restored: CandidateChangesSchema,
});
export type CandidatesUnmerged = z.infer<typeof CandidatesUnmergedSchema>;
