import { WorkLimitError } from '@ats/ai';
import { DomainError } from '../domain/shared/errors';

/**
 * A job of the worker pool stopped by a limit, as the client sees it: over time 422 (the input
 * cannot be processed as sent), over memory 413 (it is too large), pool saturated 503.
 */
export function workLimitProblem(error: WorkLimitError, what: string): DomainError {
  switch (error.kind) {
    case 'timeout':
      return new DomainError(422, 'work_time_limit', 'Unprocessable Content', `${what} could not be processed in time: ${error.message}`);
    case 'memory':
      return new DomainError(413, 'work_memory_limit', 'Payload Too Large', `${what} is too large to process: ${error.message}`);
    case 'busy':
      return new DomainError(503, 'work_busy', 'Service Unavailable', error.message);
    default: {
      const never: never = error.kind;
      throw new Error(`unknown work limit ${String(never)}`);
    }
  }
}

/** Runs pool work and turns a limit into its problem. */
export async function withWorkLimits<T>(what: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof WorkLimitError) throw workLimitProblem(error, what);
    throw error;
  }
}
