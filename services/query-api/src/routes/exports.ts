import { Readable } from 'node:stream';
import type Router from '@koa/router';
import { contracts, type CurrentUser, type ExportList, type ExportQuery } from '@ats/contracts';
import { bindContract } from '@ats/http-kit';
import { recordAccess, type AccessRecord } from '../access-log';
import type { Queries } from '../read-models/queries';

/** rows read per page: small enough to keep memory flat, large enough to be quick */
const PAGE = 5000;

type Row = Record<string, unknown>;
interface ListExport {
  entityType: AccessRecord['entityType'];
  columns: readonly string[];
  /** one page of rows (fewer than `PAGE` source records = the last page) */
  page(queries: Queries, filter: ExportQuery, offset: number): Promise<{ rows: Row[]; read: number }>;
}

const candidateFilter = (f: ExportQuery) => ({
  search: f.search,
  status: f.status,
  location: f.location,
  skills: f.skills,
  hasResume: f.hasResume,
});
const applicationFilter = (f: ExportQuery) => ({
  search: f.search,
  jobId: f.job && f.job !== 'all' ? Number(f.job) : undefined,
});
const same = (rows: Row[]) => ({ rows, read: rows.length });

const APPLICATION_COLUMNS = [
  'id',
  'stage',
  'appliedAt',
  'stageChangedAt',
  'candidateId',
  'candidateFirstName',
  'candidateLastName',
  'candidateEmail',
  'jobId',
  'jobTitle',
  'clientCompanyName',
] as const;

const applicationRows = async (queries: Queries, f: ExportQuery, offset: number, stage: ExportQuery['stage']) =>
  same(
    (await queries.listApplications({ ...applicationFilter(f), stage, limit: PAGE, offset })).map((a) => ({
      id: a.id,
      stage: a.stage,
      appliedAt: a.appliedAt,
      stageChangedAt: a.stageChangedAt,
      candidateId: a.candidateId,
      candidateFirstName: a.candidate.firstName,
      candidateLastName: a.candidate.lastName,
      candidateEmail: a.candidate.email,
      jobId: a.jobId,
      jobTitle: a.job.title,
      clientCompanyName: a.job.client?.companyName ?? null,
    })),
  );

/** Per list: its columns (the record's own fields, in the order of the forms) and how a page is read. */
export const LIST_EXPORTS: Record<ExportList, ListExport> = {
  candidates: {
    entityType: 'candidate',
    columns: [
      'id',
      'firstName',
      'lastName',
      'email',
      'phone',
      'mobilePhone',
      'currentTitle',
      'currentCompany',
      'location',
      'linkedinUrl',
      'status',
      'experienceLevel',
      'skills',
      'salaryExpectation',
      'summary',
      'createdAt',
    ],
    page: async (queries, f, offset) => same(await queries.listCandidates({ ...candidateFilter(f), limit: PAGE, offset })),
  },
  clients: {
    entityType: 'client',
    columns: [
      'id',
      'companyName',
      'industry',
      'website',
      'address',
      'priority',
      'status',
      'contactName',
      'contactEmail',
      'contactPhone',
      'notes',
      'createdAt',
    ],
    page: async (queries, f, offset) => same(await queries.listClients(f.search, { limit: PAGE, offset })),
  },
  contacts: {
    entityType: 'client',
    columns: ['id', 'clientId', 'companyName', 'name', 'title', 'email', 'phone', 'isPrimary', 'notes', 'createdAt'],
    page: async (queries, f, offset) => {
      const clients = await queries.listClientDetails(f.search, { limit: PAGE, offset });
      return {
        read: clients.length,
        rows: clients.flatMap((c) => c.contacts.map((contact) => ({ ...contact, companyName: c.companyName }))),
      };
    },
  },
  jobs: {
    entityType: 'job',
    columns: [
      'id',
      'title',
      'clientCompanyName',
      'department',
      'location',
      'type',
      'status',
      'priority',
      'salaryMin',
      'salaryMax',
      'feePercentage',
      'candidateCount',
      'createdAt',
    ],
    page: async (queries, f, offset) =>
      same(
        (await queries.listJobs(f.search, { limit: PAGE, offset })).map((j) => ({
          ...j,
          clientCompanyName: j.client?.companyName ?? null,
        })),
      ),
  },
  applications: {
    entityType: 'application',
    columns: APPLICATION_COLUMNS,
    page: (queries, f, offset) => applicationRows(queries, f, offset, f.stage),
  },
  placements: {
    entityType: 'application',
    columns: APPLICATION_COLUMNS,
    page: (queries, f, offset) => applicationRows(queries, f, offset, 'placed'),
  },
};

/**
 * One CSV cell (RFC 4180 quoting). A text starting with =, +, -, @ (or a tab or carriage return)
 * would run as a formula in a spreadsheet: it is prefixed with an apostrophe (OWASP's advice).
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const text = Array.isArray(value) ? value.join(', ') : typeof value === 'string' ? value : JSON.stringify(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * The filters as given, without empty ones (what the access log records). The free-text search is
 * recorded by its length only: it is often a person's name or e-mail, and the access log is in the
 * event log, where nothing could take it out again when that person is erased (sweep nine).
 */
const filtersOf = (filter: ExportQuery) =>
  Object.fromEntries(
    Object.entries(filter)
      .filter(([, v]) => v !== undefined && v !== '' && v !== 'all')
      .map(([k, v]) => (k === 'search' && typeof v === 'string' ? [k, `[${Array.from(v).length} characters]`] : [k, v])),
  );

async function* csvLines(queries: Queries, spec: ListExport, filter: ExportQuery, done: (count: number) => void): AsyncGenerator<string> {
  let count = 0;
  try {
    // a BOM, so spreadsheets read the file as UTF-8
    yield '\uFEFF' + spec.columns.join(',') + '\r\n';
    for (let offset = 0; ; offset += PAGE) {
      const { rows, read } = await spec.page(queries, filter, offset);
      let chunk = '';
      for (const row of rows) chunk += spec.columns.map((c) => csvCell(row[c])).join(',') + '\r\n';
      count += rows.length;
      if (chunk) yield chunk;
      if (read < PAGE) break;
    }
  } finally {
    done(count);
  }
}

export function exportRoutes(router: Router, queries: Queries, opts: { validateResponses?: boolean }) {
  const who = (user: CurrentUser) => ({ id: user.id, name: `${user.firstName} ${user.lastName}`.trim() || user.email, role: user.role });
  bindContract(
    router,
    contracts.exportList,
    async ({ params, query, user, ctx }) => {
      const spec = LIST_EXPORTS[params.list];
      const stamp = new Date().toISOString().slice(0, 10);
      ctx.set('Content-Type', 'text/csv; charset=utf-8');
      ctx.set('Content-Disposition', `attachment; filename="${params.list}-${stamp}.csv"`);
      const filters = filtersOf(query);
      return Readable.from(
        csvLines(queries, spec, query, (count) =>
          // exports are recorded (finished or not) in the access log, with what was exported
          recordAccess(ctx, {
            entityType: spec.entityType,
            entityId: null,
            kind: 'export',
            user: who(user),
            detail: JSON.stringify({ list: params.list, filters, rows: count }),
          }),
        ),
        { objectMode: false },
      );
    },
    opts,
  );
}
