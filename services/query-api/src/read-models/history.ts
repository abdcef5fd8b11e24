import {
  APPLICATION_STAGES,
  type Application,
  type AsOf,
  type Candidate,
  type ClientDetail,
  type HistoryPage,
  type JobDetail,
  type LinkedinJobPost,
  type PipelineSummary,
  type RecordKind,
} from '@ats/contracts';
import {
  RECORD_EVENTS,
  RECORD_EVENT_TYPES,
  foldRecordsAsOf,
  historyEntries,
  linkedinPostsProjection,
  relatedRecords,
  toProjectedEvent,
  type Fold,
  type ProjectedEvent,
  type RecordEventDoc,
  type RecordNames,
} from '@ats/projector';
import type { BlobRef, Doc, DocumentStore, FindOptions, Where } from '@ats/storage';
import type { ApplicationDoc } from './applications';
import type { CandidateDoc } from './candidates';
import type { ClientDoc } from './clients';
import type { JobDoc } from './jobs';
import { byId, readModel } from './query-support';

const FIELD: Record<RecordKind, 'candidateId' | 'clientId' | 'jobId' | 'applicationId'> = {
  candidate: 'candidateId',
  client: 'clientId',
  job: 'jobId',
  application: 'applicationId',
};
const ACCESS = 'RecordsAccessed';
const BOARD_EVENTS = ['ApplicationCreated', 'ApplicationStageChanged', 'ApplicationDetached', 'ApplicationRestored'];
const OLDEST_FIRST: FindOptions['sort'] = [['position', 'asc']];
const ALL = 10_000_000;

type DeletedDoc = Doc & { kind: string; entityId: number; snapshot: Record<string, unknown> | null };

/**
 * A record's History and every read as of a past moment. Both read one indexed slice of the
 * `record_events` read model (the events about one record, by position) and fold it with the
 * projections' own pure `evolve`: no scan of the log and no second copy of the logic.
 */
export function createHistoryQueries(documents: DocumentStore) {
  const recordEvents = () => documents.collection<RecordEventDoc>(RECORD_EVENTS);
  const candidates = readModel<CandidateDoc>(documents, 'candidates');
  const jobs = readModel<JobDoc>(documents, 'jobs');
  const clients = readModel<ClientDoc>(documents, 'clients');
  const applications = readModel<ApplicationDoc>(documents, 'applications');
  const deleted = readModel<DeletedDoc>(documents, 'deletedRecords');

  /** the events about one record, oldest first (the access log left out: it changes no state) */
  async function eventsOf(kind: RecordKind, id: number, asOf?: AsOf): Promise<ProjectedEvent[]> {
    const where: Where = { [FIELD[kind]]: id, type: { $ne: ACCESS } };
    if (asOf && 'position' in asOf) where.position = { $lte: asOf.position };
    else if (asOf) where.occurredAt = { $lte: asOf.time };
    const docs = await recordEvents().find({ where, sort: OLDEST_FIRST, limit: ALL });
    return docs.map(toProjectedEvent);
  }

  /**
   * What the page's field changes are folded from: the events that changed this record, and
   * those that changed the other records the page's events touch (an application's moves on a
   * candidate's or job's page), up to the page's newest. Not the record's whole slice: a job's
   * holds every event of its hundreds of applications, and a page needs fifty of them.
   */
  async function foldInput(kind: RecordKind, id: number, shown: readonly ProjectedEvent[], newest: number): Promise<ProjectedEvent[]> {
    const others: Record<RecordKind, Set<number>> = { candidate: new Set(), client: new Set(), job: new Set(), application: new Set() };
    others[kind].add(id);
    for (const event of shown) {
      const r = relatedRecords(event);
      if (!r) continue;
      if (r.candidateId !== null) others.candidate.add(r.candidateId);
      if (r.clientId !== null) others.client.add(r.clientId);
      if (r.jobId !== null) others.job.add(r.jobId);
      if (r.applicationId !== null) others.application.add(r.applicationId);
    }
    const slices = await Promise.all(
      (Object.entries(others) as Array<[RecordKind, Set<number>]>)
        .filter(([, ids]) => ids.size > 0)
        .map(([k, ids]) =>
          recordEvents().find({
            where: {
              [FIELD[k]]: ids.size === 1 ? [...ids][0]! : { $in: [...ids] },
              position: { $lte: newest },
              type: { $in: [...RECORD_EVENT_TYPES[k]] },
            },
            sort: OLDEST_FIRST,
            limit: ALL,
          }),
        ),
    );
    const byPosition = new Map<number, RecordEventDoc>();
    for (const slice of slices) for (const doc of slice) byPosition.set(doc.position, doc);
    return [...byPosition.values()].sort((a, b) => a.position - b.position).map(toProjectedEvent);
  }

  /** names of the records the events name, from the read models, else the delete's snapshot */
  async function loadNames(events: readonly ProjectedEvent[]): Promise<RecordNames> {
    const ids: Record<RecordKind, Set<number>> = { candidate: new Set(), client: new Set(), job: new Set(), application: new Set() };
    for (const event of events) {
      const r = relatedRecords(event);
      if (!r) continue;
      if (r.candidateId !== null) ids.candidate.add(r.candidateId);
      if (r.clientId !== null) ids.client.add(r.clientId);
      if (r.jobId !== null) ids.job.add(r.jobId);
      if (r.applicationId !== null) ids.application.add(r.applicationId);
    }
    const apps = ids.application.size ? await applications().getMany([...ids.application], { fields: ['candidateId', 'jobId'] }) : [];
    for (const a of apps) {
      ids.candidate.add(a.candidateId);
      ids.job.add(a.jobId);
    }
    const [cands, jobList, clientList] = await Promise.all([
      ids.candidate.size ? candidates().getMany([...ids.candidate], { fields: ['firstName', 'lastName'] }) : [],
      ids.job.size ? jobs().getMany([...ids.job], { fields: ['title'] }) : [],
      ids.client.size ? clients().getMany([...ids.client], { fields: ['companyName'] }) : [],
    ]);
    const names = new Map<string, string>();
    for (const c of cands) names.set(`candidate-${c.id}`, `${c.firstName} ${c.lastName}`);
    for (const j of jobList) names.set(`job-${j.id}`, j.title);
    for (const c of clientList) names.set(`client-${c.id}`, c.companyName);
    const missing = [...(['candidate', 'job', 'client'] as const).flatMap((k) => [...ids[k]].map((id) => `${k}-${id}`))].filter(
      (key) => !names.has(key),
    );
    if (missing.length > 0) {
      for (const d of await deleted().getMany(missing)) {
        const s = d.snapshot ?? {};
        const label =
          d.kind === 'candidate'
            ? `${String(s.firstName ?? '')} ${String(s.lastName ?? '')}`.trim()
            : String(s.title ?? s.companyName ?? '');
        if (label) names.set(String(d.id), label);
      }
    }
    for (const a of apps) {
      const cand = names.get(`candidate-${a.candidateId}`);
      const job = names.get(`job-${a.jobId}`);
      if (cand && job) names.set(`application-${a.id}`, `${cand} — ${job}`);
    }
    return (kind, id) => names.get(`${kind}-${id}`) ?? null;
  }

  function joinCards(apps: ApplicationDoc[], cands: Map<number, Doc>, jobMap: Map<number, Doc>, clientMap: Map<number, Doc>) {
    const out: Application[] = [];
    for (const a of apps) {
      const c = cands.get(a.candidateId) as CandidateDoc | undefined;
      const j = jobMap.get(a.jobId) as JobDoc | undefined;
      if (!c || !j) continue;
      const client = j.clientId !== null ? (clientMap.get(j.clientId) as ClientDoc | undefined) : undefined;
      out.push({
        id: Number(a.id),
        stage: a.stage,
        appliedAt: a.appliedAt,
        candidateId: a.candidateId,
        jobId: a.jobId,
        stageChangedAt: a.stageChangedAt ?? null,
        stageChangedBy: a.stageChangedBy ?? null,
        candidate: { firstName: c.firstName, lastName: c.lastName, email: c.email, location: c.location, skills: c.skills },
        job: { title: j.title, location: j.location, client: client ? { companyName: client.companyName } : null },
      });
    }
    return out;
  }

  /** the board's applications as of a moment: one job's events, or every application event */
  async function boardFold(jobId: number | undefined, asOf: AsOf): Promise<{ fold: Fold; apps: ApplicationDoc[] }> {
    let events: ProjectedEvent[];
    if (jobId !== undefined) events = await eventsOf('job', jobId, asOf);
    else {
      const where: Where = { type: { $in: BOARD_EVENTS } };
      if ('position' in asOf) where.position = { $lte: asOf.position };
      else where.occurredAt = { $lte: asOf.time };
      events = (await recordEvents().find({ where, sort: OLDEST_FIRST, limit: ALL })).map(toProjectedEvent);
    }
    const fold = foldRecordsAsOf(events, asOf);
    const apps = fold.all<ApplicationDoc>('applications').filter((a) => jobId === undefined || a.jobId === jobId);
    return { fold, apps };
  }

  /** the board's people, jobs and clients: as they are now, or as their delete left them */
  async function boardJoins(apps: ApplicationDoc[]) {
    const candIds = [...new Set(apps.map((a) => a.candidateId))];
    const jobIds = [...new Set(apps.map((a) => a.jobId))];
    const [cands, jobList] = await Promise.all([candidates().getMany(candIds), jobs().getMany(jobIds)]);
    const candMap = byId(cands as Doc[]);
    const jobMap = byId(jobList as Doc[]);
    const missing = [
      ...candIds.filter((id) => !candMap.has(id)).map((id) => `candidate-${id}`),
      ...jobIds.filter((id) => !jobMap.has(id)).map((id) => `job-${id}`),
    ];
    if (missing.length > 0) {
      for (const d of await deleted().getMany(missing)) {
        if (!d.snapshot) continue;
        (d.kind === 'candidate' ? candMap : jobMap).set(d.entityId, d.snapshot as Doc);
      }
    }
    const clientIds = [...new Set([...jobMap.values()].map((j) => (j as JobDoc).clientId).filter((id): id is number => id !== null))];
    const clientMap = byId((clientIds.length ? await clients().getMany(clientIds, { fields: ['companyName'] }) : []) as Doc[]);
    return { candMap, jobMap, clientMap };
  }

  return {
    /** the file of a candidate's last resume upload (null: none uploaded, only pasted text) */
    async latestResume(candidateId: number): Promise<BlobRef | null> {
      const [upload] = await recordEvents().find({
        where: { candidateId, type: 'CandidateResumeUploaded' },
        sort: [['position', 'desc']],
        limit: 1,
      });
      return upload ? ((upload.data as { blob: BlobRef }).blob ?? null) : null;
    },

    async recordHistory(
      kind: RecordKind,
      id: number,
      page: { before?: number | undefined; limit: number; asOf?: AsOf },
    ): Promise<HistoryPage | null> {
      // a candidate's History holds the records merged into it too (their events stay on their own streams)
      const absorbed = kind === 'candidate' ? ((await candidates().get(id))?.mergedFrom ?? []) : [];
      const where: Where = { [FIELD[kind]]: absorbed.length > 0 ? { $in: [id, ...absorbed] } : id };
      // as of a moment: what had happened by then (an event position, or its time)
      const { asOf } = page;
      const below = [page.before, asOf && 'position' in asOf ? asOf.position + 1 : undefined].filter((n): n is number => n !== undefined);
      if (below.length > 0) where.position = { $lt: Math.min(...below) };
      if (asOf && 'time' in asOf) where.occurredAt = { $lte: asOf.time };
      const found = await recordEvents().find({ where, sort: [['position', 'desc']], limit: page.limit + 1 });
      if (found.length === 0 && page.before === undefined) return null;
      const shown = found.slice(0, page.limit).map(toProjectedEvent);
      const newest = shown[0]?.position;
      const upTo = newest === undefined ? [] : await foldInput(kind, id, shown, newest);
      const names = await loadNames(shown);
      const entries = historyEntries({ kind, id }, upTo, shown, names);
      return { entries, next: found.length > page.limit ? shown[shown.length - 1]!.position : null };
    },

    async candidateAsOf(id: number, asOf: AsOf): Promise<Candidate | null> {
      const fold = foldRecordsAsOf(await eventsOf('candidate', id, asOf), asOf);
      return fold.get<CandidateDoc>('candidates', id);
    },

    async clientAsOf(id: number, asOf: AsOf): Promise<ClientDetail | null> {
      const doc = foldRecordsAsOf(await eventsOf('client', id, asOf), asOf).get<ClientDoc & ClientDetail>('clients', id);
      return doc ? { ...doc, id: Number(doc.id), contacts: doc.contacts ?? [] } : null;
    },

    async jobAsOf(id: number, asOf: AsOf): Promise<JobDetail | null> {
      const fold = foldRecordsAsOf(await eventsOf('job', id, asOf), asOf, [linkedinPostsProjection]);
      const doc = fold.get<JobDoc>('jobs', id);
      if (!doc) return null;
      const client =
        doc.clientId !== null
          ? foldRecordsAsOf(await eventsOf('client', doc.clientId, asOf), asOf).get<ClientDoc>('clients', doc.clientId)
          : null;
      const apps = fold.all<ApplicationDoc>('applications').filter((a) => a.jobId === id);
      const posts = fold
        .all<LinkedinJobPost & Doc>('linkedin_job_posts')
        .sort((a, b) => b.postedAt.localeCompare(a.postedAt) || Number(b.id) - Number(a.id));
      return {
        ...(doc as unknown as Omit<JobDetail, 'client' | 'candidateCount' | 'placedCount' | 'linkedinPosts'>),
        id: Number(doc.id),
        client: client ? { companyName: client.companyName, industry: client.industry } : null,
        candidateCount: apps.length,
        openings: doc.openings ?? 1,
        placedCount: apps.filter((a) => a.stage === 'placed').length,
        linkedinPosts: posts.map((p) => ({ ...p, id: Number(p.id) })),
      };
    },

    async applicationsAsOf(
      filter: {
        jobId?: number | undefined;
        search?: string | undefined;
        stage?: Application['stage'] | undefined;
        limit?: number;
        offset?: number;
      },
      asOf: AsOf,
    ): Promise<Application[]> {
      const { apps } = await boardFold(filter.jobId, asOf);
      const chosen = apps
        .filter((a) => !filter.stage || a.stage === filter.stage)
        .sort((a, b) => b.appliedAt.localeCompare(a.appliedAt) || Number(b.id) - Number(a.id));
      const { candMap, jobMap, clientMap } = await boardJoins(chosen);
      const search = filter.search?.trim().toLowerCase();
      const cards = joinCards(chosen, candMap, jobMap, clientMap).filter(
        (card) =>
          !search || `${card.candidate.firstName} ${card.candidate.lastName} ${card.candidate.email}`.toLowerCase().includes(search),
      );
      const offset = filter.offset ?? 0;
      return cards.slice(offset, offset + (filter.limit ?? 500));
    },

    async pipelineSummaryAsOf(filter: { jobId?: number | undefined; search?: string | undefined }, asOf: AsOf): Promise<PipelineSummary> {
      const cards = await this.applicationsAsOf({ ...filter, limit: ALL }, asOf);
      const stages = Object.fromEntries(
        APPLICATION_STAGES.map((s) => [s, cards.filter((c) => c.stage === s).length]),
      ) as PipelineSummary['stages'];
      return { total: cards.length, stages };
    },
  };
}
export type HistoryQueries = ReturnType<typeof createHistoryQueries>;
