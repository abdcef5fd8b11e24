import { pipeline, type Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { Context, Next } from 'koa';
import { DomainError, ValidationError } from './errors';
import { unreadableBodies } from './web-security';

/**
 * The shape a JSON body may have before `JSON.parse` sees it. Parsing is one synchronous call:
 * 14 MB of `[[[…]]]` held the event loop 9.5 s and a million keys 3.2 s, from callers that were
 * not even signed in (sweep two). A linear scan of the text (about 1 ms per MB) refuses such
 * shapes first; real bodies are at most a few levels deep, and the largest (an import's row
 * choices) hold tens of thousands of values.
 */
export const JSON_BODY_LIMITS = {
  /** nesting of objects and arrays */
  depth: 64,
  /** values (commas and containers) in the whole body */
  values: 200_000,
} as const;

/** What is wrong with the text's shape (too deep, too many values), or null. Strings are skipped. */
export function jsonShapeProblem(text: string, limits: { depth: number; values: number } = JSON_BODY_LIMITS): string | null {
  let depth = 0;
  let values = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++;
      else if (c === 34) inString = false;
      continue;
    }
    if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      if (++depth > limits.depth) return `The request body is nested more than ${limits.depth} levels deep.`;
      if (++values > limits.values) return `The request body holds more than ${limits.values} values.`;
    } else if (c === 125 || c === 93) depth--;
    else if (c === 44 && ++values > limits.values) return `The request body holds more than ${limits.values} values.`;
  }
  return null;
}

const JSON_TYPES = ['application/json', 'application/*+json', 'application/csp-report'];

export interface JsonBodyOptions {
  /** bytes (after decompression) for a signed-in caller */
  limit: number;
  /** bytes for a caller without a session (the sign-in form is a few hundred) */
  anonymousLimit: number;
  /** the 413 problem's detail for this request */
  tooLargeDetail?: (ctx: Context) => string;
}

function tooLarge(ctx: Context, options: JsonBodyOptions) {
  return new DomainError(413, 'payload_too_large', 'Payload Too Large', options.tooLargeDetail?.(ctx) ?? 'The request body is too large.');
}

const malformed = () => new ValidationError([{ path: '', message: 'Malformed JSON body' }]);
const notAnObject = () => new ValidationError([{ path: '', message: 'Expected a JSON object as the body' }]);

/** Whether text is one JSON number, string, true, false or null (it is already under the body limit). */
function isJsonScalar(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return value === null || typeof value !== 'object';
  } catch {
    return false;
  }
}

/** The request body as bytes after its Content-Encoding, refused past `limit` (a zip bomb stops there). */
async function readBody(ctx: Context, limit: number, options: JsonBodyOptions): Promise<Buffer> {
  if (unreadableBodies.has(ctx.req)) throw malformed();
  const encoding = (ctx.get('Content-Encoding') || 'identity').trim().toLowerCase();
  const declared = Number(ctx.get('Content-Length') || 0);
  if (encoding === 'identity' && declared > limit) throw tooLarge(ctx, options);
  const inflate =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? createGunzip()
      : encoding === 'deflate'
        ? createInflate()
        : encoding === 'br'
          ? createBrotliDecompress()
          : encoding === 'identity'
            ? null
            : undefined;
  if (inflate === undefined)
    throw new DomainError(415, 'unsupported_encoding', 'Unsupported Media Type', `Content-Encoding ${encoding} is not supported.`);
  const stream: Readable = inflate ? pipeline(ctx.req, inflate, () => {}) : ctx.req;
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      size += (chunk as Buffer).length;
      if (size > limit) {
        if (inflate) inflate.destroy();
        throw tooLarge(ctx, options);
      }
      chunks.push(chunk as Buffer);
    }
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw malformed();
  }
  return Buffer.concat(chunks);
}

/**
 * Koa: parses a JSON body (POST, PUT, PATCH) into `ctx.request.body` after checking its size and
 * shape: 413 past the caller's limit (a small one without a session, so nobody unknown makes the
 * server parse megabytes), 413 for a body too deep or with too many values, 400 for bad JSON.
 * Other content types are left to the next parser. Runs after the session middleware.
 */
export function jsonBody(options: JsonBodyOptions) {
  return async (ctx: Context, next: Next) => {
    const request = ctx.request as unknown as { body?: unknown; rawBody?: string };
    if (!['POST', 'PUT', 'PATCH'].includes(ctx.method) || request.body !== undefined || !ctx.is(JSON_TYPES)) return next();
    const limit = ctx.state.user ? options.limit : options.anonymousLimit;
    const text = (await readBody(ctx, limit, options)).toString('utf8').replace(/^\uFEFF/, '');
    const trimmed = text.trim();
    if (trimmed === '') {
      request.body = {};
      request.rawBody = text;
      return next();
    }
    // a JSON scalar (`"x"`, `null`, `1`) is JSON, just not a body: say so, not "Malformed" (sweep six)
    if (trimmed[0] !== '{' && trimmed[0] !== '[') throw isJsonScalar(trimmed) ? notAnObject() : malformed();
    const shape = jsonShapeProblem(trimmed);
    if (shape) throw new DomainError(413, 'payload_too_large', 'Payload Too Large', shape);
    try {
      request.body = JSON.parse(trimmed);
    } catch {
      throw malformed();
    }
    request.rawBody = text;
    return next();
  };
}
