import { RESUME_MESSAGES, limits } from '@ats/contracts';

/** SPEC §5: the candidate-detail upload takes PDF, DOC and DOCX up to 10 MB. */
export const RESUME_UPLOAD_ACCEPT =
  '.pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const ALLOWED_MIME = new Set([
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
]);
const ALLOWED_EXT = /\.(pdf|docx?)$/i;

export interface ToastText {
  title: string;
  description: string;
}

/** "Title: description" → a toast's two parts. */
export function splitMessage(message: string): ToastText {
  const at = message.indexOf(': ');
  return at < 0 ? { title: message, description: '' } : { title: message.slice(0, at), description: message.slice(at + 2) };
}

/** null when the file may be uploaded; otherwise the SPEC §5 toast. */
export function checkResumeUpload(file: Pick<File, 'name' | 'type' | 'size'>): ToastText | null {
  const typeOk =
    ALLOWED_MIME.has(file.type) || (file.type === '' || file.type === 'application/octet-stream' ? ALLOWED_EXT.test(file.name) : false);
  if (!typeOk) return splitMessage(RESUME_MESSAGES.invalidType);
  if (file.size > limits.resumeUploadMaxBytes) return splitMessage(RESUME_MESSAGES.tooLarge);
  return null;
}

/**
 * SPEC §5: the Add Candidate upload takes .pdf (parsed on the server) and .txt (read here); since
 * issue 17 also .docx (parsed on the server like a PDF). A legacy .doc is not parsed here.
 */
export type AddCandidateFileKind = 'pdf' | 'docx' | 'txt' | 'unsupported';
export const ADD_CANDIDATE_ACCEPT =
  '.pdf,.docx,.txt,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document,text/plain';
export const ADD_CANDIDATE_UNSUPPORTED = 'Please upload a PDF, DOCX or TXT file, or paste resume text below.';
export function addCandidateFileKind(file: Pick<File, 'name' | 'type'>): AddCandidateFileKind {
  const name = file.name.toLowerCase();
  if (file.type === 'application/pdf' || name.endsWith('.pdf')) return 'pdf';
  if (file.type === 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' || name.endsWith('.docx')) return 'docx';
  if (file.type === 'text/plain' || name.endsWith('.txt')) return 'txt';
  return 'unsupported';
}

/**
 * Who read the resume, said after the "Resume parsed" toast when it was not the built-in parser
 * alone: the AI service (its answer checked against the text), or the parser after the AI failed.
 */
export function engineNote(parsed: { engine?: { engine: 'builtin' | 'llm'; model: string }; llmFallback?: string }): string {
  if (parsed.llmFallback) return ' The AI service did not answer, so the built-in parser read it.';
  if (parsed.engine?.engine === 'llm') return ` Read by the AI service (${parsed.engine.model}) and checked against the resume text.`;
  return '';
}

/** SPEC §5: pasted text must be more than 50 characters after trimming. */
export function canParseResumeText(text: string): boolean {
  return text.trim().length > limits.resumePasteMinChars;
}

/** Bytes as a data URL (`data:<mime>;base64,...`), encoded in chunks so large files do not overflow the stack. */
export function bytesToDataUrl(bytes: Uint8Array, mime: string): string {
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  return `data:${mime};base64,${btoa(binary)}`;
}

/** Reads a file as a data URL (SPEC §5). */
export async function readAsDataUrl(file: Blob): Promise<string> {
  return bytesToDataUrl(new Uint8Array(await file.arrayBuffer()), file.type);
}

export function readAsText(file: Blob): Promise<string> {
  return file.text();
}

/**
 * A data URL the server accepts: some browsers report no type for .doc/.docx, which gives
 * `data:;base64,` or `data:application/octet-stream;base64,`; the type is set from the extension.
 */
export function withResumeMime(dataUrl: string, fileName: string): string {
  const ext = fileName.toLowerCase().match(/\.(pdf|docx?)$/)?.[1];
  const mime =
    ext === 'pdf'
      ? 'application/pdf'
      : ext === 'doc'
        ? 'application/msword'
        : ext === 'docx'
          ? 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'
          : null;
  if (!mime) return dataUrl;
  return dataUrl.replace(/^data:(application\/octet-stream)?;base64,/, `data:${mime};base64,`);
}
