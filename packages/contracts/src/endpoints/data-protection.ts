import { z } from 'zod';
import { ConsentStateSchema, LawfulBasisSchema } from '@ats/events';

export { ConsentStateSchema, LawfulBasisSchema, type ConsentState, type LawfulBasis } from '@ats/events';
import { ALL_ROLES, WRITER_ROLES, defineContract } from '../contract';
import { EntityIdBodySchema, IdParamSchema, whenMissing } from '../fields';
import { CommandResultSchema } from '../models';

const ADMIN = ['admin'] as const;

// ---- duplicates and merge ----

/** The fields whose value a merge lets the user pick from either record (the e-mail stays the survivor's). */
export const MERGE_FIELDS = [
  'firstName',
  'lastName',
  'phone',
  'mobilePhone',
  'currentTitle',
  'currentCompany',
  'location',
  'linkedinUrl',
  'experience',
  'salaryExpectation',
  'summary',
  'availability',
  'notes',
  'status',
  // the survivor keeps its own address unless the user chooses the other one; the address not kept
  // stays reserved by its record, so an unmerge gives each record its own back
  'email',
] as const;
export type MergeField = (typeof MERGE_FIELDS)[number];
/** How long a merge can be undone (the decider refuses an older one with 409 unmerge_expired). */
export const UNMERGE_WINDOW_DAYS = 30;

/** Per field, whose value the surviving record keeps; absent = the survivor's own. */
export const MergeChoicesSchema = z.partialRecord(z.enum(MERGE_FIELDS), z.enum(['survivor', 'absorbed']));
export type MergeChoices = z.infer<typeof MergeChoicesSchema>;

export const MergeCandidatesBodySchema = z.object({
  absorbedId: EntityIdBodySchema,
  choices: MergeChoicesSchema.default({}),
  /** the revisions the user saw: a record changed since is a 409 and nothing is merged */
  survivorRevision: z.number().int().min(0).optional(),
  absorbedRevision: z.number().int().min(0).optional(),
});
export type MergeCandidatesBody = z.input<typeof MergeCandidatesBodySchema>;
export const UnmergeCandidatesBodySchema = z.object({ absorbedId: EntityIdBodySchema });

/** Why two records look like one person. */
export const DuplicateReasonSchema = z.enum(['email', 'phone', 'name_company', 'linkedin']);
export type DuplicateReason = z.infer<typeof DuplicateReasonSchema>;
export const DuplicateCandidateSchema = z.object({
  id: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  currentTitle: z.string().nullable(),
  currentCompany: z.string().nullable(),
  createdAt: z.string(),
});
export type DuplicateCandidate = z.infer<typeof DuplicateCandidateSchema>;
export const DuplicatePairSchema = z.object({
  a: DuplicateCandidateSchema,
  b: DuplicateCandidateSchema,
  reasons: z.array(DuplicateReasonSchema),
});
export type DuplicatePair = z.infer<typeof DuplicatePairSchema>;
export const CandidateMatchSchema = z.object({ candidate: DuplicateCandidateSchema, reasons: z.array(DuplicateReasonSchema) });
export type CandidateMatch = z.infer<typeof CandidateMatchSchema>;

/** A candidate's merges: the records absorbed into it (with whether they can still be undone) or the one it went into. */
export const CandidateMergesSchema = z.object({
  mergedInto: z.number().nullable(),
  absorbed: z.array(z.object({ id: z.number(), name: z.string(), mergedAt: z.string(), undoUntil: z.string() })),
});
export type CandidateMerges = z.infer<typeof CandidateMergesSchema>;

// ---- consent and retention ----

export const ConsentBodySchema = z.object({
  basis: LawfulBasisSchema,
  state: ConsentStateSchema,
  source: z
    .string({ error: whenMissing('Required') })
    .trim()
    .min(1, 'Required')
    .max(200, 'Must be at most 200 characters'),
  recordedAt: z.iso.datetime({ offset: true, error: 'Enter a valid date' }),
  note: z.string().trim().max(2000).optional().nullable(),
});
export type ConsentBody = z.input<typeof ConsentBodySchema>;
export const ConsentSchema = z.object({
  basis: LawfulBasisSchema,
  state: ConsentStateSchema,
  source: z.string(),
  recordedAt: z.string(),
  note: z.string().nullable(),
  recordedBy: z.string(),
});
export type Consent = z.infer<typeof ConsentSchema>;
/** A candidate's privacy card: consent (null = none recorded), last activity, kept-until. */
export const CandidatePrivacySchema = z.object({
  candidateId: z.number(),
  consent: ConsentSchema.nullable(),
  lastActivityAt: z.string().nullable(),
  retainedUntil: z.string().nullable(),
});
export type CandidatePrivacy = z.infer<typeof CandidatePrivacySchema>;

/** The retention policy until an admin sets one: no activity for two years. */
export const DEFAULT_RETENTION_MONTHS = 24;
export const RetentionPolicySchema = z.object({ months: z.number().int().min(1).max(240) });
export type RetentionPolicy = z.infer<typeof RetentionPolicySchema>;
export const RetentionPolicyBodySchema = z.object({
  months: z
    .number({ error: 'Enter a number of months' })
    .int('Enter a whole number')
    .min(1, 'At least 1 month')
    .max(240, 'At most 240 months'),
});
export const ExtendRetentionBodySchema = z.object({
  candidateIds: z.array(z.number().int().positive()).min(1, 'Select at least one candidate').max(500),
  months: z.number().int().min(1, 'At least 1 month').max(120, 'At most 120 months'),
  reason: z.string().trim().max(500).optional().nullable(),
});
export const RetentionCandidateSchema = DuplicateCandidateSchema.extend({
  lastActivityAt: z.string(),
  consent: ConsentSchema.nullable(),
});
export type RetentionCandidate = z.infer<typeof RetentionCandidateSchema>;
export const RetentionReviewSchema = z.object({
  months: z.number(),
  /** candidates with no activity since this moment are listed */
  cutoff: z.string(),
  candidates: z.array(RetentionCandidateSchema),
});
export type RetentionReview = z.infer<typeof RetentionReviewSchema>;

export const dataProtectionContracts = {
  listDuplicates: defineContract({
    name: 'listDuplicates',
    method: 'GET',
    path: '/api/duplicates/candidates',
    response: z.array(DuplicatePairSchema),
    status: 200,
    roles: WRITER_ROLES,
    summary:
      'Pairs of candidates that look like one person (same e-mail, phone, name + company or LinkedIn URL), from an indexed read model',
  }),
  candidateDuplicates: defineContract({
    name: 'candidateDuplicates',
    method: 'GET',
    path: '/api/candidates/:id/duplicates',
    params: IdParamSchema,
    response: z.array(CandidateMatchSchema),
    status: 200,
    roles: ALL_ROLES,
    summary: "The candidate's possible duplicates, with why",
  }),
  candidateMerges: defineContract({
    name: 'candidateMerges',
    method: 'GET',
    path: '/api/candidates/:id/merges',
    params: IdParamSchema,
    response: CandidateMergesSchema,
    status: 200,
    roles: ALL_ROLES,
    summary: 'The records merged into this candidate (undo window) or the record it was merged into',
  }),
  mergeCandidates: defineContract({
    name: 'mergeCandidates',
    method: 'POST',
    path: '/api/candidates/:id/merge',
    params: IdParamSchema,
    body: MergeCandidatesBodySchema,
    response: CommandResultSchema,
    status: 200,
    roles: WRITER_ROLES,
    summary: `Merge another candidate into this one (per-field choices); both histories stay; undo within ${UNMERGE_WINDOW_DAYS} days`,
  }),
  unmergeCandidates: defineContract({
    name: 'unmergeCandidates',
    method: 'POST',
    path: '/api/candidates/:id/unmerge',
    params: IdParamSchema,
    body: UnmergeCandidatesBodySchema,
    response: CommandResultSchema,
    status: 200,
    roles: WRITER_ROLES,
    summary: `Undo a merge (within ${UNMERGE_WINDOW_DAYS} days): both records as they were`,
  }),
  getCandidatePrivacy: defineContract({
    name: 'getCandidatePrivacy',
    method: 'GET',
    path: '/api/candidates/:id/privacy',
    params: IdParamSchema,
    response: CandidatePrivacySchema,
    status: 200,
    roles: ALL_ROLES,
    summary: "The candidate's lawful basis, consent state and last activity",
  }),
  recordConsent: defineContract({
    name: 'recordConsent',
    method: 'PUT',
    path: '/api/candidates/:id/consent',
    params: IdParamSchema,
    body: ConsentBodySchema,
    response: CommandResultSchema,
    status: 200,
    roles: WRITER_ROLES,
    summary: 'Record the lawful basis and consent state (with source and date)',
  }),
  getRetentionPolicy: defineContract({
    name: 'getRetentionPolicy',
    method: 'GET',
    path: '/api/privacy/retention-policy',
    response: RetentionPolicySchema,
    status: 200,
    roles: ALL_ROLES,
    summary: 'The retention policy: candidates with no activity for this many months are due for review',
  }),
  setRetentionPolicy: defineContract({
    name: 'setRetentionPolicy',
    method: 'PUT',
    path: '/api/privacy/retention-policy',
    body: RetentionPolicyBodySchema,
    response: CommandResultSchema,
    status: 200,
    roles: ADMIN,
    summary: 'Set the retention policy (admins)',
  }),
  listRetentionReview: defineContract({
    name: 'listRetentionReview',
    method: 'GET',
    path: '/api/privacy/retention',
    response: RetentionReviewSchema,
    status: 200,
    roles: ADMIN,
    summary: 'Candidates past the retention limit (no activity since the cutoff, not kept longer), oldest activity first',
  }),
  extendRetention: defineContract({
    name: 'extendRetention',
    method: 'POST',
    path: '/api/privacy/retention/extend',
    body: ExtendRetentionBodySchema,
    response: CommandResultSchema,
    status: 200,
    roles: ADMIN,
    summary: 'Keep the selected candidates for another N months (one event each)',
  }),
};
