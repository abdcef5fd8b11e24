import { z } from 'zod';
import { ActorRefSchema } from '../shared';

/** An import's events live on its own stream. */
export const toImportStreamId = (importId: string) => `import-${importId}`;

const KindSchema = z.enum(['candidates', 'clients', 'jobs']);
const RowErrorSchema = z.object({ field: z.string(), message: z.string() });

/** A CSV file was uploaded for import (the file itself is a blob; rows counted without the header). */
export const ImportUploadedSchema = z.object({
  importId: z.string(),
  kind: KindSchema,
  fileName: z.string(),
  blobId: z.string(),
  rowCount: z.number().int().min(0),
  by: ActorRefSchema,
});

/** The import was started with this mapping and these duplicate choices. */
export const ImportStartedSchema = z.object({
  importId: z.string(),
  mapping: z.record(z.string(), z.string()),
  onDuplicate: z.enum(['skip', 'update', 'create']),
  choices: z.record(z.string(), z.enum(['skip', 'update', 'create'])),
});

/** Rows [fromRow, toRow) (data rows, 0-based) were run: the work done and resumed from. */
export const ImportRowsProcessedSchema = z.object({
  importId: z.string(),
  fromRow: z.number().int().min(0),
  toRow: z.number().int().min(0),
  created: z.number().int().min(0),
  updated: z.number().int().min(0),
  skipped: z.number().int().min(0),
  failed: z.number().int().min(0),
  /** failed rows, by their line in the file (the header is line 1) */
  failures: z.array(z.object({ row: z.number().int(), errors: z.array(RowErrorSchema) })),
});

/** Every row was run. */
export const ImportCompletedSchema = z.object({ importId: z.string() });

export type ImportUploaded = z.infer<typeof ImportUploadedSchema>;
export type ImportStarted = z.infer<typeof ImportStartedSchema>;
export type ImportRowsProcessed = z.infer<typeof ImportRowsProcessedSchema>;

/** An import's state folded from its stream (the command side resumes from it; the read side reports it). */
export interface ImportState {
  upload: ImportUploaded | null;
  started: (ImportStarted & { at: string }) | null;
  finishedAt: string | null;
  /** data rows done (the next row to run) */
  nextRow: number;
  created: number;
  updated: number;
  skipped: number;
  failed: number;
  failures: ImportRowsProcessed['failures'];
}

export const MAX_REPORTED_FAILURES = 200;

export function foldImport(events: ReadonlyArray<{ type: string; data: unknown; metadata: { occurredAt: string } }>): ImportState {
  const state: ImportState = {
    upload: null,
    started: null,
    finishedAt: null,
    nextRow: 0,
    created: 0,
    updated: 0,
    skipped: 0,
    failed: 0,
    failures: [],
  };
  for (const event of events) {
    if (event.type === 'ImportUploaded') state.upload = event.data as ImportUploaded;
    else if (event.type === 'ImportStarted' && !state.started)
      state.started = { ...(event.data as ImportStarted), at: event.metadata.occurredAt };
    else if (event.type === 'ImportRowsProcessed') {
      const d = event.data as ImportRowsProcessed;
      if (d.fromRow !== state.nextRow) continue; // a chunk recorded twice counts once
      state.nextRow = d.toRow;
      state.created += d.created;
      state.updated += d.updated;
      state.skipped += d.skipped;
      state.failed += d.failed;
      if (state.failures.length < MAX_REPORTED_FAILURES)
        state.failures.push(...d.failures.slice(0, MAX_REPORTED_FAILURES - state.failures.length));
    } else if (event.type === 'ImportCompleted') state.finishedAt = event.metadata.occurredAt;
  }
  return state;
}
