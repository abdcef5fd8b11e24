import { StoreUnavailableError } from '../event-store/port';

/** SQLSTATE (PostgreSQL) or errno code carried by a driver error, if any. */
export function errorCode(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const code = (error as { code: unknown }).code;
    return typeof code === 'string' ? code : undefined;
  }
  return undefined;
}

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'EPIPE',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '53300', // too_many_connections
]);

// pg reports lost connections and pool timeouts as plain Errors without a code.
const UNAVAILABLE_MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Connection closed|PGlite is closed/i;

export function isUnavailableError(error: unknown): boolean {
  if (error instanceof StoreUnavailableError) return true;
  const code = errorCode(error);
  // class 08 = connection exception
  if (code !== undefined && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
  if (error instanceof AggregateError) return error.errors.some(isUnavailableError);
  return error instanceof Error && UNAVAILABLE_MESSAGES.test(error.message);
}

/** Connection failures become StoreUnavailableError; everything else passes through unchanged. */
export function mapSqlError(error: unknown): unknown {
  if (error instanceof StoreUnavailableError || !isUnavailableError(error)) return error;
  const message = error instanceof Error && error.message ? error.message : String(error);
  return new StoreUnavailableError(`Database unavailable: ${message}`, error);
}
