import { z } from 'zod';
import type { Contract } from './contract';
import { ProblemSchema } from './problem';

type JsonSchema = Record<string, unknown>;

const toSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  return rest;
};

/** `:id` → `{id}` */
export const toOpenApiPath = (path: string) => path.replace(/:([A-Za-z]+)/g, '{$1}');

function parameters(schema: z.ZodType | undefined, location: 'path' | 'query') {
  if (!schema) return [];
  const json = toSchema(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: location,
    required: location === 'path' || (json.required ?? []).includes(name),
    schema: property,
  }));
}

const problem = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
});

/**
 * The OpenAPI 3.1 document of the HTTP contracts: params, query and body as the client sends
 * them (zod input side), responses as the server returns them, roles in `x-roles`.
 */
export function buildOpenApiDocument(contracts: Record<string, Contract>, info: { title: string; version: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const contract of Object.values(contracts)) {
    const path = toOpenApiPath(contract.path);
    const responses: Record<string, unknown> = {
      [String(contract.status)]:
        contract.status === 204
          ? { description: 'No content' }
          : { description: 'Success', content: { 'application/json': { schema: toSchema(contract.response, 'output') } } },
      '400': problem('Invalid input: `errors` lists field paths and messages'),
    };
    if (contract.roles.length > 0) {
      responses['401'] = problem('Signed out');
      responses['403'] = problem('Role not allowed');
    }
    if (contract.params) responses['404'] = problem('Unknown id');
    if (contract.method !== 'GET') responses['409'] = problem('Illegal state or concurrent change');
    (paths[path] ??= {})[contract.method.toLowerCase()] = {
      operationId: contract.name,
      summary: contract.summary,
      parameters: [...parameters(contract.params, 'path'), ...parameters(contract.query, 'query')],
      ...(contract.body
        ? { requestBody: { required: true, content: { 'application/json': { schema: toSchema(contract.body, 'input') } } } }
        : {}),
      responses,
      ...(contract.roles.length > 0 ? { security: [{ session: [] }] } : {}),
      'x-roles': contract.roles,
    };
  }
  return {
    openapi: '3.1.0',
    info,
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    paths,
    components: {
      schemas: { Problem: toSchema(ProblemSchema, 'output') },
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'ats.sid' } },
    },
  };
}
