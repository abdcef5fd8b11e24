import type Router from '@koa/router';
import type { Context } from 'koa';
import busboy from 'busboy';
import { contracts, RESUME_MESSAGES } from '@ats/contracts';
import { listZipEntries, readResume, runJob, type AiEngine } from '@ats/ai';
import { bindContract, ValidationError } from '@ats/http-kit';
import { detectDocumentKind, readDocument, storable } from '../files/documents';
import { withWorkLimits } from '../files/work-errors';
import { PayloadTooLargeError, UnprocessableFileError, UnsupportedMediaTypeError } from '../domain/shared/errors';

/** 10 MB (SPEC §9), the limit of every resume file. */
export const MAX_RESUME_BYTES = 10 * 1024 * 1024;

export const PDF_ONLY_MESSAGE = 'Unsupported file type: Please upload a PDF, DOCX or TXT file, or paste resume text below.';
export const PDF_UNREADABLE_MESSAGE = 'PDF parsing failed: Please copy and paste the resume text using the text area below instead.';
export const DOCX_UNREADABLE_MESSAGE =
  'This Word document is damaged and could not be read: save it again as .docx or PDF, or paste the resume text below.';
const ZIP_MAGIC = 'PK\x03\x04';

interface Upload {
  fileName: string;
  bytes: Buffer;
}

const corruptDocx = () => new ValidationError([{ path: 'file', message: DOCX_UNREADABLE_MESSAGE }]);
const MALFORMED = () => new ValidationError([{ path: 'file', message: 'Malformed multipart body' }]);

/**
 * Reads the multipart field `file`. The whole request is consumed even past the limit (the file
 * is truncated), so the client always gets the 413 rather than a reset connection. Every stream
 * has an error listener: a body that ends mid-part ("Unexpected end of form"), a client that
 * aborts, a missing boundary or an oversize part header is a 400, never an unhandled 'error'
 * event that would end the process.
 */
function readMultipartFile(ctx: Context, maxBytes: number): Promise<Upload> {
  if (!ctx.is('multipart/form-data'))
    throw new UnsupportedMediaTypeError('Send the resume as multipart/form-data with the PDF or DOCX in the field "file".');
  return new Promise<Upload>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: ctx.req.headers,
        limits: { fileSize: maxBytes, files: 1, fields: 20, fieldSize: 4096, parts: 30, headerPairs: 20 },
      });
    } catch {
      reject(MALFORMED());
      return;
    }
    let settled = false;
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      ctx.req.unpipe(parser);
      // keep draining what the client still sends so it reads our answer, not a reset
      ctx.req.resume();
      reject(error);
    };
    let upload: Upload | null = null;
    let tooLarge = false;
    let extraFile = false;
    parser.on('file', (name, stream, info) => {
      stream.on('error', () => fail(MALFORMED()));
      if (name !== 'file' || upload) {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => (tooLarge = true));
      stream.on('end', () => (upload = { fileName: info.filename || 'resume.pdf', bytes: Buffer.concat(chunks) }));
    });
    parser.on('filesLimit', () => (extraFile = true));
    parser.on('partsLimit', () => (extraFile = true));
    parser.on('error', () => fail(MALFORMED()));
    parser.on('close', () => {
      if (settled) return;
      settled = true;
      if (tooLarge) reject(new PayloadTooLargeError(RESUME_MESSAGES.tooLarge));
      else if (extraFile) reject(new ValidationError([{ path: 'file', message: 'Send exactly one file' }]));
      else if (!upload) reject(new ValidationError([{ path: 'file', message: 'Required' }]));
      else resolve(upload);
    });
    ctx.req.on('aborted', () => fail(MALFORMED()));
    ctx.req.on('error', () => fail(MALFORMED()));
    ctx.req.pipe(parser);
  });
}

/** The rules parser, run in the worker pool (its scans of 200 K characters never hold the HTTP thread). */
const rules = (text: string) => withWorkLimits('The resume text', () => runJob('parseResumeJob', text));

/**
 * The engine's reading: the rules parser always; with the LLM engine its answer too, merged with
 * the rules' (the rules alone when it fails). The reply names the engine that answered.
 */
const parsed = async (ai: AiEngine, text: string) => {
  const { skills, ...fields } = await readResume(ai, text, rules);
  return { ...fields, skills };
};

/** Parse: pasted text (SPEC §5: more than 50 characters) and a PDF or DOCX upload (nothing recorded). */
export function resumeParsingRoutes(router: Router, ai: () => AiEngine, opts: { validateResponses?: boolean }) {
  bindContract(router, contracts.parseResume, async ({ body }) => parsed(ai(), body.resumeText), opts);

  bindContract(
    router,
    contracts.parseResumeFile,
    async ({ ctx }) => {
      const file = await readMultipartFile(ctx, MAX_RESUME_BYTES);
      const kind = detectDocumentKind(file.bytes);
      // a file that says it is a DOCX (its name, or zip bytes without a readable directory) but is not one is damaged
      const zipLike = file.bytes.subarray(0, 4).toString('latin1') === ZIP_MAGIC;
      if (kind === null && zipLike && (/\.docx$/i.test(file.fileName) || !listZipEntries(file.bytes))) throw corruptDocx();
      if (kind !== 'pdf' && kind !== 'docx') throw new UnsupportedMediaTypeError(PDF_ONLY_MESSAGE);
      const read = await readDocument(kind, file.bytes);
      if (read.status === 'unreadable') {
        if (kind === 'docx') throw corruptDocx();
        throw new UnprocessableFileError(PDF_UNREADABLE_MESSAGE);
      }
      if (read.status === 'empty')
        throw new UnprocessableFileError(
          kind === 'pdf'
            ? 'No text found in this PDF (it may be a scanned image): Please copy and paste the resume text instead.'
            : 'No text found in this Word document: Please copy and paste the resume text instead.',
        );
      return { ...(await parsed(ai(), read.text)), resumeText: read.text, fileName: storable(file.fileName).slice(0, 255) };
    },
    opts,
  );
}
