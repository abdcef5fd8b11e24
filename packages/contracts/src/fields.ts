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
