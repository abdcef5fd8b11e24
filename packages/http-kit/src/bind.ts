import type Router from '@koa/router';
import type { Context } from 'koa';
import type { z } from 'zod';
import {
  blankInvisibleText,
  type Contract,
  type CurrentUser,
  type FieldError,
  type ParamsOf,
  type ParsedBodyOf,
  type QueryOf,
} from '@ats/contracts';
import { DomainError, ForbiddenError, UnauthorizedError, ValidationError } from './errors';

export interface Input<C extends Contract> {
  params: ParamsOf<C>;
  query: QueryOf<C>;
  body: ParsedBodyOf<C>;
  /** the signed-in user (contracts with an empty `roles` list are public) */
  user: CurrentUser;
  ctx: Context;
}

export type Handler<C extends Contract> = (input: Input<C>) => Promise<z.input<C['response']>>;

/** Query parameters every GET accepts besides its contract's own (read-your-writes). */
const RESERVED_QUERY = new Set(['minPosition']);

/** The body types a contract's body is read from (as `jsonBody` parses them). */
const JSON_BODY_TYPES = ['application/json', 'application/*+json'];
/** The detail of the 415 for a command whose body is not JSON. */
export const JSON_BODY_DETAIL = 'Send the request body as JSON (Content-Type: application/json).';

/** The field error of a query parameter given more than once. */
export const REPEATED_QUERY_MESSAGE = 'Give this parameter only once';

export function toFieldErrors(error: z.ZodError, prefix?: string): FieldError[] {
  return error.issues.map((issue) => ({
    path: [prefix, ...issue.path.map(String)].filter((p) => p !== undefined && p !== '').join('.'),
    message: issue.message,
  }));
}

/**
 * PostgreSQL text and JSONB cannot hold NUL characters or unpaired UTF-16 surrogates: such input
 * would fail deep in the store (a 500, after other streams were written). Refuse it up front.
 */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this pattern looks for
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** In a text of several lines (a CSV file), the line a bad character is on: the person can find it (sweep two). */
function unstorableMessage(text: string): string {
  const at = UNSTORABLE.exec(text)?.index ?? 0;
  if (!text.includes('\n')) return 'Text contains characters that cannot be stored';
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < at; i = text.indexOf('\n', i + 1)) line += 1;
  return `Text contains characters that cannot be stored (line ${line})`;
}

export function findUnstorableText(value: unknown, path: string[] = [], depth = 0): FieldError | null {
  if (typeof value === 'string') return UNSTORABLE.test(value) ? { path: path.join('.'), message: unstorableMessage(value) } : null;
  if (depth > 64 || value === null || typeof value !== 'object') return null;
  for (const [key, child] of Object.entries(value)) {
    if (UNSTORABLE.test(key)) return { path: path.join('.'), message: 'Text contains characters that cannot be stored' };
    const found = findUnstorableText(child, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

function parsePart(schema: z.ZodType | undefined, value: unknown, part: string, errors: FieldError[]): unknown {
  if (!schema) return part === 'body' ? undefined : {};
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  errors.push(...toFieldErrors(result.error, part === 'body' ? undefined : part));
  return undefined;
}

/**
 * Binds a contract to a Koa router: authenticates (401), authorises by role (403), validates
 * params, query and body into a typed input (400 problem+json with field paths), runs the
 * handler and replies with the contract's status. With `validateResponses` (tests) the reply is
 * checked against the contract's response schema too.
 */
export function bindContract<C extends Contract>(
  router: Router,
  contract: C,
  handler: Handler<C>,
  options: { validateResponses?: boolean } = {},
): void {
  const method = contract.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
  router[method](contract.name, contract.path, async (ctx: Context) => {
    const user = ctx.state.user;
    if (contract.roles.length > 0) {
      if (!user) throw new UnauthorizedError();
      if (!contract.roles.includes(user.role)) throw new ForbiddenError();
    }
    // a body the JSON parser skipped (a form, text/plain, no Content-Type) was read as {}: a PATCH
    // of `firstName=a` answered 200 and changed nothing (sweep six). An empty body is judged as {}.
    const hasBytes = ctx.get('Transfer-Encoding') !== '' || Number(ctx.get('Content-Length') || 0) > 0;
    if (contract.body && hasBytes && !ctx.is(JSON_BODY_TYPES))
      throw new DomainError(415, 'unsupported_media_type', 'Unsupported Media Type', JSON_BODY_DETAIL);
    const errors: FieldError[] = [];
    const query: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(ctx.query)) {
      // a repeated parameter (`client=1&client=2`) is ambiguous: refused, naming it, rather than
      // silently taking one of its values (sweep six)
      if (Array.isArray(value)) {
        errors.push({ path: `query.${key}`, message: REPEATED_QUERY_MESSAGE });
        continue;
      }
      if (RESERVED_QUERY.has(key)) continue;
      query[key] = value;
    }
    if (errors.length > 0) throw new ValidationError(errors);
    const unstorable = findUnstorableText({ params: ctx.params, query, body: (ctx.request as unknown as { body?: unknown }).body });
    if (unstorable) throw new ValidationError([{ ...unstorable, path: unstorable.path.replace(/^body\.?/, '') }]);
    const params = parsePart(contract.params, ctx.params, 'params', errors);
    const parsedQuery = parsePart(contract.query, query, 'query', errors);
    // a text that shows nothing (zero-width and bidi marks only) counts as blank (sweep six)
    blankInvisibleText(query);
    const rawBody = blankInvisibleText((ctx.request as unknown as { body?: unknown }).body);
    const body = contract.body ? parsePart(contract.body, rawBody, 'body', errors) : undefined;
    if (errors.length > 0) throw new ValidationError(errors);
    const result = await handler({ params, query: parsedQuery, body, user: user as CurrentUser, ctx } as Input<C>);
    if (options.validateResponses && contract.status !== 204) {
      const check = contract.response.safeParse(result);
      if (!check.success) throw new Error(`Response of ${contract.name} breaks its contract: ${check.error.message}`);
    }
    ctx.status = contract.status;
    if (contract.status !== 204) ctx.body = result;
  });
}
