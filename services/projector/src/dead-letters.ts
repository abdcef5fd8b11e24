import type { RecordedEvent } from './ports';

export const DEAD_LETTER_COLLECTION = 'dead_letters';
/** projection name on dead letters for events that could not even be decoded */
export const DECODE_STAGE = '(decode)';

/** An event a projection could not handle, kept for admins; the runner carried on without it. */
export type DeadLetterDoc = {
  /** `${eventId}:${projection}` */
  id: string;
  eventId: string;
  position: number;
  eventType: string;
  stream: string;
  projection: string;
  error: string;
  attempts: number;
  failedAt: string;
};

/** How errors are recorded on dead letters and in the status' `lastError`. */
export const describeError = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : String(error));

export function deadLetterOf(event: RecordedEvent, projection: string, error: unknown, attempts: number, failedAt: Date): DeadLetterDoc {
  return {
    id: `${event.id}:${projection}`,
    eventId: event.id,
    position: event.position,
    eventType: event.type,
    stream: event.stream,
    projection,
    error: describeError(error),
    attempts,
    failedAt: failedAt.toISOString(),
  };
}
