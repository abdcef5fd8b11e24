import type { FieldError, Problem } from '@ats/contracts';

/**
 * Every rule violation is a DomainError subclass with a stable `code`; one middleware turns
 * them into application/problem+json.
 */
export class DomainError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly title: string,
    detail?: string,
    readonly extensions: Record<string, unknown> = {},
  ) {
    super(detail ?? title);
  }
  toProblem(): Problem {
    return {
      type: `https://ats.example/problems/${this.code.replace(/_/g, '-')}`,
      title: this.title,
      status: this.status,
      detail: this.message,
      code: this.code,
      ...this.extensions,
    };
  }
}

export class ValidationError extends DomainError {
  constructor(
    readonly errors: FieldError[],
    detail?: string,
  ) {
    super(
      400,
      'validation_failed',
      'Invalid input',
      detail ?? errors.map((e) => (e.path ? `${e.path}: ${e.message}` : e.message)).join('; '),
      {
        errors,
      },
    );
  }
}
export class UnauthorizedError extends DomainError {
  constructor(detail = 'You are logged out. Logging in again...') {
    super(401, 'unauthorized', 'Unauthorized', detail);
  }
}
export class ForbiddenError extends DomainError {
  constructor(detail = 'Your role does not allow this action') {
    super(403, 'forbidden', 'Forbidden', detail);
  }
}
export class NotFoundError extends DomainError {
  constructor(what: string, id?: string | number) {
    super(404, 'not_found', 'Not Found', id === undefined ? `${what} not found` : `${what} ${id} not found`);
  }
}
export class ConflictError extends DomainError {
  constructor(code: string, detail: string, extensions: Record<string, unknown> = {}) {
    super(409, code, 'Conflict', detail, extensions);
  }
}
export class TooManyRequestsError extends DomainError {
  constructor(
    readonly retryAfterSeconds: number,
    detail = `Too many failed sign-ins. Try again in ${retryAfterSeconds} s.`,
    code = 'too_many_attempts',
  ) {
    super(429, code, 'Too Many Requests', detail, { retryAfterSeconds });
  }
}
export class ServiceUnavailableError extends DomainError {
  constructor(detail = 'The data store is unavailable. Please try again shortly.') {
    super(503, 'store_unavailable', 'Service Unavailable', detail);
  }
}
