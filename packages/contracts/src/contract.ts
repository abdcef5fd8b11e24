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

export function defineContract<const C extends Contract>(contract: C): C {
  return contract;
}

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;
type In<T> = T extends z.ZodType ? z.input<T> : undefined;
export type ParamsOf<C> = C extends { params: infer P } ? Out<P> : Record<string, never>;
export type QueryOf<C> = C extends { query: infer Q } ? Out<Q> : Record<string, never>;
/** the body as the client sends it */
export type BodyOf<C> = C extends { body: infer B } ? In<B> : undefined;
/** the body after validation and defaults */
export type ParsedBodyOf<C> = C extends { body: infer B } ? Out<B> : undefined;
export type ResponseOf<C> = C extends { response: infer R } ? Out<R> : never;

/** Fills `:params` of a contract path. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`Missing path param ${key}`);
    return encodeURIComponent(String(value));
  });
}
