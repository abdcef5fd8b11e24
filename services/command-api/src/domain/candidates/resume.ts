import { RESUME_MESSAGES } from '@ats/contracts';
import { scopeOf } from '../../command-handler';
import { candidates, isLiveCandidate } from '../aggregates';
import { detectDocumentKind, extractDocumentText, MIME_TYPES, storable } from '../../files/documents';
import type { Call, Deps } from '../context';
import { NotFoundError, PayloadTooLargeError, UnsupportedMediaTypeError } from '../shared/errors';

export const MAX_RESUME_FILE_BYTES = 10 * 1024 * 1024;

export interface ResumeUploadResult {
  fileName: string;
  size: number;
  mimeType: string;
  resumeUploadedAt: string;
  textExtracted: boolean;
  position: number;
}

/** `data:<type>;base64,<bytes>` → bytes (the declared type is ignored: the bytes decide). */
export function decodeDataUrl(dataUrl: string): Buffer {
  const comma = dataUrl.indexOf(',');
  return Buffer.from(dataUrl.slice(comma + 1), 'base64');
}

/**
 * Stores a resume (PDF, DOC or DOCX ≤ 10 MB, judged by size and magic bytes) in the blob store,
 * extracts its text, and records CandidateResumeUploaded with the blob reference (never the
 * bytes). A refused command leaves no blob behind.
 */
export async function uploadResume(
  deps: Deps,
  call: Call,
  candidateId: number,
  input: { fileName: string; fileData: string },
): Promise<ResumeUploadResult> {
  // 4 base64 characters per 3 bytes: refuse before decoding what is clearly too large
  if (Math.floor(((input.fileData.length - input.fileData.indexOf(',') - 1) * 3) / 4) > MAX_RESUME_FILE_BYTES + 3)
    throw new PayloadTooLargeError(RESUME_MESSAGES.tooLarge);
  const bytes = decodeDataUrl(input.fileData);
  if (bytes.byteLength > MAX_RESUME_FILE_BYTES) throw new PayloadTooLargeError(RESUME_MESSAGES.tooLarge);
  const kind = detectDocumentKind(bytes);
  if (!kind) throw new UnsupportedMediaTypeError(RESUME_MESSAGES.invalidType);
  if (!isLiveCandidate(await candidates.state(deps.eventStore, candidateId))) throw new NotFoundError('Candidate', candidateId);

  const fileName = storable(input.fileName.replace(/^.*[\\/]/, '').trim() || `resume.${kind}`).slice(0, 255);
  const resumeText = await extractDocumentText(kind, bytes);
  const blob = await deps.integrations.blobs.put(bytes, { fileName, mimeType: MIME_TYPES[kind] });
  try {
    const outcome = await candidates.execute(scopeOf(deps, call), candidateId, {
      type: 'UploadResume',
      data: { candidateId, blob, resumeText, uploadedAt: call.metadata.now },
    });
    return {
      fileName,
      size: blob.size,
      mimeType: blob.mimeType,
      resumeUploadedAt: call.metadata.now,
      textExtracted: resumeText !== null,
      position: outcome.position,
    };
  } catch (error) {
    await deps.integrations.blobs.delete(blob.blobId).catch(() => undefined);
    throw error;
  }
}
