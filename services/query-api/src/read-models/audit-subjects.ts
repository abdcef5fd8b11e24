import type { DocumentStore, EventLogFilter, SqlAuditLog } from '@ats/storage';

/** the audit_subjects read model (the projector's person index for the audit search) */
const AUDIT_SUBJECTS = 'audit_subjects';
/** a search term matching more people than this is not a search for one person */
const MOST_SUBJECTS = 200;

/**
 * The audit log with a free-text search that also finds people: the names and e-mails in the
 * log are sealed (ciphertext), so `q` is first looked up in the person index (`audit_subjects`,
 * deleted on erasure) and the log then matches the events sealed with, or on the stream of, the
 * subjects found. Nothing of the person is stored in the log to make that work.
 */
export function withSubjectSearch(log: SqlAuditLog, documents: DocumentStore): SqlAuditLog {
  async function resolve<F extends EventLogFilter>(filter: F): Promise<F> {
    if (!filter.q) return filter;
    const found = await documents
      .collection(AUDIT_SUBJECTS)
      .find({ search: filter.q, fields: ['id'], limit: MOST_SUBJECTS })
      // a read side not built yet searches the text alone
      .catch(() => []);
    return found.length > 0 ? { ...filter, subjects: found.map((d) => String(d.id)) } : filter;
  }
  return {
    ...log,
    page: async (options) => log.page(await resolve(options)),
    async *stream(filter, options) {
      yield* log.stream(await resolve(filter), options);
    },
  };
}
