import { listZipEntries as list } from '../../src';
import { readDocumentText, type DocumentTextResult } from '../../src/documents/extract';
import { zipFiles } from './zip-writer';

/** A deflated ZIP of name → content; `damage` may change each entry's compressed bytes. */
const zip = (files: Record<string, string>, damage?: (data: Buffer) => void): Buffer => zipFiles(files, { damage });

export const listZipEntries = (files: Record<string, string>) => list(zip(files));
export const readDocumentTextForTest = (files: Record<string, string>, damage?: (data: Buffer) => void): Promise<DocumentTextResult> =>
  readDocumentText('docx', zip(files, damage));
