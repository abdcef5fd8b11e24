import type Router from '@koa/router';
import { RESUME_MESSAGES, contracts, messages } from '@ats/contracts';
import { DomainError, bindContract } from '@ats/http-kit';
import type { BlobStore } from '@ats/storage';
import { accessUser, recordAccess } from '../access-log';
import type { createHistoryQueries } from '../read-models/history';
import type { Queries } from '../read-models/queries';

export interface ResumeRouteOptions {
  validateResponses?: boolean;
  /** where resume files are kept (the command-api's blob store); unset = downloads answer 404 */
  blobs?: Pick<BlobStore, 'get'> | undefined;
  history: ReturnType<typeof createHistoryQueries>;
}

const notFound = (detail: string) => new DomainError(404, 'not_found', 'Not Found', detail);

/** A file name safe in a header: the plain form keeps printable ASCII, `filename*` carries the rest (RFC 6266). */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** The extension of each kind of file a resume may be (the upload judges the kind by its bytes). */
const EXTENSIONS: Record<string, string> = {
  'application/pdf': '.pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': '.docx',
  'application/msword': '.doc',
};

/**
 * The name a download is saved under: the uploaded name, with the extension of what the file is
 * when it ends in another (a PDF uploaded as `cv.html` is saved as `cv.html.pdf`, so no one opens
 * it from their downloads as a web page).
 */
export function downloadName(fileName: string, mimeType: string): string {
  const extension = EXTENSIONS[mimeType];
  return !extension || fileName.toLowerCase().endsWith(extension) ? fileName : `${fileName}${extension}`;
}

/** Downloading a candidate's resume file: served from the blob store, recorded in the access log. */
export function resumeRoutes(router: Router, queries: Queries, opts: ResumeRouteOptions) {
  bindContract(
    router,
    contracts.downloadResume,
    async ({ ctx, params, user }) => {
      const candidate = await queries.getCandidate(params.id);
      if (!candidate) throw notFound(messages.candidateNotFound);
      const ref = await opts.history.latestResume(params.id);
      const bytes = ref && opts.blobs ? await opts.blobs.get(ref.blobId) : null;
      if (!ref || !bytes) throw notFound(RESUME_MESSAGES.noFile);
      ctx.type = ref.mimeType;
      ctx.set('Content-Disposition', attachmentDisposition(downloadName(ref.fileName, ref.mimeType)));
      // who saw what: a download is recorded like a read, off the request path
      recordAccess(ctx, {
        entityType: 'candidate',
        entityId: params.id,
        kind: 'download',
        user: accessUser(user),
        detail: ref.fileName,
      });
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    },
    opts,
  );
}
