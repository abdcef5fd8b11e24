import type { DeadLetter, ProjectionHealth, ProjectionRebuild, ProjectionsOverview } from '@ats/contracts';
import { DomainError, ValidationError } from '@ats/http-kit';
import { CHECKPOINT_COLLECTION, CHECKPOINT_ID, REBUILD_PROGRESS_ID, type CheckpointDoc, type RebuildProgressDoc } from './checkpoint';
import { DEAD_LETTER_COLLECTION, DECODE_STAGE, describeError, type DeadLetterDoc } from './dead-letters';
import { readModelKey, type Projection } from './projection';
import type { Projector, RebuildProgress } from './projector-api';
import type { DocumentStore } from './ports';

/** What the admin screen reads and runs: projection health, rebuilds, dead-letter retry and skip. */
export interface ProjectionAdmin {
  /** false where the projector runs as its own service (rebuild, retry and skip answer 501) */
  readonly controllable: boolean;
  overview(): Promise<ProjectionsOverview>;
  rebuild(readModels?: readonly string[]): ProjectionRebuild;
  retry(id: string): Promise<ProjectionRebuild>;
  skip(id: string): Promise<{ id: string }>;
}

export interface ProjectionAdminOptions {
  documentStore: DocumentStore;
  projections: readonly Projection[];
  headPosition: () => Promise<number>;
  /** the projector running in this process; absent: read-only health from the store */
  projector?: Pick<Projector, 'rebuild' | 'status'>;
  /** behind the log with a checkpoint older than this: stalled (default 30 s) */
  stalledAfterMs?: number;
  now?: () => Date;
  log?: { error(msg: string, fields?: Record<string, unknown>): void };
}

/** At most this many dead letters per read model in the overview (newest positions first). */
const DEAD_LETTER_LIMIT = 200;

const notControllable = () =>
  new DomainError(
    501,
    'projector_elsewhere',
    'Not Implemented',
    'The projector runs as its own service here: rebuild it there (it rebuilds read models whose version changed at start). This server can only show its health.',
  );

const toDeadLetter = (doc: DeadLetterDoc): DeadLetter => ({
  id: doc.id,
  eventId: doc.eventId,
  position: doc.position,
  eventType: doc.eventType,
  stream: doc.stream,
  projection: doc.projection,
  error: doc.error,
  attempts: doc.attempts,
  failedAt: doc.failedAt,
});

export function createProjectionAdmin(options: ProjectionAdminOptions): ProjectionAdmin {
  const { documentStore, projections, projector } = options;
  const now = options.now ?? (() => new Date());
  const stalledAfterMs = options.stalledAfterMs ?? 30_000;
  /** the rebuild started here (running, or the last one that ended) */
  let current: {
    started: number;
    progress: RebuildProgress;
    status: ProjectionRebuild['status'];
    finishedAt: string | null;
    error: string | null;
    readModels: string[];
  } | null = null;

  const snapshot = (): ProjectionRebuild | null => {
    if (!current) return null;
    const { progress, started } = current;
    const end = current.finishedAt ? Date.parse(current.finishedAt) : now().getTime();
    const seconds = Math.max(0.001, (end - started) / 1000);
    const percent =
      current.status === 'done' ? 100 : progress.head > 0 ? Math.min(99, Math.floor((progress.position / progress.head) * 100)) : 0;
    return {
      status: current.status,
      phase: progress.phase,
      readModels: current.readModels,
      position: progress.position,
      head: progress.head,
      events: progress.events,
      percent,
      eventsPerSecond: Math.round(progress.events / seconds),
      startedAt: new Date(started).toISOString(),
      finishedAt: current.finishedAt,
      error: current.error,
    };
  };

  const start = (readModels?: readonly string[]): ProjectionRebuild => {
    if (!projector) throw notControllable();
    const unknown = (readModels ?? []).filter((name) => !projections.some((p) => p.name === name));
    if (unknown.length > 0) {
      throw new ValidationError([{ path: 'readModels', message: `Unknown read models: ${unknown.join(', ')}` }]);
    }
    if (current?.status === 'running') throw new DomainError(409, 'rebuild_running', 'Conflict', 'A rebuild is already running');
    const names = readModels ? projections.filter((p) => readModels.includes(p.name)).map((p) => p.name) : projections.map((p) => p.name);
    const run = {
      started: now().getTime(),
      progress: { phase: 'replaying', position: 0, head: 0, events: 0, readModels: names } as RebuildProgress,
      status: 'running' as ProjectionRebuild['status'],
      finishedAt: null as string | null,
      error: null as string | null,
      readModels: names,
    };
    current = run;
    projector
      .rebuild({
        ...(readModels ? { readModels: names } : {}),
        onProgress: (progress) => {
          run.progress = progress;
        },
      })
      .then(
        () => {
          run.status = 'done';
          run.progress = { ...run.progress, phase: 'done' };
        },
        (error: unknown) => {
          run.status = 'failed';
          run.error = describeError(error);
          options.log?.error('projection rebuild failed', { err: error, readModels: names });
        },
      )
      .finally(() => {
        run.finishedAt = now().toISOString();
      });
    return snapshot()!;
  };

  const deadLetterOf = async (id: string) => {
    const doc = await documentStore.collection<DeadLetterDoc>(DEAD_LETTER_COLLECTION).get(id);
    if (!doc) throw new DomainError(404, 'not_found', 'Not Found', 'No such dead letter (it may have been retried or skipped already)');
    return doc;
  };

  return {
    controllable: projector !== undefined,

    async overview() {
      const [head, saved, progressDoc, deadLetters, status] = await Promise.all([
        options.headPosition(),
        documentStore.collection<CheckpointDoc>(CHECKPOINT_COLLECTION).get(CHECKPOINT_ID),
        documentStore.collection<RebuildProgressDoc>(CHECKPOINT_COLLECTION).get(REBUILD_PROGRESS_ID),
        documentStore
          .collection<DeadLetterDoc>(DEAD_LETTER_COLLECTION)
          .find({ sort: [['position', 'desc']], limit: DEAD_LETTER_LIMIT * 4 }),
        projector?.status(),
      ]);
      const checkpoint = saved?.position ?? 0;
      const lag = Math.max(0, head - checkpoint);
      const updatedAt = saved?.updatedAt ?? null;
      const still = updatedAt === null || now().getTime() - Date.parse(updatedAt) > stalledAfterMs;
      const running = current?.status === 'running' ? current.readModels : [];
      // a rebuild this server did not start (another process, or the projector's first build)
      const fresh = progressDoc !== null && now().getTime() - Date.parse(progressDoc.updatedAt) <= stalledAfterMs;
      // (a progress record left by a rebuild that died long ago is not a rebuild)
      const elsewhere = fresh && running.length === 0 ? progressDoc!.readModels.map((key) => key.split('@')[0]) : [];
      const rebuildingAll = status?.rebuilding === true && running.length === 0;
      const readModels: ProjectionHealth[] = projections.map((p) => {
        const complete = saved?.readModels ? saved.readModels.includes(readModelKey(p)) : true;
        const rebuilding = running.includes(p.name) || elsewhere.includes(p.name) || (rebuildingAll && checkpoint === 0);
        const state: ProjectionHealth['state'] = rebuilding
          ? 'rebuilding'
          : saved && !complete
            ? 'backfilling'
            : lag > 0 && still
              ? 'stalled'
              : 'live';
        return {
          name: p.name,
          version: p.version ?? 1,
          state,
          checkpoint,
          lag,
          deadLetters: deadLetters
            .filter((dl) => dl.projection === p.name)
            .slice(0, DEAD_LETTER_LIMIT)
            .map(toDeadLetter),
        };
      });
      return {
        checkpoint,
        checkpointUpdatedAt: updatedAt,
        head,
        lag,
        stalledAfterMs,
        controllable: projector !== undefined,
        readModels,
        undecodable: deadLetters.filter((dl) => dl.projection === DECODE_STAGE).map(toDeadLetter),
        rebuild: snapshot(),
      };
    },

    rebuild: start,

    async retry(id) {
      if (!projector) throw notControllable();
      const doc = await deadLetterOf(id);
      // an event no read model could decode: every read model replays it
      if (doc.projection === DECODE_STAGE) return start();
      if (!projections.some((p) => p.name === doc.projection)) {
        throw new DomainError(
          409,
          'read_model_gone',
          'Conflict',
          `The read model ${doc.projection} no longer exists: skip this dead letter`,
        );
      }
      return start([doc.projection]);
    },

    async skip(id) {
      if (!projector) throw notControllable();
      await deadLetterOf(id);
      await documentStore.collection(DEAD_LETTER_COLLECTION).delete(id);
      return { id };
    },
  };
}
