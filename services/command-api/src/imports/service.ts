import { randomUUID } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  importVisibleTo,
  toImportStatus,
  type DuplicateChoice,
  type ImportKind,
  type ImportMapping,
  type ImportPreviewResult,
  type ImportPreviewRow,
  type ImportStatus,
  type ImportUploadResult,
} from '@ats/contracts';
import { foldImport, toImportStreamId, type DomainEvent } from '@ats/events';
import { ValidationError, type Logger } from '@ats/http-kit';
import { ConcurrencyError, type RecordedEvent } from '@ats/storage';
import type { Call, Deps } from '../domain/context';
import type { CommandMetadata } from '../domain/shared/decider';
import { NotFoundError } from '../domain/shared/errors';
import { toNewEvents } from '../command-handler';
import { registerCandidates, type NewCandidate } from './batch';
import { duplicateOf, executeRow, type RowOutcome } from './commands';
import { csvRows, csvShape } from './csv';
import { ExistingRecords } from './existing';
import { IMPORT_FIELDS, guessMapping, mappedValues, validateRow, type RowError, type ValidRow } from './fields';
import { BatchSizer, FOREGROUND_WAIT_MS, type ImportPacing } from './pacing';

/** rows run between two recorded ImportRowsProcessed events (what a crash can make run again) */
export const IMPORT_CHUNK = 250;
const PREVIEW_ROWS = 500;
/** the id a candidate row waiting in the batch has in the duplicate index */
const QUEUED = 0;

type Actor = CommandMetadata['actor'];
/** who asks for an import: its uploader or an admin may see and run it */
type Viewer = { id: string; role: string };

/**
 * CSV imports: the file is kept as a blob, its progress on the import's own stream
 * (`import-<id>`: uploaded, started, rows processed chunk by chunk, completed). New candidates
 * are registered in batches (`registerCandidates`: the forms' deciders, one `appendMany`); every
 * other row runs as the forms' commands, one at a time; a turn of the event loop after each row,
 * so other users' requests are served meanwhile. After a restart `resume()` goes on from the last recorded chunk;
 * a row's commands carry `import-<id>-<row>` as their correlation id, which makes re-running a
 * candidate row after a crash a no-op.
 */
export interface ImportServiceOptions {
  /**
   * The read side in this process (the embedded store's projector): a run waits for it to have
   * projected one batch before it appends the next, so the import never runs ahead of the
   * projector and another user's change is never queued behind a backlog of imported rows.
   */
  readSide?: { waitFor(position: number, timeoutMs?: number): Promise<boolean> };
  /**
   * With a read side: other users first, and batches sized to a time budget (see ImportPacing).
   * Unset: batches of CANDIDATE_BATCH, each appended once the one before is projected.
   */
  pacing?: ImportPacing;
}

/** how long a run waits for the read side at most before it goes on anyway */
const READ_SIDE_WAIT_MS = 5000;

export function createImportService(deps: Deps, log?: Logger, options: ImportServiceOptions = {}) {
  const running = new Map<string, Promise<void>>();
  let stopped = false;

  const read = (importId: string) => deps.eventStore.readStream(toImportStreamId(importId));
  async function append(importId: string, actor: Actor, expected: number, events: DomainEvent[]) {
    const metadata = { now: new Date().toISOString(), actor };
    return deps.eventStore.append(toImportStreamId(importId), toNewEvents(events, metadata, importId), {
      expectedRevision: expected === -1 ? 'no_stream' : expected,
    });
  }
  /** the import's stream and file; to another user than its uploader or an admin it is as unknown as a missing one ('run': the run itself) */
  async function loaded(importId: string, viewer: Viewer | 'run') {
    const events = await read(importId);
    const state = foldImport(events);
    if (!state.upload || (viewer !== 'run' && !importVisibleTo(state, viewer))) throw new NotFoundError('Import', importId);
    const bytes = await deps.integrations.blobs.get(state.upload.blobId);
    if (!bytes) throw new NotFoundError('Import file', importId);
    return { events, state, upload: state.upload, bytes };
  }

  async function upload(actor: Actor, input: { kind: ImportKind; fileName: string; csv: string }): Promise<ImportUploadResult> {
    const bytes = new TextEncoder().encode(input.csv);
    const { headers, rowCount } = await csvShape(bytes);
    const blob = await deps.integrations.blobs.put(bytes, { fileName: input.fileName, mimeType: 'text/csv' });
    const importId = randomUUID();
    await append(importId, actor, -1, [
      {
        type: 'ImportUploaded',
        data: {
          importId,
          kind: input.kind,
          fileName: input.fileName,
          blobId: blob.blobId,
          rowCount,
          by: { id: actor.id, name: actor.name },
        },
      },
    ]);
    const fields = IMPORT_FIELDS[input.kind].map(({ name, label, required }) => ({ name, label, required }));
    return { importId, kind: input.kind, headers, fields, mapping: guessMapping(input.kind, headers), rowCount };
  }

  function missingRequired(kind: ImportKind, mapping: ImportMapping): RowError[] {
    return IMPORT_FIELDS[kind]
      .filter((f) => f.required && !mapping[f.name])
      .map((f) => ({ field: f.name, message: `Map a column to ${f.label}` }));
  }

  async function preview(importId: string, viewer: Viewer, mapping: ImportMapping): Promise<ImportPreviewResult> {
    const { upload, bytes } = await loaded(importId, viewer);
    const existing = await ExistingRecords.load(upload.kind, deps.documents);
    const flagged: ImportPreviewRow[] = [];
    const clean: ImportPreviewRow[] = [];
    let valid = 0;
    let invalid = 0;
    let duplicates = 0;
    let lastYield = performance.now();
    for await (const row of csvRows(bytes)) {
      const values = mappedValues(upload.kind, mapping, row.byHeader);
      const { row: ok, errors } = validateRow(upload.kind, values);
      const duplicate = ok ? duplicateOf(ok, existing) : null;
      if (ok?.kind === 'candidates' && !duplicate) {
        // the run skips (or merges) a later row that repeats this one: the preview says so too,
        // instead of "0 duplicates" and then "Skipped 32" at the end (journeys seven)
        const { email, firstName, lastName, currentCompany } = ok.body;
        existing.addCandidate(QUEUED, email, firstName, lastName, currentCompany ?? null, ` (row ${row.line} of this file)`);
      }
      if (ok) valid++;
      else invalid++;
      if (duplicate) duplicates++;
      const line = { row: row.line, values, errors, duplicate };
      if (errors.length > 0 || duplicate) {
        if (flagged.length < PREVIEW_ROWS) flagged.push(line);
      } else if (clean.length < PREVIEW_ROWS) clean.push(line);
      // a turn of the event loop every ~10 ms of work: other users' requests go on meanwhile
      if (performance.now() - lastYield > 10) {
        await nextTurn();
        lastYield = performance.now();
      }
    }
    return { total: valid + invalid, valid, invalid, duplicates, rows: [...flagged, ...clean].slice(0, PREVIEW_ROWS) };
  }

  async function status(importId: string): Promise<ImportStatus> {
    const status = toImportStatus(foldImport(await read(importId)));
    if (!status) throw new NotFoundError('Import', importId);
    return status;
  }

  async function start(
    importId: string,
    actor: Actor,
    input: { mapping: ImportMapping; onDuplicate: DuplicateChoice; choices: Record<string, DuplicateChoice> },
  ): Promise<ImportStatus> {
    const { events, state, upload } = await loaded(importId, { id: actor.id, role: actor.role ?? '' });
    if (!state.started) {
      const missing = missingRequired(upload.kind, input.mapping);
      if (missing.length > 0) {
        throw new ValidationError(missing.map((m) => ({ path: `mapping.${m.field}`, message: m.message })));
      }
      try {
        await append(importId, actor, events.length - 1, [{ type: 'ImportStarted', data: { importId, ...input } }]);
      } catch (error) {
        if (!(error instanceof ConcurrencyError)) throw error; // started by a concurrent request: join it
      }
    }
    launch(importId);
    return status(importId);
  }

  function launch(importId: string) {
    if (running.has(importId) || stopped) return;
    const run = runImport(importId)
      .catch((error: unknown) => log?.error('import failed', { importId, err: error }))
      .finally(() => running.delete(importId));
    running.set(importId, run);
  }

  /**
   * The candidates this import registered after `position` (its last recorded chunk), by row: a
   * run stopped before it recorded their chunk, and the read model may already hold them. Row
   * index → candidate id, from the registrations' correlation ids.
   */
  async function registeredSince(importId: string, position: number): Promise<Map<number, number>> {
    const prefix = `import-${importId}-`;
    const registered = new Map<number, number>();
    for (const event of await deps.eventStore.readAll({ after: position, types: ['CandidateRegistered'] })) {
      const { correlationId } = event.metadata;
      if (correlationId.startsWith(prefix))
        registered.set(Number(correlationId.slice(prefix.length)), (event.data as { candidateId: number }).candidateId);
    }
    return registered;
  }

  async function runImport(importId: string) {
    const { events, state, upload, bytes } = await loaded(importId, 'run');
    const startedEvent = events.find((e) => e.type === 'ImportStarted');
    if (!state.started || !startedEvent || state.finishedAt) return;
    const actor = startedEvent.metadata.actor;
    const { mapping, onDuplicate, choices } = state.started;
    const existing = await ExistingRecords.load(upload.kind, deps.documents);
    const registeredEarlier = upload.kind === 'candidates' ? await registeredSince(importId, events.at(-1)!.position) : new Map();
    let revision = events.length - 1;
    let chunk = {
      fromRow: state.nextRow,
      created: 0,
      updated: 0,
      skipped: 0,
      failed: 0,
      failures: [] as Array<{ row: number; errors: RowError[] }>,
    };
    const record = async (toRow: number) => {
      // appended at the expected revision: a second runner of the same import stops here
      const result = await append(importId, actor, revision, [{ type: 'ImportRowsProcessed', data: { importId, toRow, ...chunk } }]);
      revision = result.nextExpectedRevision;
      chunk = { fromRow: toRow, created: 0, updated: 0, skipped: 0, failed: 0, failures: [] };
    };
    const count = (line: number, outcome: RowOutcome) => {
      if (outcome.result === 'failed') {
        chunk.failed++;
        chunk.failures.push({ row: line, errors: outcome.errors });
      } else chunk[outcome.result]++;
    };
    // new candidates wait here and are registered together (see registerCandidates)
    let queued: Array<NewCandidate & { line: number; row: ValidRow; choice: DuplicateChoice }> = [];
    let projectedUpTo = 0;
    const { readSide, pacing } = options;
    const sizer = new BatchSizer(readSide ? pacing?.batchBudgetMs : undefined);
    // the last batch appended: its rows and the CPU time at its append (measured once projected)
    let measuring: { rows: number; started: NodeJS.CpuUsage } | null = null;
    // the foreground's count of ended requests when the log's head was last asked (see ImportPacing.foreground)
    let endedAtHead: number | undefined;
    const flush = async () => {
      if (queued.length === 0) return;
      const batch = queued;
      queued = [];
      const ownBatch = projectedUpTo;
      if (readSide && pacing && projectedUpTo > 0) {
        // other users first: their requests under way end, and their events are projected,
        // before this batch's append and projection take the thread (see ImportPacing)
        await pacing.foreground?.whenIdle(FOREGROUND_WAIT_MS);
        // no request ended since the last look: no user's event is in the log past this run's own batch
        const ended = pacing.foreground?.ended;
        if (ended === undefined || ended !== endedAtHead) {
          projectedUpTo = Math.max(projectedUpTo, await deps.eventStore.headPosition());
          endedAtHead = ended;
        }
      }
      // at most one batch ahead of the read side (see ImportServiceOptions.readSide)
      if (readSide && projectedUpTo > 0) {
        await readSide.waitFor(projectedUpTo, READ_SIDE_WAIT_MS);
        // paced: that wait ends inside the projector's commit (it settles its waiters as it
        // finishes); a turn of the event loop first, so this batch's append does not lengthen
        // the commit's hold of the thread, and requests that came in during it go first
        if (pacing) await nextTurn();
      }
      if (measuring && ownBatch > 0) {
        // the batch before, from its append to its projection (the next rows' parse included:
        // waiting for the projection right after the append left the thread idle between them)
        const cpu = process.cpuUsage(measuring.started);
        sizer.observe(measuring.rows, (cpu.user + cpu.system) / 1000);
      }
      const started = process.cpuUsage();
      const registered = await registerCandidates(deps, batch);
      const ids = registered?.ids;
      if (registered) projectedUpTo = registered.position;
      measuring = registered && readSide && pacing ? { rows: batch.length, started } : null;
      for (const [i, q] of batch.entries()) {
        const { email, firstName, lastName, currentCompany } = q.input;
        if (ids) existing.addCandidate(ids[i]!, email, firstName, lastName, currentCompany ?? null);
        // the batch was refused: each row as the form's command (an address taken, a re-run)
        count(q.line, ids ? { result: 'created' } : await executeRow(deps, q.call, q.row, null, q.choice, existing));
      }
    };
    for await (const row of csvRows(bytes, state.nextRow)) {
      if (stopped) return;
      const values = mappedValues(upload.kind, mapping, row.byHeader);
      const { row: ok, errors } = validateRow(upload.kind, values);
      const call: Call = { correlationId: `import-${importId}-${row.index}`, metadata: { now: new Date().toISOString(), actor } };
      const choice = choices[String(row.line)] ?? onDuplicate;
      const earlier = ok?.kind === 'candidates' ? registeredEarlier.get(row.index) : undefined;
      let duplicate = ok && earlier === undefined ? duplicateOf(ok, existing) : null;
      if (duplicate?.id === QUEUED) {
        await flush(); // a duplicate of a row still queued: register that one first
        duplicate = ok ? duplicateOf(ok, existing) : null;
        if (duplicate?.id === QUEUED) duplicate = null; // that row failed
      }
      if (ok?.kind === 'candidates' && earlier !== undefined) {
        // registered by this very row in a run before a restart: done (not a duplicate of itself)
        const { email, firstName, lastName, currentCompany } = ok.body;
        existing.addCandidate(earlier, email, firstName, lastName, currentCompany ?? null);
        count(row.line, { result: 'created' });
      } else if (ok?.kind === 'candidates' && !duplicate) {
        const input = { ...ok.body, source: ok.body.source ?? 'import' };
        queued.push({ call, input, line: row.line, row: ok, choice });
        existing.addCandidate(QUEUED, input.email, input.firstName, input.lastName, input.currentCompany ?? null);
        if (queued.length >= sizer.size) await flush();
      } else {
        await flush();
        count(row.line, ok ? await executeRow(deps, call, ok, duplicate, choice, existing) : { result: 'failed', errors });
      }
      if (row.index + 1 - chunk.fromRow >= IMPORT_CHUNK) {
        await flush();
        await record(row.index + 1);
      }
      // the embedded store answers without a turn of the event loop: yield one per row, so
      // other users' requests are served between two rows
      await nextTurn();
    }
    if (stopped) return;
    await flush();
    if (stopped) return;
    if (chunk.fromRow < upload.rowCount) await record(upload.rowCount);
    await append(importId, actor, revision, [{ type: 'ImportCompleted', data: { importId } }]);
    log?.info('import completed', { importId, rows: upload.rowCount });
  }

  /** Goes on with every import started and not completed (at startup). */
  async function resume(): Promise<number> {
    const marks: RecordedEvent[] = await deps.eventStore.readAll({ types: ['ImportStarted', 'ImportCompleted'] });
    const open = new Set<string>();
    for (const e of marks) {
      const { importId } = e.data as { importId: string };
      if (e.type === 'ImportStarted') open.add(importId);
      else open.delete(importId);
    }
    for (const importId of open) launch(importId);
    return open.size;
  }

  return {
    upload,
    preview,
    start,
    status,
    resume,
    /** how many imports run in this process now (store maintenance waits for them) */
    get active(): number {
      return running.size;
    },
    /** resolves when the import's run in this process ends (tests) */
    settled: (importId: string) => running.get(importId) ?? Promise.resolve(),
    /** stops the runs at the next row (what a shutdown does; they resume on the next start) */
    async stop() {
      stopped = true;
      await Promise.all(running.values());
    },
  };
}
export type ImportService = ReturnType<typeof createImportService>;
