import { z } from 'zod';
import { whenMissing } from '../fields';
import { ALL_ROLES, defineContract } from '../contract';

/** What the global search finds; a contact opens its client. */
export const SEARCH_KINDS = ['candidate', 'client', 'job', 'contact'] as const;
export const SearchKindSchema = z.enum(SEARCH_KINDS);
export type SearchKind = z.infer<typeof SearchKindSchema>;

/** at most this many results of one kind, unless `limit` asks for fewer */
export const SEARCH_PER_KIND_LIMIT = 5;
/** at most this many results in all */
export const SEARCH_TOTAL_LIMIT = 20;
export const SEARCH_QUERY_MAX = 200;

export const SearchQuerySchema = z.object({
  q: z
    .string({ error: whenMissing('Enter something to search for') })
    .trim()
    .min(1, 'Enter something to search for')
    .max(SEARCH_QUERY_MAX, `Search for at most ${SEARCH_QUERY_MAX} characters`),
  /** results per kind (1–10, default 5) */
  limit: z.coerce.number().int().min(1).max(10).optional(),
});

export const SearchResultSchema = z.object({
  kind: SearchKindSchema,
  id: z.number().int(),
  title: z.string(),
  subtitle: z.string().nullable(),
  /** the app path that opens the record (a contact: its client's page) */
  url: z.string(),
});
export type SearchResult = z.infer<typeof SearchResultSchema>;

export const SearchResponseSchema = z.object({
  query: z.string(),
  /** grouped by kind (candidates, clients, jobs, contacts), best match first within each group */
  results: z.array(SearchResultSchema),
});
export type SearchResponse = z.infer<typeof SearchResponseSchema>;

export const searchContracts = {
  globalSearch: defineContract({
    name: 'globalSearch',
    method: 'GET',
    path: '/api/search',
    query: SearchQuerySchema,
    response: SearchResponseSchema,
    status: 200,
    roles: ALL_ROLES,
    summary:
      'Global search (header box, Ctrl/⌘-K): candidates, clients, jobs and contacts matching every word, case- and accent-insensitively; grouped by kind, best first, capped per kind and in all',
  }),
};
