import type { z } from 'zod';
import type { Role } from '@ats/events';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * An endpoint as plain data (the ts-rest contract shape): method, path with `:params`, zod
 * schemas for params / query / body / response, the success status and the roles allowed.
 * The Koa binding (`@ats/http-kit`) validates against it; the browser client types from it.
 */
export interface Contract<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  name: string;
  method: HttpMethod;
  path: string;
  params?: P;
  query?: Q;
  body?: B;
  response: R;
  status: number;
  /** roles allowed; a signed-in user with another role gets 403 */
  roles: readonly Role[];
  summary: string;
}

export const ALL_ROLES: readonly Role[] = ['admin', 'manager', 'recruiter', 'auditor'];
/** Roles that may issue commands: an auditor is read-only. */
export const WRITER_ROLES: readonly Role[] = ['admin', 'manager', 'recruiter'];

export function defineContract<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType>(
  contract: Contract<P, Q, B, R>,
): Contract<P, Q, B, R> {
  return contract;
}

export type ParamsOf<C> = C extends Contract<infer P, z.ZodType, z.ZodType, z.ZodType> ? z.infer<P> : never;
export type QueryOf<C> = C extends Contract<z.ZodType, infer Q, z.ZodType, z.ZodType> ? z.infer<Q> : never;
export type BodyOf<C> = C extends Contract<z.ZodType, z.ZodType, infer B, z.ZodType> ? z.input<B> : never;
export type ParsedBodyOf<C> = C extends Contract<z.ZodType, z.ZodType, infer B, z.ZodType> ? z.output<B> : never;
export type ResponseOf<C> = C extends Contract<z.ZodType, z.ZodType, z.ZodType, infer R> ? z.infer<R> : never;

/** Fills `:params` of a contract path. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`Missing path param ${key}`);
    return encodeURIComponent(String(value));
  });
}
