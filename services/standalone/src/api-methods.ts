import { contracts } from '@ats/contracts';
import { GET_ONLY_PATHS, LOGIN_SCRIPT_PATH } from '@ats/http-kit';

/** the methods the contracts serve, and HEAD wherever GET is served */
const ROUTES = Object.values(contracts).map((c) => ({
  method: c.method as string,
  pattern: new RegExp(`^${c.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z]+/g, '[^/]+')}/?$`),
}));

/** the query side's pages outside the contracts (sign-in and sign-out pages, the OpenAPI document) */
const PAGE_GET_PATHS: readonly string[] = ['/api/login', '/api/logout', LOGIN_SCRIPT_PATH, '/api/openapi.json'];

/** methods the API routes take: anything else on an API path is answered here */
export const ROUTED_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The methods an API path takes across both sides (the command and the query app each know only
 * their own: `OPTIONS /api/candidates` said `Allow: POST` before, and TRACE got a 501), with HEAD
 * and OPTIONS; empty when no contract has that path.
 */
export function allowedMethods(path: string): string[] {
  // the health and metrics paths: GET and HEAD only (TRACE /healthz got its status: sweep four)
  if (GET_ONLY_PATHS.includes(path)) return ['GET', 'HEAD', 'OPTIONS'];
  const methods = new Set(ROUTES.filter((r) => r.pattern.test(path)).map((r) => r.method));
  if (PAGE_GET_PATHS.includes(path)) methods.add('GET');
  if (methods.size === 0) return [];
  if (methods.has('GET')) methods.add('HEAD');
  methods.add('OPTIONS');
  return [...methods];
}
