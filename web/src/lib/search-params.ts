/**
 * The routes' URL search checks, without zod (B8: zod's runtime was the largest script in the
 * entry chunk, and the routes' search checks were what kept it there). Each field reader takes
 * the router's raw value and returns the checked value or `undefined`: a bad value is dropped
 * rather than failing the page, as zod's `.optional().catch(undefined)` did.
 *
 * The router reads `?q=123&on=true` as JSON (a number, a boolean); a text field takes only a
 * string unless it is built with `coerce: true`.
 */

/** Reads one search field: the checked value, or undefined when absent or invalid. */
export type SearchField<T> = (value: unknown) => T | undefined;

/** The checked search of a schema built with `searchSchema`: every field optional. */
export type SearchOf<S extends { parse: (input: Record<string, unknown>) => unknown }> = ReturnType<S['parse']>;

type Checked<F> = { [K in keyof F]?: F[K] extends SearchField<infer T> ? T : never };

export interface SearchSchema<F extends Record<string, SearchField<unknown>>> {
  readonly fields: F;
  /** Only the known fields, each checked; unknown keys are left out. */
  parse(input: Record<string, unknown>): Checked<F>;
}

/** A URL search of known fields (unknown keys are dropped). */
export function searchSchema<F extends Record<string, SearchField<unknown>>>(fields: F): SearchSchema<F> {
  return {
    fields,
    parse(input) {
      const out: Record<string, unknown> = {};
      for (const key of Object.keys(fields)) {
        if (!Object.hasOwn(input, key)) continue;
        out[key] = input[key] === undefined ? undefined : fields[key]!(input[key]);
      }
      return out as Checked<F>;
    },
  };
}

export interface TextOptions {
  /** the length after trimming (default: no limit) */
  min?: number;
  max?: number;
  /** trim surrounding white space before the checks (default true) */
  trim?: boolean;
  /** the whole value must match */
  pattern?: RegExp;
  /** a number or boolean (as the router reads `?q=123`) is taken as its text */
  coerce?: boolean;
  /** a further check on the (trimmed) text */
  check?: (value: string) => boolean;
}

/** Free text: a string, trimmed, within the lengths and matching the pattern. */
export function text(options: TextOptions = {}): SearchField<string> {
  const { min = 0, max = Infinity, trim = true, pattern, coerce = false, check } = options;
  return (value) => {
    const raw = coerce && (typeof value === 'number' || typeof value === 'boolean') ? String(value) : value;
    if (typeof raw !== 'string') return undefined;
    const v = trim ? raw.trim() : raw;
    if (v.length < min || v.length > max) return undefined;
    if (pattern && !pattern.test(v)) return undefined;
    if (check && !check(v)) return undefined;
    return v;
  };
}

/** A calendar day, `yyyy-mm-dd` (not trimmed). */
export const day = (): SearchField<string> => text({ trim: false, pattern: /^\d{4}-\d{2}-\d{2}$/ });

/** A moment `Date.parse` reads (an ISO time). */
export const moment = (): SearchField<string> => text({ trim: false, check: (v) => !Number.isNaN(Date.parse(v)) });

/** One of the given values, exactly (with `coerce`, a number or boolean is taken as its text). */
export function oneOf<const T extends string>(values: readonly T[], options: { coerce?: boolean } = {}): SearchField<T> {
  const known = new Set<string>(values);
  return (value) => {
    const raw = options.coerce && (typeof value === 'number' || typeof value === 'boolean') ? String(value) : value;
    return typeof raw === 'string' && known.has(raw) ? (raw as T) : undefined;
  };
}

/** A positive whole number (a string of digits or a number), at most `Number.MAX_SAFE_INTEGER`. */
export function positiveInt(): SearchField<number> {
  return (value) => {
    if (typeof value === 'bigint' || typeof value === 'symbol' || typeof value === 'object' || typeof value === 'function')
      return undefined;
    const n = Number(value);
    return Number.isSafeInteger(n) && n > 0 ? n : undefined;
  };
}

/** A yes/no flag: any present value is read as a boolean (`?replay=true`, `?replay=1`). */
export const flag = (): SearchField<boolean> => (value) => Boolean(value);

/** A path's id: digits only (1–15), a positive number; otherwise undefined. */
export function parseId(value: unknown): number | undefined {
  if (typeof value !== 'string' || !/^\d{1,15}$/.test(value)) return undefined;
  const n = Number(value);
  return n > 0 ? n : undefined;
}
