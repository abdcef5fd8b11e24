import { z } from 'zod';
import { ALL_ROLES, WRITER_ROLES, defineContract } from '../contract';
import { IdParamSchema, whenMissing, tooLongMessage } from '../fields';
import { limits } from '../messages';

export const RESUME_MESSAGES = {
  invalidType: 'Invalid file type: Please upload a PDF, DOC, or DOCX file.',
  tooLarge: 'File too large: Please upload a file smaller than 10MB.',
  noFile: 'No resume file has been uploaded for this candidate.',
} as const;

/** Upload Resume on the candidate detail: the file as a data URL (SPEC §5, §7). */
export const UploadResumeBodySchema = z.object({
  fileName: z
    .string({ error: whenMissing('Required') })
    .trim()
    .min(1, 'Required')
    .max(limits.resumeFileNameMax, tooLongMessage(limits.resumeFileNameMax)),
  fileData: z
    .string({ error: whenMissing('Required') })
    .regex(/^data:[\w.+/-]*(;[\w-]+=[\w.-]+)*;base64,/, 'Invalid input')
    // 10 MB of bytes is ~13.4 MB of base64; larger bodies are refused before parsing
    .max(14_500_000, RESUME_MESSAGES.tooLarge),
});

export const resumeContracts = {
  uploadResume: defineContract({
    name: 'uploadResume',
    method: 'POST',
    path: '/api/candidates/:id/resume',
    params: IdParamSchema,
    body: UploadResumeBodySchema,
    response: z.object({
      fileName: z.string(),
      size: z.number(),
      mimeType: z.string(),
      resumeUploadedAt: z.string(),
      textExtracted: z.boolean(),
      position: z.number(),
    }),
    status: 200,
    roles: WRITER_ROLES,
    summary:
      'Store a resume (PDF, DOC, DOCX ≤ 10 MB, checked by size and magic bytes: 413 / 415); its text is extracted for the View dialog',
  }),
  downloadResume: defineContract({
    name: 'downloadResume',
    method: 'GET',
    path: '/api/candidates/:id/resume/file',
    params: IdParamSchema,
    response: z.unknown().describe('the resume file as uploaded (its own MIME type, as an attachment)'),
    status: 200,
    roles: ALL_ROLES,
    summary:
      'The candidate\'s last uploaded resume file, as an attachment; the download is recorded in the access log (the candidate\'s History: "Downloaded by …")',
  }),
};
