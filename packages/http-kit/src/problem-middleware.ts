import type { Context, Next } from 'koa';
import { SubjectKeyMissingError } from '@ats/events';
import { ConcurrencyError, StoreUnavailableError, SubjectErasedError } from '@ats/storage';
import { PROBLEM_CONTENT_TYPE } from '@ats/contracts';
import { DomainError, ServiceUnavailableError, TooManyRequestsError } from './errors';
import type { Logger } from './log';
import { loggablePath } from './request-log';

/** Turns every thrown error into problem+json; unknown errors are logged and never leak details. */
export function problemMiddleware(log: Logger) {
  return async (ctx: Context, next: Next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined && (ctx.path.startsWith('/api/') || ctx.path === '/api')) {
        throw new DomainError(404, 'not_found', 'Not Found', `No route for ${ctx.method} ${ctx.path}`);
      }
      // the router's bare answers to a method it has no route for: a 405 problem with its Allow
      // (TRACE, PROPFIND, … got a 5xx "501 Not Implemented" in plain text: sweep three)
      if ((ctx.status === 501 || ctx.status === 405) && ctx.body === undefined) {
        const allow = ctx.response.get('Allow');
        ctx.remove('Allow');
        if (!allow) throw new DomainError(404, 'not_found', 'Not Found', `No route for ${ctx.method} ${ctx.path}`);
        ctx.set('Allow', allow);
        throw new DomainError(405, 'method_not_allowed', 'Method Not Allowed', `${ctx.method} is not allowed here; allowed: ${allow}.`);
      }
    } catch (err) {
      let error: DomainError;
      if (err instanceof DomainError) error = err;
      else if (err instanceof ConcurrencyError)
        error = new DomainError(
          409,
          'concurrent_change',
          'Conflict',
          'Someone else changed this at the same time. Please reload and try again.',
        );
      else if (err instanceof StoreUnavailableError) error = new ServiceUnavailableError();
      else if (err instanceof SubjectErasedError) {
        // a command that read the person as live before an erasure destroyed their key (sweep eight: was a 500)
        error = new DomainError(
          409,
          'subject_erased',
          'Conflict',
          `${erasedSubject(err.keyId)} was erased: nothing more can be recorded about them.`,
        );
      } else if (err instanceof SubjectKeyMissingError) {
        // never silent plaintext or blanks: the key store (subject_keys) lost a key it must have
        log.error('subject key missing', { keyId: err.keyId, method: ctx.method, path: loggablePath(ctx.path) });
        error = new DomainError(503, 'subject_key_missing', 'Service Unavailable', err.message);
      } else if (isHttpError(err)) {
        const status = err.status;
        error = new DomainError(
          status,
          status === 413 ? 'payload_too_large' : status === 415 ? 'unsupported_media_type' : 'bad_request',
          httpTitle(status),
          err.expose ? err.message : httpTitle(status),
        );
      } else {
        log.error('unhandled error', { err, method: ctx.method, path: loggablePath(ctx.path) });
        error = new DomainError(500, 'internal_error', 'Internal Server Error', 'Something went wrong on our side.');
      }
      if (error instanceof TooManyRequestsError) ctx.set('Retry-After', String(error.retryAfterSeconds));
      ctx.status = error.status;
      ctx.type = PROBLEM_CONTENT_TYPE;
      ctx.body = JSON.stringify({ ...error.toProblem(), instance: ctx.path });
      ctx.state.problemCode = error.toProblem().code; // for /metrics (errors by code)
    }
  };
}

/** 'candidate-12' → 'Candidate 12', 'contact-3' → 'Contact 3' */
function erasedSubject(keyId: string): string {
  const match = /^(candidate|contact)-(\d+)$/.exec(keyId);
  return match ? `${match[1] === 'candidate' ? 'Candidate' : 'Contact'} ${match[2]}` : 'This person';
}

function isHttpError(err: unknown): err is { status: number; expose?: boolean; message: string } {
  return (
    typeof err === 'object' &&
    err !== null &&
    'status' in err &&
    typeof (err as { status: unknown }).status === 'number' &&
    (err as { status: number }).status >= 400 &&
    (err as { status: number }).status < 500
  );
}

function httpTitle(status: number): string {
  return { 400: 'Bad Request', 413: 'Payload Too Large', 415: 'Unsupported Media Type' }[status] ?? 'Bad Request';
}
