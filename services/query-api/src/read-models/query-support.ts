import type { Doc, DocumentStore } from '@ats/storage';
import { READ_MODELS } from './names';

/** a page of a list: `limit` rows from `offset` */
export interface Page {
  limit?: number | undefined;
  offset?: number | undefined;
}

export type SortSpec = Array<[string, 'asc' | 'desc']>;

export const NEWEST_FIRST: SortSpec = [
  ['createdAt', 'desc'],
  ['id', 'desc'],
];
/** lists without paging return at most this many rows */
export const LIST_LIMIT = 1000;

export const norm = (value: string | null | undefined) => (value ?? '').trim().toLowerCase();

/** documents by numeric id, for joins made at read time */
export const byId = <T extends Doc>(docs: T[]) => new Map(docs.map((d) => [Number(d.id), d]));

/** numeric ids of `values` without duplicates or nulls, for a getMany */
export const distinctIds = (values: Array<number | null>) => [...new Set(values.filter((id): id is number => id !== null))];

export function strip<T extends Record<string, unknown>>(doc: T, keys: string[]): T {
  const copy = { ...doc };
  for (const k of keys) delete copy[k];
  return copy;
}

/** A typed accessor for one read model's collection. */
export const readModel =
  <T extends Doc>(documents: DocumentStore, name: keyof typeof READ_MODELS) =>
  () =>
    documents.collection<T>(READ_MODELS[name]);
