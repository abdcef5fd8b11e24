import type { Doc, DocumentStore } from '@ats/storage';
import { createDocumentMemory, IdColumn, type MemoryTable } from './document-memory';
import type { PositionTracker } from './position-tracker';

type Analysis = { at: string; score: string };

/** per candidate id: whether there is one, and for the analysed ones when and the score (as the store's text of it) */
class AiColumns implements MemoryTable {
  private readonly present = new IdColumn(0);
  total = 0;
  readonly analysed = new Map<number, Analysis>();

  set(id: number, doc: Doc): void {
    if (!this.present.get(id)) this.total++;
    this.present.set(id, 1);
    const at = doc.aiLastAnalyzed;
    // the store's `aiLastAnalyzed: { $ne: null }`: present and not null
    if (at === undefined || at === null) this.analysed.delete(id);
    else {
      const score = doc.aiMatchScore;
      this.analysed.set(id, {
        at: typeof at === 'string' ? at : JSON.stringify(at),
        score: score === undefined || score === null ? 'null' : typeof score === 'string' ? score : JSON.stringify(score),
      });
    }
  }

  clear(id: number): void {
    if (this.present.get(id)) this.total--;
    this.present.set(id, 0);
    this.analysed.delete(id);
  }
}

/**
 * The AI Analytics card's totals from the candidates kept in memory (`createDocumentMemory`):
 * how many candidates, the analysed ones per score, and the three analysed last. In the store
 * these were three reads over every candidate (0.4 s at 250,000, after every candidate change).
 * Null when memory cannot answer exactly now (the store answers).
 */
export function createAiTotals(documents: DocumentStore, tracker: Pick<PositionTracker, 'positionOf' | 'floor' | 'onBatch'>) {
  const memory = createDocumentMemory(documents, tracker, {
    readModel: 'candidates',
    fields: ['aiLastAnalyzed', 'aiMatchScore'],
    make: () => new AiColumns(),
  });
  return {
    async totals(recent: number): Promise<{ total: number; scores: Record<string, number>; recentIds: number[] } | null> {
      const table = await memory.table();
      if (!table) return null;
      const scores: Record<string, number> = {};
      // newest analysis first, then the higher id (as the store sorts them)
      const latest: Array<[number, Analysis]> = [];
      const before = (a: [number, Analysis], b: [number, Analysis]) => (a[1].at !== b[1].at ? a[1].at > b[1].at : a[0] > b[0]);
      for (const entry of table.analysed) {
        scores[entry[1].score] = (scores[entry[1].score] ?? 0) + 1;
        if (latest.length < recent || before(entry, latest[latest.length - 1]!)) {
          latest.push(entry);
          latest.sort((a, b) => (before(a, b) ? -1 : 1));
          if (latest.length > recent) latest.pop();
        }
      }
      return { total: table.total, scores, recentIds: latest.map(([id]) => id) };
    },
    warm: memory.warm,
  };
}
export type AiTotals = ReturnType<typeof createAiTotals>;
