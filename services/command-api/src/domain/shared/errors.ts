import { ConflictError, DomainError, NotFoundError, ValidationError } from '@ats/http-kit';

export { ConflictError, DomainError, NotFoundError, ValidationError };

/** The application has moved on since the user saw it (stale drag). */
export class StageConflictError extends ConflictError {
  constructor(currentStage: string, movedBy: { id: string; name: string } | null, movedAt: string | null, stageLabel: string) {
    const when = movedAt ? ` at ${movedAt}` : '';
    const who = movedBy ? `${movedBy.name} moved this candidate` : 'This candidate was moved';
    super('stage_conflict', `${who} to ${stageLabel}${when}.`, { currentStage, movedBy, movedAt });
  }
}

/** 413: a file or body over the limit (the message is the one the UI shows). */
export class PayloadTooLargeError extends DomainError {
  constructor(detail: string) {
    super(413, 'payload_too_large', 'Payload Too Large', detail);
  }
}
/** 415: the bytes are not of an accepted type, whatever the file name says. */
export class UnsupportedMediaTypeError extends DomainError {
  constructor(detail: string) {
    super(415, 'unsupported_media_type', 'Unsupported Media Type', detail);
  }
}
/** 422: the file has the right type but cannot be read. */
export class UnprocessableFileError extends DomainError {
  constructor(detail: string) {
    super(422, 'unreadable_file', 'Unprocessable Content', detail);
  }
}
