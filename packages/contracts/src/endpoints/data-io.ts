import { z } from 'zod';
import { ApplicationStageSchema, CandidateStatusSchema, type ImportState } from '@ats/events';
import { ALL_ROLES, WRITER_ROLES, defineContract } from '../contract';

/** The lists a CSV export covers (each as filtered on its screen). */
export const EXPORT_LISTS = ['candidates', 'clients', 'contacts', 'jobs', 'applications', 'placements'] as const;
export const ExportListSchema = z.enum(EXPORT_LISTS);
export type ExportList = z.infer<typeof ExportListSchema>;

/** The filters of the list screens, by name as they use them (a list ignores the ones it has not got). */
export const ExportQuerySchema = z.object({
  search: z.string().max(200).optional(),
  status: z.union([z.literal('all'), CandidateStatusSchema]).optional(),
  location: z.string().max(200).optional(),
  skills: z.string().max(500).optional(),
  hasResume: z.enum(['true', 'false', 'all']).optional(),
  job: z
    .string()
    .regex(/^(\d{1,15}|all)?$/, 'Invalid input')
    .optional(),
  stage: ApplicationStageSchema.optional(),
});
export type ExportQuery = z.infer<typeof ExportQuerySchema>;

/** What an import brings in. */
export const IMPORT_KINDS = ['candidates', 'clients', 'jobs'] as const;
export const ImportKindSchema = z.enum(IMPORT_KINDS);
export type ImportKind = z.infer<typeof ImportKindSchema>;

/** What to do with a row that matches an existing record. */
export const DuplicateChoiceSchema = z.enum(['skip', 'update', 'create']);
export type DuplicateChoice = z.infer<typeof DuplicateChoiceSchema>;

export const ImportUploadBodySchema = z.object({
  kind: ImportKindSchema,
  fileName: z.string().trim().min(1).max(255),
  /** the file's text (UTF-8; a BOM and Windows line endings are fine) */
  csv: z.string().min(1, 'The file is empty').max(14_000_000, 'The file is too large (at most 14 MB)'),
});

/** target field → CSV column (header as in the file); unmapped fields are absent */
export const ImportMappingSchema = z.record(z.string().max(100), z.string().max(500));
export type ImportMapping = z.infer<typeof ImportMappingSchema>;

export const ImportFieldSchema = z.object({ name: z.string(), label: z.string(), required: z.boolean() });

export const ImportUploadResultSchema = z.object({
  importId: z.string(),
  kind: ImportKindSchema,
  headers: z.array(z.string()),
  fields: z.array(ImportFieldSchema),
  /** guessed from the header names */
  mapping: ImportMappingSchema,
  rowCount: z.number().int().nonnegative(),
});
export type ImportUploadResult = z.infer<typeof ImportUploadResultSchema>;

export const ImportRowErrorSchema = z.object({ field: z.string(), message: z.string() });
export const ImportDuplicateSchema = z.object({ id: z.number(), label: z.string(), reason: z.enum(['email', 'name_company', 'name']) });

export const ImportPreviewRowSchema = z.object({
  /** the row's line in the file (the header is line 1) */
  row: z.number().int(),
  values: z.record(z.string(), z.string()),
  errors: z.array(ImportRowErrorSchema),
  duplicate: ImportDuplicateSchema.nullable(),
});
export type ImportPreviewRow = z.infer<typeof ImportPreviewRowSchema>;

export const ImportPreviewResultSchema = z.object({
  total: z.number().int(),
  valid: z.number().int(),
  invalid: z.number().int(),
  duplicates: z.number().int(),
  /** rows with errors or duplicates first, then the others; at most 500 */
  rows: z.array(ImportPreviewRowSchema),
});
export type ImportPreviewResult = z.infer<typeof ImportPreviewResultSchema>;

export const ImportPreviewBodySchema = z.object({ mapping: ImportMappingSchema });
export const ImportStartBodySchema = z.object({
  mapping: ImportMappingSchema,
  /** for every duplicate without its own choice */
  onDuplicate: DuplicateChoiceSchema.default('skip'),
  /** per row (its line number): a choice overriding `onDuplicate` */
  choices: z.record(z.string().regex(/^\d{1,7}$/), DuplicateChoiceSchema).default({}),
});
export type ImportStartBody = z.input<typeof ImportStartBodySchema>;

export const ImportStatusSchema = z.object({
  importId: z.string(),
  kind: ImportKindSchema,
  fileName: z.string(),
  status: z.enum(['uploaded', 'running', 'completed']),
  total: z.number().int(),
  processed: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
  failed: z.number().int(),
  /** the first failed rows with their errors (at most 200) */
  failures: z.array(z.object({ row: z.number().int(), errors: z.array(ImportRowErrorSchema) })),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type ImportStatus = z.infer<typeof ImportStatusSchema>;

const ImportIdParamSchema = z.object({ id: z.string().regex(/^[0-9a-f-]{36}$/, 'Invalid import id') });

export const dataIoContracts = {
  exportList: defineContract({
    name: 'exportList',
    method: 'GET',
    path: '/api/exports/:list',
    params: z.object({ list: ExportListSchema }),
    query: ExportQuerySchema,
    response: z.unknown().describe('CSV (UTF-8, header row first)'),
    status: 200,
    roles: ALL_ROLES,
    summary: 'Streams a list as CSV, filtered as on its screen (recorded in the access log)',
  }),
  uploadImport: defineContract({
    name: 'uploadImport',
    method: 'POST',
    path: '/api/imports',
    body: ImportUploadBodySchema,
    response: ImportUploadResultSchema,
    status: 201,
    roles: WRITER_ROLES,
    summary: 'Stores a CSV file for import; answers its columns and a mapping guessed from the header names',
  }),
  previewImport: defineContract({
    name: 'previewImport',
    method: 'POST',
    path: '/api/imports/:id/preview',
    params: ImportIdParamSchema,
    body: ImportPreviewBodySchema,
    response: ImportPreviewResultSchema,
    status: 200,
    roles: WRITER_ROLES,
    summary: 'Validates every row with a mapping and finds the duplicates of existing records (its uploader and admins only)',
  }),
  startImport: defineContract({
    name: 'startImport',
    method: 'POST',
    path: '/api/imports/:id/start',
    params: ImportIdParamSchema,
    body: ImportStartBodySchema,
    response: ImportStatusSchema,
    status: 202,
    roles: WRITER_ROLES,
    summary:
      'Runs the import as commands in the background (resumed after a restart; a second start is a no-op; its uploader and admins only)',
  }),
  getImport: defineContract({
    name: 'getImport',
    method: 'GET',
    path: '/api/imports/:id',
    params: ImportIdParamSchema,
    response: ImportStatusSchema,
    status: 200,
    roles: WRITER_ROLES,
    summary: 'Progress and, at the end, the summary of an import (its uploader and admins only; 404 for others)',
  }),
};

/**
 * Who may see and run an import: the user who uploaded it, and admins. Anyone else gets the same
 * 404 as for an id that does not exist (it was readable by every writer who had its id: sweep three).
 */
export function importVisibleTo(state: ImportState, viewer: { id: string; role: string }): boolean {
  return state.upload !== null && (viewer.role === 'admin' || state.upload.by.id === viewer.id);
}

/** An import's status as the API answers it, from its folded stream. */
export function toImportStatus(state: ImportState): ImportStatus | null {
  const upload = state.upload;
  if (!upload) return null;
  return {
    importId: upload.importId,
    kind: upload.kind,
    fileName: upload.fileName,
    status: state.finishedAt ? 'completed' : state.started ? 'running' : 'uploaded',
    total: upload.rowCount,
    processed: state.nextRow,
    created: state.created,
    updated: state.updated,
    skipped: state.skipped,
    failed: state.failed,
    failures: state.failures,
    startedAt: state.started?.at ?? null,
    finishedAt: state.finishedAt,
  };
}
