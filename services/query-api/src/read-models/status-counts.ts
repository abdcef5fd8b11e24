import type { ReadModelName } from '@ats/contracts';
import type { Doc, DocumentStore } from '@ats/storage';
import { createDocumentMemory, IdColumn, type MemoryTable } from './document-memory';
import type { PositionTracker } from './position-tracker';

/** per document id: 0 = no document, else 1 + the index of its value in `names`; and the counts per code */
class ValueCounts implements MemoryTable {
  readonly names: string[] = [];
  private readonly codes = new IdColumn(0);
  readonly counts: number[] = [];

  constructor(
    private readonly field: string,
    private readonly label: string,
  ) {}

  private codeOf(value: unknown): number {
    const name = typeof value === 'string' ? value : JSON.stringify(value ?? null);
    let i = this.names.indexOf(name);
    if (i < 0) i = this.names.push(name) - 1;
    if (i >= 255) throw new Error(`${this.label}: too many distinct values to count`);
    return i + 1;
  }

  private put(id: number, code: number): void {
    const old = this.codes.get(id);
    if (old === code) return;
    if (old) this.counts[old] = (this.counts[old] ?? 0) - 1;
    if (code) this.counts[code] = (this.counts[code] ?? 0) + 1;
    this.codes.set(id, code);
  }

  set(id: number, doc: Doc): void {
    this.put(id, this.codeOf(doc[this.field]));
  }
  clear(id: number): void {
    this.put(id, 0);
  }
}

/**
 * How many documents of a read model hold each value of one field (Active Candidates: candidates
 * per status), kept in memory by `createDocumentMemory` (one small code per document id). A count
 * over 250,000 candidates in the store takes hundreds of milliseconds; this takes none. Exact for
 * read-your-writes: null when memory cannot answer now (the caller counts in the store).
 */
export function createStatusCounts(
  documents: DocumentStore,
  tracker: Pick<PositionTracker, 'positionOf' | 'floor' | 'onBatch'>,
  options: { readModel: ReadModelName; field: string },
) {
  const memory = createDocumentMemory(documents, tracker, {
    readModel: options.readModel,
    fields: [options.field],
    make: () => new ValueCounts(options.field, `${options.readModel}.${options.field}`),
  });
  return {
    /**
     * The number of documents whose field holds `value`, or null when memory cannot answer
     * exactly now (the caller counts in the store); starts counting in the background then.
     */
    async count(value: string): Promise<number | null> {
      const table = await memory.table();
      if (!table) return null;
      const code = table.names.indexOf(value);
      return code < 0 ? 0 : (table.counts[code + 1] ?? 0);
    },
    /** counts from scratch now (tests) */
    load: memory.load,
    warm: memory.warm,
  };
}
export type StatusCounts = ReturnType<typeof createStatusCounts>;
