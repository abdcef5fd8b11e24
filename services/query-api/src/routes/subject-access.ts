import type Router from '@koa/router';
import archiver from 'archiver';
import { contracts, type CurrentUser, type HistoryEntry } from '@ats/contracts';
import { DomainError, bindContract } from '@ats/http-kit';
import type { Doc, DocumentStore } from '@ats/storage';
import { recordAccess } from '../access-log';
import type { HistoryQueries } from '../read-models/history';

/** A person's own events and files, read (decrypted) from the log and the blob store by the host. */
export interface SubjectSources {
  /** the events of the person's own stream (`candidate-<id>` / `client-contact-<id>`), opened */
  events(kind: 'candidate' | 'contact', id: number): Promise<Array<{ position: number; type: string; data: unknown; occurredAt: string }>>;
  /** the person's resume files still held */
  files(kind: 'candidate' | 'contact', id: number): Promise<Array<{ name: string; bytes: Uint8Array }>>;
}

const all = (documents: DocumentStore, collection: string, where: Record<string, number | string>) =>
  documents
    .collection(collection)
    .find({ where, limit: 10_000 })
    .catch(() => [] as Doc[]);

async function wholeHistory(history: HistoryQueries, id: number): Promise<HistoryEntry[]> {
  const entries: HistoryEntry[] = [];
  let before: number | undefined;
  for (let pages = 0; pages < 500; pages++) {
    const page = await history.recordHistory('candidate', id, { before, limit: 200 });
    if (!page) break;
    entries.push(...page.entries);
    if (page.next === null) break;
    before = page.next;
  }
  return entries;
}

/** a file's name as a zip entry: letters, digits, dots, dashes and spaces; one of dots alone ('..') would be a path step */
const safeName = (name: string) => {
  const clean = name
    .replace(/[^\w.\- ]+/g, '_')
    .slice(0, 120)
    .trim();
  return /^[. ]*$/.test(clean) ? 'file' : clean;
};

/**
 * The zip paths of a person's files, one each: a name that comes again (the resume uploaded anew
 * as cv.pdf) gets ' (2)', ' (3)' before its extension, compared as a case-insensitive file system
 * would, so unpacking the zip keeps every file.
 */
export function zipPaths(names: readonly string[]): string[] {
  const taken = new Set<string>();
  return names.map((name) => {
    const base = safeName(name);
    const dot = base.lastIndexOf('.');
    const [stem, extension] = dot > 0 ? [base.slice(0, dot), base.slice(dot)] : [base, ''];
    let path = base;
    for (let n = 2; taken.has(path.toLowerCase()); n++) path = `${stem} (${n})${extension}`;
    taken.add(path.toLowerCase());
    return `files/${path}`;
  });
}

/**
 * Subject access (GDPR Art. 15): a zip of everything held about one person — the record, its
 * applications, notes, e-mails, interviews, tasks, AI analyses, its whole History with who viewed
 * it — as `subject-access.json`, plus the resume files. Streamed; the export is access-logged.
 */
export function subjectAccessRoutes(
  router: Router,
  deps: { documents: DocumentStore; history: HistoryQueries; sources?: SubjectSources | undefined },
  opts: { validateResponses?: boolean },
) {
  const who = (user: CurrentUser) => ({ id: user.id, name: `${user.firstName} ${user.lastName}`.trim() || user.email, role: user.role });
  const zip = (
    ctx: { set(k: string, v: string): void },
    fileName: string,
    json: unknown,
    files: Array<{ path: string; bytes: Uint8Array }>,
  ) => {
    ctx.set('Content-Type', 'application/zip');
    ctx.set('Content-Disposition', `attachment; filename="${fileName}"`);
    ctx.set('Cache-Control', 'no-store');
    const archive = archiver('zip', { zlib: { level: 6 } });
    archive.append(JSON.stringify(json, null, 2), { name: 'subject-access.json' });
    for (const file of files) archive.append(Buffer.from(file.bytes), { name: file.path });
    void archive.finalize();
    return archive;
  };

  bindContract(
    router,
    contracts.candidateSubjectAccess,
    async ({ params, user, ctx }) => {
      const id = params.id;
      const record = await deps.documents.collection('candidates').get(id);
      if (!record) throw new DomainError(404, 'not_found', 'Not Found', 'Candidate not found');
      const [applications, notes, communications, interviews, tasks, history, events, files] = await Promise.all([
        all(deps.documents, 'applications', { candidateId: id }),
        all(deps.documents, 'notes', { candidateId: id }),
        all(deps.documents, 'communications', { recipientType: 'candidate', recipientId: id }),
        all(deps.documents, 'interviews', { candidateId: id }),
        all(deps.documents, 'tasks', { relatedKind: 'candidate', 'relatedTo.id': id }),
        wholeHistory(deps.history, id),
        deps.sources?.events('candidate', id) ?? [],
        deps.sources?.files('candidate', id) ?? [],
      ]);
      const aiAnalyses = history.filter((e) => e.type === 'AiAnalysisRecorded');
      const paths = zipPaths(files.map((f) => f.name));
      recordAccess(ctx, { entityType: 'candidate', entityId: id, kind: 'export', user: who(user), detail: 'subject access export' });
      const json = {
        kind: 'candidate',
        exportedAt: new Date().toISOString(),
        exportedBy: who(user),
        record,
        applications,
        notes,
        emails: communications,
        interviews,
        tasks,
        aiAnalyses,
        history: history.filter((e) => e.kind !== 'access'),
        viewedBy: history.filter((e) => e.kind === 'access').flatMap((e) => e.accesses),
        events,
        files: files.map((f, i) => ({ name: f.name, path: paths[i]!, size: f.bytes.byteLength })),
      };
      return zip(
        ctx,
        `subject-access-candidate-${id}.zip`,
        json,
        files.map((f, i) => ({ path: paths[i]!, bytes: f.bytes })),
      );
    },
    opts,
  );

  bindContract(
    router,
    contracts.clientContactSubjectAccess,
    async ({ params, user, ctx }) => {
      const id = params.id;
      const events = (await deps.sources?.events('contact', id)) ?? [];
      const added = events.find((e) => e.type === 'ClientContactAdded');
      const clientId = (added?.data as { clientId?: number } | undefined)?.clientId;
      const client = clientId === undefined ? null : await deps.documents.collection('clients').get(clientId);
      const contact = (client?.contacts as Array<{ id: number }> | undefined)?.find((c) => c.id === id) ?? null;
      if (!contact) throw new DomainError(404, 'not_found', 'Not Found', 'Contact not found');
      const communications = await all(deps.documents, 'communications', { recipientType: 'contact', recipientId: id });
      recordAccess(ctx, {
        entityType: 'client',
        entityId: clientId ?? null,
        kind: 'export',
        user: who(user),
        detail: `subject access export of contact ${id}`,
      });
      const json = {
        kind: 'contact',
        exportedAt: new Date().toISOString(),
        exportedBy: who(user),
        record: { ...contact, client: client ? { id: client.id, companyName: client.companyName } : null },
        emails: communications,
        history: events,
      };
      return zip(ctx, `subject-access-contact-${id}.zip`, json, []);
    },
    opts,
  );
}
