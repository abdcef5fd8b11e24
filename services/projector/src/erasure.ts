import type { ScrubNeedles } from '@ats/storage';
import type { Projector } from './projector-api';

/** The read-model side of an erasure (GDPR Art. 17). */
export type PurgeReadModels = (position: number, needles: ScrubNeedles) => Promise<number>;

export interface ReadModelPurgeOptions {
  /** the SQL document store (scrubText); a store without it cannot erase and says so */
  documentStore: object;
  /** the projector in this process: the purge runs once it has projected the erasure */
  projector?: Pick<Projector, 'waitFor'>;
  /** how long to wait for the projector (default 5 s) */
  waitMs?: number;
}

/**
 * After an erasure event: waits until the projector has applied it (the person's own documents
 * are gone then, and every later event reads "[erased]"), then replaces what is left of the
 * person (names, e-mail, phones, URLs, note texts copied into other read models, History's
 * `record_events`, snapshots, dead letters) with "[erased]" in every collection.
 */
export function createReadModelPurge(options: ReadModelPurgeOptions): PurgeReadModels {
  return async (position, needles) => {
    const store = options.documentStore as { scrubText?: (needles: ScrubNeedles) => Promise<number> };
    const scrub = store.scrubText;
    if (!scrub) throw new Error('This document store cannot purge personal data from read models (SQL stores only)');
    if (options.projector) await options.projector.waitFor(position, options.waitMs ?? 5_000);
    return scrub.call(store, needles);
  };
}
