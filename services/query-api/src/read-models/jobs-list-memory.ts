import type { Doc, DocumentStore } from '@ats/storage';
import { createDocumentMemory, type MemoryTable } from './document-memory';
import type { PositionTracker } from './position-tracker';

/** more jobs than this and the list is read from the store (their documents are not kept) */
export const MAX_JOBS_IN_MEMORY = 20_000;

/**
 * Every job's document by id, and the list's order (newest first) made once per change: the jobs
 * list's page read from memory. The order is the store's `NEWEST_FIRST` (createdAt descending,
 * then id descending, missing last); a job whose createdAt or id is of another kind than the
 * list's own (a string, a number) makes `newestFirst` answer null, so the store orders them.
 */
class JobDocuments implements MemoryTable {
  readonly docs = new Map<number, Doc>();
  private order: Doc[] | null = null;
  private odd = new Set<number>();
  overflow = false;

  set(id: number, doc: Doc): void {
    if (this.overflow) return;
    this.docs.set(id, doc);
    if ((doc.createdAt === undefined || doc.createdAt === null || typeof doc.createdAt === 'string') && typeof doc.id === 'number')
      this.odd.delete(id);
    else this.odd.add(id);
    this.order = null;
    if (this.docs.size > MAX_JOBS_IN_MEMORY) {
      this.overflow = true;
      this.docs.clear();
    }
  }

  clear(id: number): void {
    this.docs.delete(id);
    this.odd.delete(id);
    this.order = null;
  }

  newestFirst(): readonly Doc[] | null {
    if (this.overflow || this.odd.size > 0) return null;
    if (!this.order) {
      const rank = (doc: Doc) => (typeof doc.createdAt === 'string' ? doc.createdAt : null);
      // bytewise, as the store compares ISO timestamps (ASCII)
      const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
      this.order = [...this.docs.values()].sort((a, b) => {
        const ra = rank(a);
        const rb = rank(b);
        if (ra !== rb) {
          if (ra === null) return 1;
          if (rb === null) return -1;
          return compare(rb, ra);
        }
        return (b.id as number) - (a.id as number);
      });
    }
    return this.order;
  }
}

/** each client's company name and industry (what the jobs list shows of a job's client) */
class ClientNames implements MemoryTable {
  readonly byId = new Map<number, { companyName: unknown; industry: unknown }>();
  set(id: number, doc: Doc): void {
    this.byId.set(id, { companyName: doc.companyName, industry: doc.industry });
  }
  clear(id: number): void {
    this.byId.delete(id);
  }
}

/**
 * The jobs list without a search, from memory: the jobs' documents and their clients' names, kept
 * current by the jobs and clients change notices (`createDocumentMemory`: exact for
 * read-your-writes, null while it cannot answer, and the caller reads the store). The list read
 * 1,000 jobs again from the store whenever its cached page was older than the result cache's
 * 10 s (a recruiter's next read after a change, usually): 40–80 ms at load 24; from memory a
 * change of an application reads nothing of the jobs or clients.
 */
export function createJobsListMemory(documents: DocumentStore, tracker: Pick<PositionTracker, 'positionOf' | 'floor' | 'onBatch'>) {
  const jobs = createDocumentMemory(documents, tracker, { readModel: 'jobs', make: () => new JobDocuments() });
  const clients = createDocumentMemory(documents, tracker, {
    readModel: 'clients',
    fields: ['companyName', 'industry'],
    make: () => new ClientNames(),
  });
  return {
    /** the list's page, newest first, or null when memory cannot answer exactly now */
    async page(offset: number, limit: number): Promise<Doc[] | null> {
      const order = (await jobs.table())?.newestFirst();
      return order ? order.slice(offset, offset + limit) : null;
    },
    /** company name and industry of these clients (absent: no such client), or null when memory cannot answer */
    async clientNames(ids: readonly number[]): Promise<Map<number, { companyName: unknown; industry: unknown }> | null> {
      const table = await clients.table();
      if (!table) return null;
      const out = new Map<number, { companyName: unknown; industry: unknown }>();
      for (const id of ids) {
        const names = table.byId.get(id);
        if (names) out.set(id, names);
      }
      return out;
    },
    /** loads from scratch now (tests) */
    async load(): Promise<void> {
      await Promise.all([jobs.load(), clients.load()]);
    },
    /** loads in the background when not loaded yet (the server's warm-up) */
    async warm(): Promise<void> {
      await Promise.all([jobs.warm(), clients.warm()]);
    },
  };
}
export type JobsListMemory = ReturnType<typeof createJobsListMemory>;
