import { z } from 'zod';
import { CandidateSourceSchema, CandidateStatusSchema, EntityIdSchema } from '../shared';

/** A candidate was registered (SPEC §3.1 candidates). Salary is in thousands of dollars. */
export const CandidateRegisteredSchema = z.object({
  candidateId: EntityIdSchema,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  mobilePhone: z.string().nullable(),
  currentTitle: z.string().nullable(),
  currentCompany: z.string().nullable(),
  location: z.string().nullable(),
  linkedinUrl: z.string().nullable(),
  skills: z.array(z.string()),
  experience: z.string().nullable(),
  salaryExpectation: z.number().nullable(),
  summary: z.string().nullable(),
  status: CandidateStatusSchema,
  resumeFileName: z.string().nullable(),
  resumeText: z.string().nullable(),
  resumeUploadedAt: z.string().nullable(),
  /** where the candidate came from; absent in events written before sources existed (= unknown) */
  source: CandidateSourceSchema.nullable().optional(),
});
export type CandidateRegistered = z.infer<typeof CandidateRegisteredSchema>;

export const CandidateDeletedSchema = z.object({ candidateId: EntityIdSchema });
export type CandidateDeleted = z.infer<typeof CandidateDeletedSchema>;

/** A deleted candidate was brought back (an Undo); its e-mail was reserved again first. */
export const CandidateRestoredSchema = z.object({ candidateId: EntityIdSchema });
export type CandidateRestored = z.infer<typeof CandidateRestoredSchema>;

/**
 * The candidate's status followed its placement: `placed` when an application reached Placed,
 * back to `status` (what it was before) when that placement was undone (moved out of Placed or
 * detached). `applicationId` names the placement, so the log says why the status changed.
 */
export const CandidateStatusFollowedPlacementSchema = z.object({
  candidateId: EntityIdSchema,
  applicationId: EntityIdSchema,
  status: CandidateStatusSchema,
  previousStatus: CandidateStatusSchema,
});
export type CandidateStatusFollowedPlacement = z.infer<typeof CandidateStatusFollowedPlacementSchema>;

/** Write-side uniqueness: stream `candidate-email-<normalized email>`. */
export const CandidateEmailReservedSchema = z.object({ email: z.string(), candidateId: EntityIdSchema });
export type CandidateEmailReserved = z.infer<typeof CandidateEmailReservedSchema>;
export const CandidateEmailReleasedSchema = z.object({ email: z.string(), candidateId: EntityIdSchema });
export type CandidateEmailReleased = z.infer<typeof CandidateEmailReleasedSchema>;

/** Fields a candidate update may change (SPEC §3.1); absent = unchanged, null = cleared. */
export const CandidateChangesSchema = z
  .object({
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    mobilePhone: z.string().nullable(),
    currentTitle: z.string().nullable(),
    currentCompany: z.string().nullable(),
    location: z.string().nullable(),
    linkedinUrl: z.string().nullable(),
    skills: z.array(z.string()),
    experience: z.string().nullable(),
    salaryExpectation: z.number().nullable(),
    summary: z.string().nullable(),
    availability: z.string().nullable(),
    notes: z.string().nullable(),
    status: CandidateStatusSchema,
    resumeFileName: z.string().nullable(),
    resumeText: z.string().nullable(),
    resumeUploadedAt: z.string().nullable(),
    source: CandidateSourceSchema.nullable(),
  })
  .partial();
export type CandidateChanges = z.infer<typeof CandidateChangesSchema>;

/** A candidate's fields were edited; only the changed fields are carried. */
export const CandidateUpdatedSchema = z.object({ candidateId: EntityIdSchema, changes: CandidateChangesSchema });
export type CandidateUpdated = z.infer<typeof CandidateUpdatedSchema>;

/** Where a stored file is (the blob-store reference): events carry this, never the bytes. */
export const BlobRefSchema = z.object({
  blobId: z.string(),
  fileName: z.string(),
  size: z.number().int().min(0),
  mimeType: z.string(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

/** A resume file was stored for the candidate; `resumeText` is the extracted text (null when none could be read). */
export const CandidateResumeUploadedSchema = z.object({
  candidateId: EntityIdSchema,
  blob: BlobRefSchema,
  resumeText: z.string().nullable(),
  uploadedAt: z.string(),
});
export type CandidateResumeUploaded = z.infer<typeof CandidateResumeUploadedSchema>;
