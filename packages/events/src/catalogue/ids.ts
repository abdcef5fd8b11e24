import { z } from 'zod';

/**
 * Numeric id allocation: one event per id on stream `ids-<kind>`, appended with the expected
 * revision, so two concurrent creates never get the same id on any event store.
 */
export const IdReservedSchema = z.object({ kind: z.string(), id: z.number().int().positive() });
export type IdReserved = z.infer<typeof IdReservedSchema>;

/**
 * A block of `count` consecutive ids from `first` on, as ONE event on `ids-<kind>` (a bulk
 * import's batch of new records). The next id after it is `first + count`.
 */
export const IdsReservedSchema = z.object({ kind: z.string(), first: z.number().int().positive(), count: z.number().int().min(2) });
export type IdsReserved = z.infer<typeof IdsReservedSchema>;

/** The demo data was claimed for loading (stream `system-demo-data`, appended with no_stream once). */
export const DemoDataSeededSchema = z.object({ version: z.number().int() });
export type DemoDataSeeded = z.infer<typeof DemoDataSeededSchema>;
