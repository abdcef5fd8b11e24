import { z } from 'zod';
import { messages } from './messages';

/**
 * A required field's own message, for a value that is missing or not a string only. Zod 4 gives a
 * schema's `error` to every issue it has no message for: `z.string({ error: "Company name is
 * required" }).max(200)` told a 300-letter name that the name is required (sweep six).
 */
export const whenMissing =
  (message: string) =>
  (issue: { code?: string }): string | undefined =>
    issue.code === 'invalid_type' ? message : undefined;

/** The field error of a text longer than its limit. */
export const tooLongMessage = (max: number) => `Must be at most ${max.toLocaleString('en-US')} characters`;

/** Optional free text: trimmed; empty becomes undefined. */
export const optionalText = (max = 500) =>
  z
    .string()
    .trim()
    .max(max, `String must contain at most ${max} character(s)`)
    .optional()
    .nullable()
    .transform((v) => (v ? v : undefined));

/**
 * Closes the bidirectional embeddings, overrides and isolates a text leaves open (U+202A–U+202E
 * without their U+202C, U+2066–U+2068 without their U+2069), so a name such as "Eve\u202E…" reverses
 * only itself, never the words a screen or a feed line puts after it.
 */
export function closeBidi<T extends string | null | undefined>(text: T): T {
  if (!text || !/[\u202A-\u202E\u2066-\u2069]/.test(text)) return text;
  const open: string[] = [];
  for (const ch of text as string) {
    if (/[\u202A-\u202E]/.test(ch) && ch !== '\u202C') open.push('\u202C');
    else if (/[\u2066-\u2068]/.test(ch)) open.push('\u2069');
    else if ((ch === '\u202C' || ch === '\u2069') && open.at(-1) === ch) open.pop();
  }
  return (text + open.reverse().join('')) as T;
}

/**
 * A character a person can see: anything but white space, the format characters (soft hyphen,
 * the Arabic letter mark, zero-width space and joiners, LRM/RLM and the other bidi controls, the
 * word joiner and invisible operators, a BOM), variation selectors, the blank letters (Hangul
 * fillers, the blank Braille pattern) and the tag characters (U+E0000–E01EF: both halves of their
 * surrogate pairs are listed; a lone surrogate never gets here, `findUnstorableText` refuses it).
 * `String.trim` keeps those, so "\u200B" passed "First name is required" and made a record with no
 * visible name (sweep six). A search without the `u` flag: 5 M characters in ~10 ms (with `u` and
 * `\p{Cf}` it took ~0.7 s, a blocked event loop for one 15 MB body).
 */
const VISIBLE =
  // eslint-disable-next-line no-misleading-character-class -- the variation selectors are listed on their own, never combined
  /[^\s\u00AD\u061C\u115F\u1160\u180B-\u180F\u200B-\u200F\u202A-\u202E\u2060-\u206F\u2800\u3164\uFE00-\uFE0F\uFEFF\uFFA0\uDC00-\uDDEF\uDB40]/;

/** Whether a non-empty text is made only of characters nobody can see (see VISIBLE). */
export function isInvisibleText(text: string): boolean {
  return text.length > 0 && !VISIBLE.test(text);
}

/**
 * Turns every string of a parsed JSON value that shows nothing (isInvisibleText) into "", in
 * place, so each schema treats it as it treats a blank field: a required one says its "… is
 * required", an optional one is left empty. Depth-limited as the JSON body is (64 levels).
 */
export function blankInvisibleText<T>(value: T, depth = 0): T {
  if (typeof value === 'string') return (isInvisibleText(value) ? '' : value) as T;
  if (depth > 64 || value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    const child = record[key];
    if (typeof child === 'string') {
      if (isInvisibleText(child)) Object.defineProperty(record, key, { value: '', writable: true, enumerable: true, configurable: true });
    } else if (child !== null && typeof child === 'object') blankInvisibleText(child, depth + 1);
  }
  return value;
}

/** The field error of a web address that is not http(s). */
export const WEB_URL_MESSAGE = 'Enter a web address starting with https:// or http:// (or a domain such as acme.com)';

/**
 * Whether text is a web address a link may point to: http(s) with a host, or a bare domain
 * (acme.com, www.acme.com/about: the UI puts https:// in front when it links). Any other scheme
 * (javascript:, data:, vbscript:, file:) is refused: the value ends up in an href.
 */
export function isWebAddress(value: string): boolean {
  if (/\s/.test(value)) return false;
  const scheme = /^([a-z][a-z0-9+.-]*):(?!\d)/i.exec(value)?.[1];
  if (scheme) {
    if (!/^https?$/i.test(scheme)) return false;
    try {
      const url = new URL(value);
      return url.hostname.length > 0 && !url.username && !url.password;
    } catch {
      return false;
    }
  }
  return /^(localhost|[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*\.[a-z]{2,63})(:\d{1,5})?([/?#].*)?$/i.test(
    value,
  );
}

/** Optional web address (see isWebAddress): trimmed; empty becomes undefined. */
export const optionalWebUrl = (max = 500) => optionalText(max).refine((v) => v === undefined || isWebAddress(v), WEB_URL_MESSAGE);

/** Editable web address: as clearableText, and the text must be a web address. */
export const clearableWebUrl = (max = 500) =>
  clearableText(max).refine((v) => v === undefined || v === null || isWebAddress(v), WEB_URL_MESSAGE);

/** Path id: digits only, a positive integer. */
export const IdParamSchema = z.object({
  id: z
    .string()
    .regex(/^\d{1,15}$/, 'Invalid input')
    .transform(Number)
    .pipe(z.number().int().positive('Invalid input')),
});

/** Optional free text on an update: absent = unchanged; null or blank = cleared (null). */
export const clearableText = (max = 500) =>
  z
    .string()
    .trim()
    .max(max, `String must contain at most ${max} character(s)`)
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v ? v : null));

/** The years a date the team types may fall in (an interview in year 1 or 9999 was taken: sweep four). */
export const PLAUSIBLE_YEARS = Object.freeze({ min: 1900, max: 2199 });

/** true when an ISO date or date-time (YYYY-MM-DD…) names a year in PLAUSIBLE_YEARS */
export function inPlausibleYears(iso: string): boolean {
  const year = Number(/^(\d{4})-/.exec(iso)?.[1]);
  return year >= PLAUSIBLE_YEARS.min && year <= PLAUSIBLE_YEARS.max;
}

/**
 * An interview's time: an ISO date-time with an offset in PLAUSIBLE_YEARS. A missing one "is
 * required"; one given but not a time (or a day that does not exist) is "not a valid date and time".
 */
export const InterviewTimeSchema = z.iso
  .datetime({
    offset: true,
    error: (issue) => (issue.input === undefined || issue.input === '' ? messages.scheduledAtRequired : messages.scheduledAtInvalid),
  })
  // (only a text that is a date at all gets this second message)
  .refine((v) => !/^\d{4}-/.test(v) || inPlausibleYears(v), messages.yearOutOfRange);

/** An IANA time zone such as 'Europe/Berlin' (checked against the runtime's zone database). */
export const TimeZoneSchema = z
  .string()
  .max(64)
  .refine((tz) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, 'Unknown time zone');

/**
 * A numeric id in a body. "Required" only when it is missing: a negative, fractional or huge id
 * (`1e20`) said "Required" too, which sent the sender looking for a field that was there (sweep five).
 */
export const EntityIdBodySchema = z
  .number({ error: (issue) => (issue.input === undefined ? 'Required' : 'Expected an id (a whole number above 0)') })
  .int()
  .positive();

/** The revision of a record an edit started from (its stream's last revision, as the read model's `revision`). */
export const BaseRevisionSchema = z.number().int().min(-1).optional();
