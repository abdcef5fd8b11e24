import type { ImportKind } from '@ats/contracts';
import { normalizeEmail } from '@ats/events';
import type { Doc, DocumentStore } from '@ats/storage';

/** What a row duplicates: the existing record and why it counts as the same. */
export interface Duplicate {
  id: number;
  label: string;
  reason: 'email' | 'name_company' | 'name';
}

const PAGE = 5000;
const key = (...parts: Array<string | null | undefined>) => parts.map((p) => (p ?? '').trim().toLowerCase()).join('|');

/**
 * The existing records an import compares rows with, read once from the read models (a few
 * fields per record, page by page): candidates by e-mail and by name + company, clients by
 * name, jobs by title + client. Records created by the import itself are added as it runs.
 */
export class ExistingRecords {
  private readonly byKey = new Map<string, Duplicate>();
  /** client name → id (jobs name their client; clients rows add contacts to it) */
  readonly clientIds = new Map<string, number>();
  /** ids of the records this import created (a later row naming one is not a duplicate of the past) */
  readonly createdHere = new Set<number>();

  static async load(kind: ImportKind, documents: DocumentStore | null): Promise<ExistingRecords> {
    const index = new ExistingRecords();
    if (!documents) return index;
    const scan = async (collection: string, fields: string[], each: (doc: Doc) => void) => {
      for (let offset = 0; ; offset += PAGE) {
        const docs = await documents.collection(collection).find({ fields, sort: [['id', 'asc']], limit: PAGE, offset });
        docs.forEach(each);
        if (docs.length < PAGE) break;
      }
    };
    const text = (v: unknown) => (typeof v === 'string' ? v : '');
    if (kind === 'candidates')
      await scan('candidates', ['email', 'firstName', 'lastName', 'currentCompany'], (d) =>
        index.addCandidate(Number(d.id), text(d.email), text(d.firstName), text(d.lastName), text(d.currentCompany)),
      );
    else {
      await scan('clients', ['companyName'], (d) => index.addClient(Number(d.id), text(d.companyName)));
      if (kind === 'jobs')
        await scan('jobs', ['title', 'clientId'], (d) => index.addJob(Number(d.id), text(d.title), (d.clientId as number | null) ?? null));
    }
    return index;
  }

  /** `where`: said after the label, e.g. " (row 12 of this file)" for a row the preview met earlier */
  addCandidate(id: number, email: string, firstName: string, lastName: string, company: string | null, where = '') {
    const label = `${firstName} ${lastName}`.trim();
    if (email) this.byKey.set(`e:${normalizeEmail(email)}`, { id, label: `${label} <${email}>${where}`, reason: 'email' });
    this.byKey.set(`n:${key(firstName, lastName, company)}`, {
      id,
      label: (company ? `${label}, ${company}` : label) + where,
      reason: 'name_company',
    });
  }
  addClient(id: number, name: string) {
    this.clientIds.set(key(name), id);
    this.byKey.set(`c:${key(name)}`, { id, label: name, reason: 'name' });
  }
  addJob(id: number, title: string, clientId: number | null) {
    this.byKey.set(`j:${key(title, String(clientId ?? ''))}`, { id, label: title, reason: 'name_company' });
  }
  clientIdOf(name: string | null): number | null {
    return name ? (this.clientIds.get(key(name)) ?? null) : null;
  }

  /** the existing record a candidate row duplicates: same e-mail first, then same name + company */
  candidate(email: string, firstName: string, lastName: string, company: string | null | undefined): Duplicate | null {
    return this.byKey.get(`e:${normalizeEmail(email)}`) ?? this.byKey.get(`n:${key(firstName, lastName, company)}`) ?? null;
  }
  client(name: string): Duplicate | null {
    return this.byKey.get(`c:${key(name)}`) ?? null;
  }
  job(title: string, clientId: number | null): Duplicate | null {
    return this.byKey.get(`j:${key(title, String(clientId ?? ''))}`) ?? null;
  }
}
