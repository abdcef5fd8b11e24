/**
 * Upcasters turn an older schema version of an event's data into the next one, on read. Key:
 * `${type}@${fromVersion}`. None are needed yet; the codec applies them in a loop so a v1 event
 * reads as the current version once they exist.
 */
export type Upcaster = (data: unknown) => unknown;
export const upcasters: Record<string, Upcaster> = {};
