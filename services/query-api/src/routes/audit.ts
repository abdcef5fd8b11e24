import { createHash, createPublicKey, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type Router from '@koa/router';
import { contracts, type AuditFilter, type CurrentUser, type VerifyProgress, type VerifyResult } from '@ats/contracts';
import { AUDIT_LOG_STREAM, eventRegistry } from '@ats/events';
import { DomainError, bindContract, type Logger } from '@ats/http-kit';
import { GENESIS_HASH, canonicalJson, type EventLogFilter, type EventStore, type LogSigner, type SqlAuditLog } from '@ats/storage';

/** What the audit routes need: the SQL log reader, the installation key, and append for the export trail. */
export interface AuditDeps {
  log: SqlAuditLog;
  signer: LogSigner;
  append: EventStore['append'];
  /** signs a checkpoint at the head after a verification found the log intact */
  checkpoint?: () => Promise<unknown>;
}

const unavailable = () =>
  new DomainError(
    501,
    'audit_unavailable',
    'Not Implemented',
    'Filters, verification and export cover the SQL event stores (PGlite, PostgreSQL); this instance runs on another store',
  );

export const toLogFilter = (filter: AuditFilter): EventLogFilter => ({
  types: filter.type,
  stream: filter.stream,
  streamPrefix: filter.streamPrefix,
  job: filter.job,
  actor: filter.actor,
  from: filter.from,
  to: filter.to,
  correlationId: filter.correlationId,
  q: filter.q,
});

/** the filters as given, without empty ones (they go into the manifest and the AuditLogExported event) */
const filtersOf = (filter: AuditFilter): Record<string, unknown> =>
  Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined && !(Array.isArray(value) && value.length === 0)));

export function fingerprintOf(publicKeyPem: string): string {
  const der = createPublicKey(publicKeyPem).export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(der).digest('hex');
}

const CSV_COLUMNS = [
  'position',
  'id',
  'stream',
  'revision',
  'type',
  'occurredAt',
  'actorId',
  'actorName',
  'correlationId',
  'causationId',
  'data',
  'metadata',
  'prevHash',
  'hash',
];
const csvCell = (value: unknown): string => {
  const text = value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  // a leading =, +, -, @ would be a formula in a spreadsheet
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

export function auditRoutes(router: Router, deps: AuditDeps | undefined, opts: { validateResponses?: boolean; log: Logger }) {
  // one verification at a time per server: a second request joins the running one
  let running: Promise<VerifyResult> | null = null;
  let progress = { checked: 0, total: 0, position: 0, startedAt: null as string | null };
  let last: VerifyResult | null = null;

  bindContract(
    router,
    contracts.verifyAuditLog,
    async () => {
      if (!deps) throw unavailable();
      if (!running) {
        progress = { checked: 0, total: 0, position: 0, startedAt: new Date().toISOString() };
        running = deps.log
          .verify({
            publicKeyPem: deps.signer.publicKeyPem,
            onProgress: (p) => {
              progress = { ...progress, ...p };
            },
          })
          .then(async (result) => {
            last = result;
            opts.log.info('audit log verified', {
              ok: result.ok,
              checked: result.checked,
              ms: result.ms,
              firstBrokenAt: result.firstBrokenAt,
            });
            // a verified head gets a signed checkpoint, so later tampering below it shows
            if (result.ok) await deps.checkpoint?.().catch((error: unknown) => opts.log.error('checkpoint failed', { err: error }));
            return result;
          })
          .finally(() => {
            running = null;
          });
      }
      return running;
    },
    opts,
  );

  bindContract(
    router,
    contracts.auditVerifyProgress,
    async (): Promise<VerifyProgress> => ({ running: running !== null, ...progress, last }),
    opts,
  );

  bindContract(
    router,
    contracts.auditPublicKey,
    async () => {
      if (!deps) throw unavailable();
      const checkpoint = await deps.log.latestCheckpoint();
      return {
        algorithm: 'Ed25519' as const,
        publicKey: deps.signer.publicKeyPem,
        fingerprint: fingerprintOf(deps.signer.publicKeyPem),
        checkpoint: checkpoint && {
          position: checkpoint.position,
          headHash: checkpoint.headHash,
          at: checkpoint.at,
          signature: checkpoint.signature,
        },
      };
    },
    opts,
  );

  bindContract(
    router,
    contracts.exportAuditLog,
    async ({ query, user, ctx }) => {
      if (!deps) throw unavailable();
      const { format, ...filter } = query;
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      ctx.set('Content-Type', format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8');
      ctx.set('Content-Disposition', `attachment; filename="audit-log-${stamp}.${format}"`);
      return Readable.from(exportLines(deps, format, filter, user, opts.log), { objectMode: false });
    },
    opts,
  );
}

/**
 * The export: one line per event (its envelope, prevHash and hash), then the manifest signed
 * with the installation key. The events are those at or below the head when the export began.
 *
 * What an offline verifier can check (see scripts/verify-log.mjs):
 * - each event: hash = SHA-256(prevHash ‖ RFC 8785 JSON of {position, stream, revision, type,
 *   data, metadata}), so no byte of an event changed without its hash changing;
 * - links: where an event's prevHash is the hash of the line before it, the two are neighbours
 *   in the log; an unfiltered export (`contiguous: true`) must link everywhere, starting from
 *   the genesis hash, and end at the log head the manifest names;
 * - the set: `exportHash` chains the events' hashes in order (h = SHA-256(h ‖ hash), from the
 *   genesis hash); with the count and first/last positions it pins which events the file holds,
 *   so a line left out, added or moved shows even where the filter leaves gaps;
 * - the manifest itself: its Ed25519 signature over its RFC 8785 JSON, with the public key in
 *   it, which the auditor compares with the one the installation publishes.
 */
async function* exportLines(
  deps: AuditDeps,
  format: 'ndjson' | 'csv',
  filter: AuditFilter,
  user: CurrentUser,
  log: Logger,
): AsyncGenerator<string> {
  const logFilter = toLogFilter(filter);
  const filters = filtersOf(filter);
  const contiguous = Object.keys(filters).length === 0;
  const { headPosition, headHash } = await deps.log.head();
  let count = 0;
  let firstPosition: number | null = null;
  let lastPosition: number | null = null;
  let exportHash = GENESIS_HASH;
  let complete = false;
  try {
    if (format === 'csv') yield CSV_COLUMNS.join(',') + '\n';
    for await (const batch of deps.log.stream(logFilter, { upTo: headPosition })) {
      let chunk = '';
      for (const event of batch) {
        const line = {
          position: event.position,
          id: event.id,
          stream: event.stream,
          revision: event.revision,
          type: event.type,
          data: event.data,
          metadata: event.metadata,
          prevHash: event.prevHash,
          hash: event.hash,
        };
        if (format === 'ndjson') chunk += JSON.stringify(line) + '\n';
        else {
          const m = event.metadata;
          chunk +=
            [
              event.position,
              event.id,
              event.stream,
              event.revision,
              event.type,
              m.occurredAt,
              m.actor.id,
              m.actor.name,
              m.correlationId,
              m.causationId,
              event.data,
              event.metadata,
              event.prevHash,
              event.hash,
            ]
              .map(csvCell)
              .join(',') + '\n';
        }
        exportHash = createHash('sha256')
          .update(exportHash)
          .update(event.hash ?? '')
          .digest('hex');
        count += 1;
        firstPosition ??= event.position;
        lastPosition = event.position;
      }
      yield chunk;
    }
    const manifest = {
      format: 'ats-audit-export/1',
      hashing: 'sha256(prevHash hex || RFC 8785 JSON of {position, stream, revision, type, data, metadata}); genesis = 64 zeros',
      count,
      firstPosition,
      lastPosition,
      exportHash,
      contiguous,
      filters,
      logHeadPosition: headPosition,
      logHeadHash: headHash,
      exportedAt: new Date().toISOString(),
      exportedBy: { id: user.id, name: `${user.firstName} ${user.lastName}`.trim() },
      publicKey: deps.signer.publicKeyPem,
    };
    const signature = deps.signer.sign(canonicalJson(manifest));
    if (format === 'ndjson') yield JSON.stringify({ manifest, signature }) + '\n';
    else yield ['manifest', '', '', '', '', '', '', '', '', '', JSON.stringify(manifest), '', '', signature].map(csvCell).join(',') + '\n';
    complete = true;
  } finally {
    // exports are themselves audited, finished or not
    const by = { id: user.id, name: `${user.firstName} ${user.lastName}`.trim() };
    const data = { filters, format, count, firstPosition, lastPosition, complete, by };
    eventRegistry.AuditLogExported.schema.parse(data);
    await deps
      .append(
        AUDIT_LOG_STREAM,
        [
          {
            id: randomUUID(),
            type: 'AuditLogExported',
            data,
            metadata: {
              actor: { id: user.id, name: by.name, role: user.role },
              correlationId: randomUUID(),
              causationId: null,
              occurredAt: new Date().toISOString(),
              schemaVersion: eventRegistry.AuditLogExported.version,
            },
          },
        ],
        { expectedRevision: 'any' },
      )
      .catch((error: unknown) => log.error('could not record the export', { err: error }));
  }
}
