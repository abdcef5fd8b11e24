import { z } from 'zod';
import { messages, limits } from '../messages';
import { ALL_ROLES, WRITER_ROLES, defineContract } from '../contract';
import { optionalText, IdParamSchema } from '../fields';
import { AttachedJobSchema, CandidateSchema, CommandResultSchema, NoteSchema } from '../models';

/** Add Candidate (SPEC §5). Skills arrive as a list (the form splits the comma-separated text). */
export const CreateCandidateBodySchema = z.object({
  firstName: z.string({ error: messages.firstNameRequired }).trim().min(1, messages.firstNameRequired).max(100),
  lastName: z.string({ error: messages.lastNameRequired }).trim().min(1, messages.lastNameRequired).max(100),
  email: z.string({ error: messages.validEmailRequired }).trim().max(320).email(messages.validEmailRequired),
  currentTitle: z.string({ error: messages.jobTitleRequired }).trim().min(1, messages.jobTitleRequired).max(200),
  currentCompany: optionalText(200),
  phone: optionalText(50),
  mobilePhone: optionalText(50),
  location: optionalText(200),
  linkedinUrl: optionalText(500),
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
});
export type CreateCandidateBody = z.input<typeof CreateCandidateBodySchema>;

export const CandidateListQuerySchema = z.object({
  search: z.string().max(200).optional(),
});

export const AddNoteBodySchema = z.object({
  content: z.string({ error: messages.noteRequired }).trim().min(1, messages.noteRequired).max(10_000),
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
    summary: 'Candidates, newest first, optionally searched by name, email, title, company, location, skills',
  }),
  getCandidate: defineContract({
    name: 'getCandidate',
    method: 'GET',
    path: '/api/candidates/:id',
    params: IdParamSchema,
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
};
