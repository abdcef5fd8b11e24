import { buildPath, type BodyOf, type Contract, type Problem, type QueryOf, type ResponseOf } from '@ats/contracts';
import { noteFreshness } from './freshness';
import { notePosition, readPosition } from './read-position';
import { takeBootRead } from './boot-reads';
import { asProblem } from './wire-checks';

/**
 * A non-OK response. The message is `${status}: ${body text || status text}` (SPEC §7); the
 * parsed problem+json body, when the server sent one, rides along for typed handling.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly bodyText: string,
    readonly problem: Problem | null,
    statusText: string,
  ) {
    super(`${status}: ${bodyText || statusText}`);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The message a toast should show for a failed call: the server's own words when it gave any. */
export function serverMessage(error: unknown): string | undefined {
  if (!isApiError(error)) return undefined;
  const problem = error.problem;
  if (problem) return problem.errors?.[0]?.message ?? problem.detail ?? problem.title;
  const text = error.bodyText.trim();
  return text && text.length <= 300 && !text.startsWith('<') ? text : undefined;
}

export interface ApiRequestInit {
  method?: string;
  /** a string is sent as is with a JSON content type; FormData/Blob as is; anything else as JSON */
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/** The one fetch wrapper: session cookies, JSON in and out, errors as `ApiError`. */
export async function apiFetch<T>(path: string, init: ApiRequestInit = {}): Promise<T> {
  const method = (init.method ?? 'GET').toUpperCase();
  const headers: Record<string, string> = { Accept: 'application/json', ...init.headers };
  let body: BodyInit | undefined;
  if (typeof init.body === 'string') {
    body = init.body;
    headers['Content-Type'] = 'application/json';
  } else if (init.body instanceof FormData || init.body instanceof Blob) {
    body = init.body;
  } else if (init.body !== undefined) {
    body = JSON.stringify(init.body);
    headers['Content-Type'] = 'application/json';
  }
  let early: Promise<Response> | undefined;
  if (method === 'GET') {
    const position = readPosition();
    if (position > 0) headers['X-Min-Position'] = String(position);
    // a read boot.js already started (no own write to wait for yet): its reply, not a second request
    else if (!init.headers) early = takeBootRead(path);
  }

  const response =
    (await early?.catch(() => undefined)) ?? (await fetch(path, { method, headers, body, credentials: 'include', signal: init.signal }));
  if (method === 'GET') {
    const position = response.headers.get('X-Read-Position');
    const head = response.headers.get('X-Log-Head');
    if (position !== null && head !== null) noteFreshness(Number(position), Number(head));
  }
  const text = await response.text();
  if (!response.ok) throw new ApiError(response.status, text, parseProblem(text), response.statusText);
  if (!text) return null as T;
  const data = JSON.parse(text) as unknown;
  // A command's reply carries the log position of its events: remember it for read-your-writes.
  if (method !== 'GET' && data && typeof data === 'object' && 'position' in data) {
    notePosition((data as { position?: number }).position);
  }
  return data as T;
}

/**
 * Downloads a file the API serves as an attachment (a resume) and hands it to the browser as a
 * saved file; a refusal (404: no file) is an `ApiError` for the caller's toast, never a problem
 * page in place of the app.
 */
export async function apiDownload(path: string, fileName: string): Promise<void> {
  const response = await fetch(path, { credentials: 'include' });
  if (!response.ok) {
    const text = await response.text();
    throw new ApiError(response.status, text, parseProblem(text), response.statusText);
  }
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // the click has started the download: the object URL may go once the event loop turns
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}

function parseProblem(text: string): Problem | null {
  if (!text) return null;
  try {
    return asProblem(JSON.parse(text));
  } catch {
    return null;
  }
}

type QueryValue = string | number | boolean | null | undefined;

/** Appends defined, non-empty query values in a stable order. */
export function withQuery(path: string, query?: object): string {
  if (!query) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query as Record<string, QueryValue>)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

/** The URL of a contract's endpoint with its `:params` and query filled in. */
export function contractPath<C extends Contract>(
  contract: C,
  params?: Record<string, string | number>,
  query?: Partial<QueryOf<C>>,
): string {
  return withQuery(buildPath(contract.path, params), query as object | undefined);
}

export interface CallInput<C extends Contract> {
  params?: Record<string, string | number>;
  query?: Partial<QueryOf<C>>;
  body?: BodyOf<C>;
  signal?: AbortSignal;
}

/** Calls an endpoint as its contract describes it; the result is typed by the response schema. */
export function callContract<C extends Contract>(contract: C, input: CallInput<C> = {}): Promise<ResponseOf<C>> {
  return apiFetch<ResponseOf<C>>(contractPath(contract, input.params, input.query), {
    method: contract.method,
    body: input.body,
    signal: input.signal,
  });
}
