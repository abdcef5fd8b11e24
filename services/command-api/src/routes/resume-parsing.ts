import type Router from '@koa/router';
import type { Context } from 'koa';
import busboy from 'busboy';
import { contracts, RESUME_MESSAGES } from '@ats/contracts';
import { extractPdfText, isPdf, parseResume } from '@ats/ai';
import { bindContract, ValidationError } from '@ats/http-kit';
import { MAX_RESUME_TEXT, storable } from '../files/documents';
import { PayloadTooLargeError, UnprocessableFileError, UnsupportedMediaTypeError } from '../domain/shared/errors';

/** 10 MB (SPEC §9), the limit of every resume file. */
export const MAX_RESUME_BYTES = 10 * 1024 * 1024;

export const PDF_ONLY_MESSAGE = 'Unsupported file type: Please upload a PDF or TXT file, or paste resume text below.';
export const PDF_UNREADABLE_MESSAGE = 'PDF parsing failed: Please copy and paste the resume text using the text area below instead.';

interface Upload {
  fileName: string;
  bytes: Buffer;
}

/**
 * Reads the multipart field `file`. The whole request is consumed even past the limit (the file
 * is truncated), so the client always gets the 413 rather than a reset connection.
 */
function readMultipartFile(ctx: Context, maxBytes: number): Promise<Upload> {
  if (!ctx.is('multipart/form-data'))
    throw new UnsupportedMediaTypeError('Send the resume as multipart/form-data with the PDF in the field "file".');
  return new Promise<Upload>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: ctx.req.headers, limits: { fileSize: maxBytes, files: 1, fields: 20, parts: 30 } });
    } catch {
      reject(new ValidationError([{ path: 'file', message: 'Malformed multipart body' }]));
      return;
    }
    let upload: Upload | null = null;
    let tooLarge = false;
    parser.on('file', (name, stream, info) => {
      if (name !== 'file' || upload) {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => (tooLarge = true));
      stream.on('end', () => (upload = { fileName: info.filename || 'resume.pdf', bytes: Buffer.concat(chunks) }));
    });
    parser.on('error', () => reject(new ValidationError([{ path: 'file', message: 'Malformed multipart body' }])));
    parser.on('close', () => {
      if (tooLarge) reject(new PayloadTooLargeError(RESUME_MESSAGES.tooLarge));
      else if (!upload) reject(new ValidationError([{ path: 'file', message: 'Required' }]));
      else resolve(upload);
    });
    ctx.req.pipe(parser);
  });
}

const parsed = (text: string) => {
  const { skills, ...fields } = parseResume(text);
  return { ...fields, skills };
};

/** Parse: pasted text (SPEC §5: more than 50 characters) and a PDF upload (rules parser, nothing recorded). */
export function resumeParsingRoutes(router: Router, opts: { validateResponses?: boolean }) {
  bindContract(router, contracts.parseResume, async ({ body }) => parsed(body.resumeText), opts);

  bindContract(
    router,
    contracts.parseResumeFile,
    async ({ ctx }) => {
      const file = await readMultipartFile(ctx, MAX_RESUME_BYTES);
      if (!isPdf(file.bytes)) throw new UnsupportedMediaTypeError(PDF_ONLY_MESSAGE);
      let text: string;
      try {
        text = storable((await extractPdfText(file.bytes)).text).slice(0, MAX_RESUME_TEXT);
      } catch {
        throw new UnprocessableFileError(PDF_UNREADABLE_MESSAGE);
      }
      if (text.trim().length === 0)
        throw new UnprocessableFileError(
          'No text found in this PDF (it may be a scanned image): Please copy and paste the resume text instead.',
        );
      return { ...parsed(text), resumeText: text, fileName: storable(file.fileName).slice(0, 255) };
    },
    opts,
  );
}
