import type { CollectionDefinition, FieldCondition, FindOptions, Scalar, Where } from './port';

/** Checks and conditions shared by the document-store adapters, so they accept the same input. */

const COLLECTION_NAME = /^[A-Za-z][A-Za-z0-9_]{0,35}$/;
const PATH_SEGMENT = /^[A-Za-z_][A-Za-z0-9_]*$/;

export function assertCollectionName(name: string): string {
  if (typeof name !== 'string' || !COLLECTION_NAME.test(name)) {
    throw new TypeError(`Invalid collection name ${JSON.stringify(name)}: use letters, digits and _ (at most 36)`);
  }
  return name;
}

/** 'client.companyName' → ['client', 'companyName']; rejects anything but plain identifiers. */
export function fieldPath(field: string): string[] {
  const segments = typeof field === 'string' ? field.split('.') : [];
  if (segments.length === 0 || !segments.every((segment) => PATH_SEGMENT.test(segment) && segment.length <= 63)) {
    throw new TypeError(`Invalid field path: ${JSON.stringify(field)}`);
  }
  return segments;
}

export function normalizeDefinition(definition: CollectionDefinition): CollectionDefinition {
  assertCollectionName(definition.name);
  const searchFields = [...(definition.searchFields ?? [])];
  const indexes = [...(definition.indexes ?? [])];
  const sortIndexes = (definition.sortIndexes ?? []).map((index) => ({
    equal: [...(index.equal ?? [])],
    sort: index.sort.map(([field, direction]) => {
      if (direction !== 'asc' && direction !== 'desc') throw new TypeError(`Invalid sort direction: ${String(direction)}`);
      return [field, direction] as const;
    }),
  }));
  for (const field of [...searchFields, ...indexes, ...sortIndexes.flatMap((i) => [...i.equal, ...i.sort.map(([f]) => f)])])
    fieldPath(field);
  return { name: definition.name, searchFields, indexes, ...(sortIndexes.length > 0 ? { sortIndexes } : {}) };
}

export type Operator =
  | { op: 'eq' | 'ne'; value: Scalar }
  | { op: 'gt' | 'gte' | 'lt' | 'lte'; value: Scalar }
  | { op: 'in' | 'nin'; values: Scalar[] }
  | { op: 'exists'; value: boolean }
  | { op: 'contains'; value: Scalar };

const COMPARISONS = { $gt: 'gt', $gte: 'gte', $lt: 'lt', $lte: 'lte' } as const;

/** One field's condition as a list of operators (all must hold). */
export function operators(condition: FieldCondition): Operator[] {
  if (condition === null || typeof condition !== 'object') {
    assertScalar(condition);
    return [{ op: 'eq', value: condition }];
  }
  const result: Operator[] = [];
  for (const [key, value] of Object.entries(condition)) {
    if (value === undefined) continue;
    if (key === '$in' || key === '$nin') {
      if (!Array.isArray(value)) throw new TypeError(`${key} takes an array`);
      value.forEach(assertScalar);
      result.push({ op: key === '$in' ? 'in' : 'nin', values: value });
    } else if (key === '$ne') {
      assertScalar(value);
      result.push({ op: 'ne', value });
    } else if (key === '$exists') {
      if (typeof value !== 'boolean') throw new TypeError('$exists takes a boolean');
      result.push({ op: 'exists', value });
    } else if (key === '$contains') {
      assertScalar(value);
      result.push({ op: 'contains', value });
    } else if (key in COMPARISONS) {
      assertScalar(value);
      result.push({ op: COMPARISONS[key as keyof typeof COMPARISONS], value });
    } else {
      throw new TypeError(`Unsupported condition operator: ${key}`);
    }
  }
  return result;
}

export function whereEntries(where: Where | undefined): Array<[path: string[], field: string, operators: Operator[]]> {
  return Object.entries(where ?? {})
    .filter(([, condition]) => condition !== undefined)
    .map(([field, condition]) => [fieldPath(field), field, operators(condition)]);
}

/** the search text, or undefined when there is nothing to search for */
export function searchText(options: Pick<FindOptions, 'search'>): string | undefined {
  const text = options.search?.trim();
  return text ? text : undefined;
}

/** `contains` as [path, field, non-empty substrings] */
export function containsEntries(options: Pick<FindOptions, 'contains'>): Array<[path: string[], field: string, terms: string[]]> {
  return Object.entries(options.contains ?? {}).flatMap(([field, terms]) => {
    if (!Array.isArray(terms) || !terms.every((t) => typeof t === 'string'))
      throw new TypeError(`contains.${field} takes a list of strings`);
    const kept = terms.filter((t) => t.length > 0);
    return kept.length > 0 ? [[fieldPath(field), field, kept] as [string[], string, string[]]] : [];
  });
}

/** The words of a search (at most 8): each must match some search field, so "ada lovelace" finds first + last name. */
export function searchTerms(options: Pick<FindOptions, 'search'>): string[] {
  return (searchText(options) ?? '')
    .split(/\s+/)
    .filter((t) => t.length > 0)
    .slice(0, 8);
}

/** the projected fields as validated top-level names (id always included), or undefined for whole documents */
export function projectedFields(options: Pick<FindOptions, 'fields'> | undefined): string[] | undefined {
  if (!options?.fields) return undefined;
  const fields = new Set(['id']);
  for (const field of options.fields) {
    const path = fieldPath(field);
    if (path.length !== 1) throw new TypeError(`Projected fields must be top-level: ${JSON.stringify(field)}`);
    fields.add(field);
  }
  return [...fields];
}

export function assertPaging(options: Pick<FindOptions, 'limit' | 'offset' | 'after' | 'sort'>): void {
  for (const key of ['limit', 'offset'] as const) {
    const value = options[key];
    if (value !== undefined && !(Number.isSafeInteger(value) && value >= 0)) {
      throw new TypeError(`Invalid ${key}: ${value}`);
    }
  }
  if (options.after !== undefined) {
    docKey(options.after);
    if ((options.sort?.length ?? 0) > 0 || options.offset) throw new TypeError('after pages in id order: not with sort or offset');
  }
}

export function docKey(id: unknown): string {
  if (typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id))) return String(id);
  throw new TypeError(`Invalid document id: ${JSON.stringify(id)}`);
}

function assertScalar(value: unknown): asserts value is Scalar {
  const type = typeof value;
  if (value !== null && type !== 'string' && type !== 'boolean' && !(type === 'number' && Number.isFinite(value))) {
    throw new TypeError(`Condition values must be strings, finite numbers, booleans or null: ${JSON.stringify(value)}`);
  }
}
