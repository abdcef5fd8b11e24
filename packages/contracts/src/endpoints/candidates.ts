import { z } from 'zod';
import { messages, limits } from '../messages';
import { AsOfQuerySchema } from './history';
import { ALL_ROLES, WRITER_ROLES, defineContract } from '../contract';
import { CandidateSourceSchema, CandidateStatusSchema } from '@ats/events';
import {
  BaseRevisionSchema,
  clearableText,
  closeBidi,
  clearableWebUrl,
  optionalText,
  optionalWebUrl,
  IdParamSchema,
  whenMissing,
  tooLongMessage,
} from '../fields';
import { AttachedJobSchema, CandidateSchema, CommandResultSchema, CommunicationSchema, NoteSchema } from '../models';

/** Add Candidate (SPEC §5). Skills arrive as a list (the form splits the comma-separated text). */
export const CreateCandidateBodySchema = z.object({
  firstName: z
    .string({ error: whenMissing(messages.firstNameRequired) })
    .trim()
    .min(1, messages.firstNameRequired)
    .max(100, tooLongMessage(100))
    .transform(closeBidi),
  lastName: z
    .string({ error: whenMissing(messages.lastNameRequired) })
    .trim()
    .min(1, messages.lastNameRequired)
    .max(100, tooLongMessage(100))
    .transform(closeBidi),
  email: z
    .string({ error: whenMissing(messages.validEmailRequired) })
    .trim()
    .max(320, tooLongMessage(320))
    .email(messages.validEmailRequired),
  currentTitle: z
    .string({ error: whenMissing(messages.jobTitleRequired) })
    .trim()
    .min(1, messages.jobTitleRequired)
    .max(200, tooLongMessage(200)),
  currentCompany: optionalText(200),
  phone: optionalText(50),
  mobilePhone: optionalText(50),
  location: optionalText(200),
  linkedinUrl: optionalWebUrl(500),
  skills: z
    .array(z.string().max(100))
    .max(200)
    .default([])
    .transform((skills) => skills.map((s) => s.trim()).filter((s) => s.length > 0)),
  experience: optionalText(100),
  salaryExpectation: z.number().nonnegative().max(100_000).optional().nullable(),
  summary: optionalText(10_000),
  resumeFileName: optionalText(limits.resumeFileNameMax),
  resumeText: optionalText(500_000),
  resumeUploadedAt: z.iso.datetime({ offset: true }).optional().nullable(),
  /** where the candidate came from (referral, job_board, …); absent = unknown */
  source: CandidateSourceSchema.nullable().optional(),
});
export type CreateCandidateBody = z.input<typeof CreateCandidateBodySchema>;

/** Update Candidate: every field optional (absent = unchanged, null/blank = cleared); status included. */
export const UpdateCandidateBodySchema = z.object({
  firstName: z.string().trim().min(1, messages.firstNameRequired).max(100).optional().transform(closeBidi),
  lastName: z.string().trim().min(1, messages.lastNameRequired).max(100).optional().transform(closeBidi),
  email: z.string().trim().max(320).email(messages.validEmailRequired).optional(),
  currentTitle: z.string().trim().min(1, messages.jobTitleRequired).max(200).optional(),
  currentCompany: clearableText(200),
  phone: clearableText(50),
  mobilePhone: clearableText(50),
  location: clearableText(200),
  linkedinUrl: clearableWebUrl(500),
  skills: z
    .array(z.string().max(100))
    .max(200)
    .optional()
    .transform((skills) => skills?.map((s) => s.trim()).filter((s) => s.length > 0)),
  experience: clearableText(100),
  salaryExpectation: z.number().nonnegative().max(100_000).nullable().optional(),
  summary: clearableText(10_000),
  availability: clearableText(200),
  notes: clearableText(10_000),
  status: CandidateStatusSchema.optional(),
  resumeFileName: clearableText(limits.resumeFileNameMax),
  resumeText: clearableText(500_000),
  resumeUploadedAt: z.iso.datetime({ offset: true }).nullable().optional(),
  source: CandidateSourceSchema.nullable().optional(),
  /** the record's revision the user started editing from: a field changed by someone else since is a 409 edit_conflict */
  baseRevision: BaseRevisionSchema,
});
export type UpdateCandidateBody = z.input<typeof UpdateCandidateBodySchema>;

/** The candidates list: search plus the SPEC §2.6 filter panel, applied on the server. */
export const CandidateFilterSchema = z.object({
  search: z.string().max(200).optional(),
  /** 'all' or a candidate status */
  status: z.union([z.literal('all'), CandidateStatusSchema]).optional(),
  /** case-insensitive substring of the location */
  location: z.string().max(200).optional(),
  /** comma-separated terms; each must be a substring of some skill */
  skills: z.string().max(500).optional(),
  /** 'true' = has a resume (file name or text), 'false' = none */
  hasResume: z.enum(['true', 'false', 'all']).optional(),
});
export type CandidateFilter = z.infer<typeof CandidateFilterSchema>;

/** A page of the list: `limit` (default 50, at most 200) from `offset`, newest first. */
export const PageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

export const CandidateListQuerySchema = CandidateFilterSchema.extend(PageQuerySchema.shape);
export type CandidateListQuery = z.input<typeof CandidateListQuerySchema>;

export const CountSchema = z.object({ count: z.number().int().nonnegative() });

export const AddNoteBodySchema = z.object({
  content: z
    .string({ error: whenMissing(messages.noteRequired) })
    .trim()
    .min(1, messages.noteRequired)
    .max(10_000, tooLongMessage(10_000)),
});

export const candidateContracts = {
  listCandidates: defineContract({
    name: 'listCandidates',
    method: 'GET',
    path: '/api/candidates',
    query: CandidateListQuerySchema,
    response: z.array(CandidateSchema),
    status: 200,
    roles: ALL_ROLES,
    summary:
      'A page of candidates (limit, offset), newest first, searched by name, email, title, company, location, skills and filtered by status, location, skills, hasResume',
  }),
  countCandidates: defineContract({
    name: 'countCandidates',
    method: 'GET',
    path: '/api/candidates/count',
    query: CandidateFilterSchema,
    response: CountSchema,
    status: 200,
    roles: ALL_ROLES,
    summary: "How many candidates the list's search and filters find (the '{n} candidates found' line)",
  }),
  getCandidate: defineContract({
    name: 'getCandidate',
    method: 'GET',
    path: '/api/candidates/:id',
    params: IdParamSchema,
    query: AsOfQuerySchema,
    response: CandidateSchema,
    status: 200,
    roles: ALL_ROLES,
    summary: 'One candidate',
  }),
  listCandidateNotes: defineContract({
    name: 'listCandidateNotes',
    method: 'GET',
    path: '/api/candidates/:id/notes',
    params: IdParamSchema,
    response: z.array(NoteSchema),
    status: 200,
    roles: ALL_ROLES,
    summary: 'Notes about a candidate, newest first',
  }),
  listCandidateJobs: defineContract({
    name: 'listCandidateJobs',
    method: 'GET',
    path: '/api/candidates/:id/jobs',
    params: IdParamSchema,
    response: z.array(AttachedJobSchema),
    status: 200,
    roles: ALL_ROLES,
    summary: 'Jobs the candidate is attached to',
  }),
  createCandidate: defineContract({
    name: 'createCandidate',
    method: 'POST',
    path: '/api/candidates',
    body: CreateCandidateBodySchema,
    response: CommandResultSchema,
    status: 201,
    roles: WRITER_ROLES,
    summary: 'Register a candidate; the e-mail is unique (case-insensitive)',
  }),
  deleteCandidate: defineContract({
    name: 'deleteCandidate',
    method: 'DELETE',
    path: '/api/candidates/:id',
    params: IdParamSchema,
    response: CommandResultSchema,
    status: 200,
    roles: WRITER_ROLES,
    summary: 'Delete a candidate (its history stays in the event log)',
  }),
  updateCandidate: defineContract({
    name: 'updateCandidate',
    method: 'PATCH',
    path: '/api/candidates/:id',
    params: IdParamSchema,
    body: UpdateCandidateBodySchema,
    response: CommandResultSchema,
    status: 200,
    roles: WRITER_ROLES,
    summary: 'Edit a candidate (status included); a changed e-mail must still be unique',
  }),
  listCandidateCommunications: defineContract({
    name: 'listCandidateCommunications',
    method: 'GET',
    path: '/api/candidates/:id/communications',
    params: IdParamSchema,
    response: z.array(CommunicationSchema),
    status: 200,
    roles: ALL_ROLES,
    summary: 'Communications with a candidate, newest first',
  }),
  addCandidateNote: defineContract({
    name: 'addCandidateNote',
    method: 'POST',
    path: '/api/candidates/:id/notes',
    params: IdParamSchema,
    body: AddNoteBodySchema,
    response: CommandResultSchema,
    status: 201,
    roles: WRITER_ROLES,
    summary: 'Add a note to a candidate',
  }),
  restoreCandidate: defineContract({
    name: 'restoreCandidate',
    method: 'POST',
    path: '/api/candidates/:id/restore',
    params: IdParamSchema,
    response: CommandResultSchema,
    status: 200,
    roles: WRITER_ROLES,
    summary:
      'Undo a candidate delete: the candidate comes back with its applications; its e-mail must still be free (409 when not deleted or the e-mail was taken)',
  }),
};
