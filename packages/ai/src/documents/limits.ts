/** The longest resume text kept (the file itself stays in the blob store). */
export const MAX_RESUME_TEXT = 200_000;

/**
 * Decompression caps, checked before any XML or text work. A resume's word/document.xml is tens
 * to hundreds of KB and its PDF text streams a few KB each; these leave a wide margin for real
 * files and stop a bomb after a few MB of output instead of hundreds.
 */
export const MAX_DOCX_XML_BYTES = 16 * 1024 * 1024;
/** One decoded PDF stream; images are allowed more (a scanned page can be large). */
export const MAX_PDF_STREAM_BYTES = 16 * 1024 * 1024;
export const MAX_PDF_IMAGE_STREAM_BYTES = 64 * 1024 * 1024;
/** All decoded PDF streams together. */
export const MAX_PDF_TOTAL_BYTES = 128 * 1024 * 1024;

/** A document that expands past a cap: the route answers 413. */
export class DocumentTooLargeError extends Error {
  override readonly name = 'DocumentTooLargeError';
}
