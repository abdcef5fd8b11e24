import { z } from 'zod';

/** Optional free text: trimmed; empty becomes undefined. */
export const optionalText = (max = 500) =>
  z
    .string()
    .trim()
    .max(max, `String must contain at most ${max} character(s)`)
    .optional()
    .nullable()
    .transform((v) => (v ? v : undefined));

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

/** A numeric id in a body. */
export const EntityIdBodySchema = z.number({ error: 'Required' }).int().positive();
