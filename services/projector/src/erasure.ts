import type { ScrubNeedles } from '@ats/storage';
import type { Projector } from './projector-api';
import { allProjections } from './projections';
import { DEAD_LETTER_COLLECTION } from './dead-letters';
import { REBUILD_SUFFIX } from './rebuild';

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
const READ_MODEL_COLLECTIONS = new Set<string>([DEAD_LETTER_COLLECTION, ...allProjections.map((p) => p.collection.name)]);
const isReadModelCollection = (name: string) =>
  READ_MODEL_COLLECTIONS.has(name) || READ_MODEL_COLLECTIONS.has(name.split(REBUILD_SUFFIX)[0]!);

export function createReadModelPurge(options: ReadModelPurgeOptions): PurgeReadModels {
  return async (position, needles) => {
    const store = options.documentStore as { scrubText?: (needles: ScrubNeedles) => Promise<number> };
    const scrub = store.scrubText;
    if (!scrub) throw new Error('This document store cannot purge personal data from read models (SQL stores only)');
    if (options.projector) await options.projector.waitFor(position, options.waitMs ?? 5_000);
    // the read models only (live, rebuild copies, dead letters): never accounts, sessions or settings
    return scrub.call(store, { ...needles, collections: isReadModelCollection });
  };
}
