import type { Application, PipelineSummary } from '@ats/contracts';
import { APPLICATION_STAGES } from '@ats/events';
import type { Doc, DocumentStore, FindOptions } from '@ats/storage';
import type { CandidateDoc } from './candidates';
import type { ClientDoc } from './clients';
import type { ApplicationCountsMemory } from './application-counts';
import type { DeletedIds } from './deleted-records';
import type { JobDoc } from './jobs';
import { byId, distinctIds, NEWEST_FIRST, readModel, type Page, type SortSpec } from './query-support';

export type ApplicationDoc = Pick<
  Application,
  'id' | 'stage' | 'appliedAt' | 'candidateId' | 'jobId' | 'stageChangedAt' | 'stageChangedBy' | 'source'
> &
  Doc;

export interface ApplicationFilter {
  search?: string | undefined;
  jobId?: number | undefined;
}

const APPLIED_NEWEST_FIRST: SortSpec = [
  ['appliedAt', 'desc'],
  ['id', 'desc'],
];
/** the board's candidate search narrows to at most this many candidates */
const PIPELINE_SEARCH_LIMIT = 2000;

/** The pipeline board: its cards (joined with candidate, job and client at read time) and its summary bar. */
export function createApplicationQueries(
  documents: DocumentStore,
  deletedIds: () => Promise<DeletedIds>,
  applicationCounts?: ApplicationCountsMemory,
) {
  const applications = readModel<ApplicationDoc>(documents, 'applications');
  const candidates = readModel<CandidateDoc>(documents, 'candidates');
  const jobs = readModel<JobDoc>(documents, 'jobs');
  const clients = readModel<ClientDoc>(documents, 'clients');

  /** the board's filter as conditions on applications; null when the search finds no candidate */
  async function applicationConditions(filter: ApplicationFilter): Promise<Record<string, unknown> | null> {
    const where: Record<string, unknown> = {};
    const removed = await deletedIds();
    if (filter.jobId !== undefined) {
      if (removed.jobs.includes(filter.jobId)) return null;
      where.jobId = filter.jobId;
    } else if (removed.jobs.length > 0) {
      where.jobId = { $nin: removed.jobs };
    }
    const search = filter.search?.trim();
    if (search) {
      // deleted candidates are not in the candidates read model, so they cannot match
      const matches = await candidates().find({ search, fields: [], sort: NEWEST_FIRST, limit: PIPELINE_SEARCH_LIMIT });
      if (matches.length === 0) return null;
      where.candidateId = { $in: matches.map((c) => Number(c.id)) };
    } else if (removed.candidates.length > 0) {
      where.candidateId = { $nin: removed.candidates };
    }
    return where;
  }

  async function joinApplications(apps: ApplicationDoc[]): Promise<Application[]> {
    if (apps.length === 0) return [];
    const [cands, jobList] = await Promise.all([
      candidates().getMany([...new Set(apps.map((a) => a.candidateId))], {
        fields: ['firstName', 'lastName', 'email', 'location', 'skills'],
      }),
      jobs().getMany([...new Set(apps.map((a) => a.jobId))], { fields: ['title', 'location', 'clientId'] }),
    ]);
    const clientList = await clients().getMany(distinctIds(jobList.map((j) => j.clientId)), { fields: ['companyName'] });
    const candMap = byId(cands);
    const jobMap = byId(jobList);
    const clientMap = byId(clientList);
    const out: Application[] = [];
    for (const a of apps) {
      const c = candMap.get(a.candidateId);
      const j = jobMap.get(a.jobId);
      // an application whose candidate or job was deleted is not on the board
      if (!c || !j) continue;
      const client = j.clientId !== null ? clientMap.get(j.clientId) : undefined;
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

  return {
    /** a page of the board's cards (optionally one stage), newest first */
    async listApplications(filter: ApplicationFilter & Page & { stage?: Application['stage'] | undefined }): Promise<Application[]> {
      const where = await applicationConditions(filter);
      if (!where) return [];
      if (filter.stage) where.stage = filter.stage;
      const apps = await applications().find({
        where: where as FindOptions['where'],
        sort: APPLIED_NEWEST_FIRST,
        limit: filter.limit ?? 500,
        offset: filter.offset ?? 0,
      });
      return joinApplications(apps);
    },
    /** the summary bar: the total and a count per stage */
    async pipelineSummary(filter: ApplicationFilter): Promise<PipelineSummary> {
      // without a search: counted in memory when it can answer (the same conditions as below)
      const removed = filter.search?.trim() ? null : await deletedIds();
      const inMemory =
        removed && !(filter.jobId !== undefined && removed.jobs.includes(filter.jobId))
          ? await applicationCounts?.perStage({ jobId: filter.jobId, removedJobs: removed.jobs, removedCandidates: removed.candidates })
          : null;
      const where = inMemory ? null : await applicationConditions(filter);
      const counts = inMemory ?? (where ? await applications().countBy('stage', { where: where as FindOptions['where'] }) : {});
      const stages = Object.fromEntries(APPLICATION_STAGES.map((stage) => [stage, counts[stage] ?? 0])) as PipelineSummary['stages'];
      return { total: Object.values(stages).reduce((sum, n) => sum + n, 0), stages };
    },
  };
}
