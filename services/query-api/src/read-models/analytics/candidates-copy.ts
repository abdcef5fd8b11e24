import type { AnalyticsCandidateDoc } from '@ats/projector';
import type { Doc, DocumentStore } from '@ats/storage';
import { READ_MODELS } from '../names';
import { candidateActiveAt } from './history';
import { createLiveCopy, type LiveIndexOptions } from './live-index';

type CandidateDoc = AnalyticsCandidateDoc & Doc;

/**
 * `analytics_candidates` in memory (one small document per candidate: created, statuses,
 * deletions), for the dashboard's Active Candidates change label: counting the candidates active
 * at a moment is a loop over the copy instead of reading every candidate's row on each read.
 * The same rule as over the rows (`candidateActiveAt`), so the figure is the same.
 */
export class CandidatesCopy {
  private readonly docs = new Map<number, CandidateDoc>();

  put(doc: CandidateDoc): void {
    this.docs.set(Number(doc.id), doc);
  }

  remove(id: CandidateDoc['id']): void {
    this.docs.delete(Number(id));
  }

  /** how many candidates were active at each of the instants (ISO strings), in one pass */
  activeAt(instants: readonly string[]): number[] {
    const counts = instants.map(() => 0);
    for (const c of this.docs.values()) {
      for (let i = 0; i < instants.length; i++) if (candidateActiveAt(c, instants[i]!)) counts[i]!++;
    }
    return counts;
  }
}

/** the live copy of `analytics_candidates` (`createLiveCopy`: loaded once, kept current by the change notices) */
export function createLiveCandidatesCopy(documents: DocumentStore, options: LiveIndexOptions = {}) {
  return createLiveCopy<CandidateDoc, CandidatesCopy>(
    documents,
    READ_MODELS.analyticsCandidates,
    () => new CandidatesCopy(),
    Number,
    options,
  );
}
export type LiveCandidatesCopy = ReturnType<typeof createLiveCandidatesCopy>;
