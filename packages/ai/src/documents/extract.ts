import { extractPdfText } from '../pdf-text';
import { docText } from './doc';
import { docxText } from './docx';
import { DocumentTooLargeError, MAX_RESUME_TEXT } from './limits';
import { checkPdfStreams } from './pdf-budget';

/** Resume files the candidate detail accepts (SPEC §5), recognised by their bytes, not their names. */
export type DocumentKind = 'pdf' | 'docx' | 'doc';

/** What reading a document gave: plain data, so it crosses the worker boundary as is. */
export type DocumentTextResult =
  { status: 'ok'; text: string } | { status: 'empty' } | { status: 'unreadable'; detail: string } | { status: 'too_large'; detail: string };

/** Reads a document's text (runs in the worker: the caps here bound output, the pool bounds time and heap). */
export async function readDocumentText(kind: DocumentKind, bytes: Uint8Array): Promise<DocumentTextResult> {
  try {
    let text: string | null;
    if (kind === 'pdf') {
      checkPdfStreams(bytes);
      text = (await extractPdfText(bytes)).text;
    } else if (kind === 'docx') text = docxText(bytes);
    else text = docText(bytes);
    text = text?.slice(0, MAX_RESUME_TEXT) ?? null;
    return text && text.trim().length > 0 ? { status: 'ok', text } : { status: 'empty' };
  } catch (error) {
    if (error instanceof DocumentTooLargeError) return { status: 'too_large', detail: error.message };
    return { status: 'unreadable', detail: error instanceof Error ? error.message.slice(0, 200) : 'unreadable' };
  }
}
