import type { ReadModelName } from '@ats/contracts';
import type { DocumentStore, FindOptions } from '@ats/storage';
import { createDocumentMemory, type MemoryTable } from './document-memory';
import type { PositionTracker } from './position-tracker';

/** the ids of the documents that match, one bit per id, and how many there are */
class IdSet implements MemoryTable {
  private bits = new Uint32Array(1024);
  size = 0;

  set(id: number): void {
    const word = id >>> 5;
    if (word >= this.bits.length) {
      const grown = new Uint32Array(Math.max(word + 1, this.bits.length * 2));
      grown.set(this.bits);
      this.bits = grown;
    }
    const bit = 1 << (id & 31);
    if ((this.bits[word]! & bit) === 0) {
      this.bits[word]! |= bit;
      this.size++;
    }
  }

  clear(id: number): void {
    const word = id >>> 5;
    const bit = 1 << (id & 31);
    if (word < this.bits.length && (this.bits[word]! & bit) !== 0) {
      this.bits[word]! &= ~bit;
      this.size--;
    }
  }
}

export type CountConditions = Pick<FindOptions, 'where' | 'search' | 'contains'>;

/** how many condition sets are followed at once (the least recently asked leaves) */
const MAX_QUERIES = 16;

/**
 * Counts of a read model's documents that match a list's conditions (the candidates list's
 * '{n} candidates found', a search's count), kept current instead of counted again after every
 * change: per condition set, the ids that match (one bit per id: 31 KB at 250,000 candidates),
 * read once in the background (`createDocumentMemory` with a filter), then each batch's changed
 * documents are checked against the same conditions by the store, by their ids, before the next
 * answer. A trigram search counted over 250,000 candidates took 113 ms after any change of a
 * candidate; checking the one changed candidate takes about a millisecond.
 *
 * The store evaluates every condition (search folding, substrings, filters), so memory holds the
 * store's own answer. Null when memory cannot answer exactly now (not loaded yet, a notice on its
 * way, notices lost, a rebuild): the caller counts in the store.
 */
export function createQueryCounts(
  documents: DocumentStore,
  tracker: Pick<PositionTracker, 'positionOf' | 'floor' | 'onBatch'>,
  options: { readModel: ReadModelName; maxQueries?: number },
) {
  const maxQueries = options.maxQueries ?? MAX_QUERIES;
  const memories = new Map<string, ReturnType<typeof createDocumentMemory<IdSet>>>();
  function memoryOf(conditions: CountConditions) {
    const key = JSON.stringify(conditions);
    let memory = memories.get(key);
    if (memory) {
      // the most recently asked last
      memories.delete(key);
    } else {
      memory = createDocumentMemory(documents, tracker, {
        readModel: options.readModel,
        fields: [],
        filter: conditions,
        make: () => new IdSet(),
      });
    }
    memories.set(key, memory);
    while (memories.size > maxQueries) {
      const [oldest, old] = memories.entries().next().value!;
      memories.delete(oldest);
      old.stop();
    }
    return memory;
  }
  return {
    /** how many documents match, or null when memory cannot answer exactly now (starts following these conditions then) */
    async count(conditions: CountConditions): Promise<number | null> {
      const table = await memoryOf(conditions).table();
      return table ? table.size : null;
    },
    /** the condition sets followed now (tests) */
    get size() {
      return memories.size;
    },
  };
}
export type QueryCounts = ReturnType<typeof createQueryCounts>;
