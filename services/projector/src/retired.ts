import type { DocumentStore } from './ports';
import { REBUILD_SUFFIX } from './rebuild';

/**
 * Collections of read models this version no longer keeps: dropped at the projector's start (with
 * any rebuild copy), so an upgraded installation does not carry them; nothing reads them. The
 * checkpoint's list of complete read models no longer names them from its next save, and the
 * start-up upgrade check ignores a stored read model this version does not have.
 * - `analytics_sources` (issue 15, B3): source effectiveness reads `analytics_applications` and
 *   `analytics_candidates` instead of a document per candidate and per application of its own.
 */
export const RETIRED_COLLECTIONS: readonly string[] = ['analytics_sources'];

export async function dropRetiredCollections(documents: Pick<DocumentStore, 'dropCollection'>): Promise<void> {
  for (const name of RETIRED_COLLECTIONS) {
    await documents.dropCollection(name);
    await documents.dropCollection(`${name}${REBUILD_SUFFIX}`);
  }
}
