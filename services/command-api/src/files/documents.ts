import { isPdf, listZipEntries, MAX_RESUME_TEXT, runJob, type DocumentKind } from '@ats/ai';
import { PayloadTooLargeError, UnprocessableFileError } from '../domain/shared/errors';
import { withWorkLimits } from './work-errors';

export { MAX_RESUME_TEXT, type DocumentKind };

export const MIME_TYPES: Record<DocumentKind, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  doc: 'application/msword',
};

const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const startsWith = (bytes: Uint8Array, magic: readonly number[]) => bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b);

/** The kind by magic bytes (a DOCX is a zip with word/document.xml): cheap, so it stays on the HTTP thread. */
export function detectDocumentKind(bytes: Uint8Array): DocumentKind | null {
  if (isPdf(bytes)) return 'pdf';
  if (startsWith(bytes, OLE)) return 'doc';
  if (startsWith(bytes, ZIP)) return listZipEntries(bytes)?.some((e) => e.name === 'word/document.xml') ? 'docx' : null;
  return null;
}

export type ExtractedText = { status: 'ok'; text: string } | { status: 'empty' } | { status: 'unreadable'; detail: string };

/**
 * The document's text, read in the worker pool (time, heap and decompression limits). A document
 * that expands past a cap or a heap limit is a 413, one that takes too long a 422; a damaged or
 * empty one is reported so the caller decides (the upload keeps the file without text).
 */
export async function readDocument(kind: DocumentKind, bytes: Uint8Array): Promise<ExtractedText> {
  const result = await withWorkLimits('The file', () => runJob('documentTextJob', { kind, bytes }));
  if (result.status === 'too_large') throw new PayloadTooLargeError(`The file is too large to read: ${result.detail}`);
  if (result.status !== 'ok') return result;
  const text = storable(result.text).slice(0, MAX_RESUME_TEXT);
  return text.trim() ? { status: 'ok', text } : { status: 'empty' };
}

/** Extracted text, or null when none could be read (a scanned PDF, a damaged file). */
export async function extractDocumentText(kind: DocumentKind, bytes: Uint8Array): Promise<string | null> {
  const result = await readDocument(kind, bytes);
  return result.status === 'ok' ? result.text : null;
}

/** PostgreSQL text cannot hold NUL or unpaired surrogates: drop them from extracted text. */
export const storable = (text: string) =>
  // eslint-disable-next-line no-control-regex -- NUL is exactly what this pattern removes
  text.replace(/\u0000/g, '').replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');

export { UnprocessableFileError };
