import type { Job, JobDetail, LinkedinJobPost } from '@ats/contracts';
import type { Doc, DocumentStore, FindOptions } from '@ats/storage';
import type { ApplicationDoc } from './applications';
import type { ClientDoc } from './clients';
import type { DeletedIds } from './deleted-records';
import type { JobCounts, ApplicationCountsMemory } from './application-counts';
import { byId, distinctIds, LIST_LIMIT, NEWEST_FIRST, readModel, strip, type Page } from './query-support';
import type { JobsListMemory } from './jobs-list-memory';
import type { ResultCache } from './result-cache';

export type JobDoc = Omit<Job, 'client' | 'candidateCount' | 'placedCount'> & Doc;
type LinkedinPostDoc = LinkedinJobPost & Doc;

/** The jobs list and a job's page, joined at read time with their client and candidate count. */
export function createJobQueries(
  documents: DocumentStore,
  deletedIds: () => Promise<DeletedIds>,
  applicationCounts?: ApplicationCountsMemory,
  cache?: ResultCache,
  jobsList?: JobsListMemory,
) {
  const jobs = readModel<JobDoc>(documents, 'jobs');
  const clients = readModel<ClientDoc>(documents, 'clients');
  const applications = readModel<ApplicationDoc>(documents, 'applications');
  const linkedinPosts = readModel<LinkedinPostDoc>(documents, 'linkedinPosts');

  /** the same counts as `ApplicationCountsMemory`, by the store (while memory cannot answer) */
  async function countInStore(ids: number[], removed: DeletedIds): Promise<JobCounts> {
    const where: Record<string, unknown> = { jobId: { $in: ids } };
    if (removed.candidates.length > 0) where.candidateId = { $nin: removed.candidates };
    const [perJob, placedPerJob] = await Promise.all([
      applications().countBy('jobId', { where: where as FindOptions['where'] }),
      applications().countBy('jobId', { where: { ...where, stage: 'placed' } as FindOptions['where'] }),
    ]);
    return {
      perJob: new Map(Object.entries(perJob).map(([jobId, n]) => [Number(jobId), n])),
      placedPerJob: new Map(Object.entries(placedPerJob).map(([jobId, n]) => [Number(jobId), n])),
    };
  }

  async function joinJobs(list: JobDoc[]): Promise<Job[]> {
    if (list.length === 0) return [];
    const ids = list.map((j) => Number(j.id));
    const clientIds = distinctIds(list.map((j) => j.clientId));
    // the clients' names from memory (kept current by the clients notices), else read by id
    const readClients = async () =>
      (await jobsList?.clientNames(clientIds)) ?? byId(await clients().getMany(clientIds, { fields: ['companyName', 'industry'] }));
    const [clientMap, removed] = await Promise.all([readClients(), deletedIds()]);
    const { perJob: counts, placedPerJob: placed } =
      (await applicationCounts?.perJob(ids, removed.candidates)) ?? (await countInStore(ids, removed));
    return list.map((j) => {
      const client =
        j.clientId !== null ? (clientMap.get(j.clientId) as Pick<ClientDoc, 'companyName' | 'industry'> | undefined) : undefined;
      return {
        ...(strip(j, []) as unknown as Omit<Job, 'client' | 'candidateCount' | 'placedCount'>),
        id: Number(j.id),
        client: client ? { companyName: client.companyName, industry: client.industry } : null,
        candidateCount: counts.get(Number(j.id)) ?? 0,
        openings: j.openings ?? 1,
        placedCount: placed.get(Number(j.id)) ?? 0,
      };
    });
  }

  return {
    async getJob(id: number): Promise<JobDetail | null> {
      const doc = await jobs().get(id);
      if (!doc) return null;
      const [joined] = await joinJobs([doc]);
      const posts = await linkedinPosts().find({
        where: { jobId: id },
        sort: [
          ['postedAt', 'desc'],
          ['id', 'desc'],
        ],
      });
      return { ...joined!, linkedinPosts: posts.map((p) => ({ ...p, id: Number(p.id) })) };
    },
    async listJobs(search?: string, page: Page = {}): Promise<Job[]> {
      const options = {
        search: search?.trim() || undefined,
        sort: NEWEST_FIRST,
        limit: page.limit ?? LIST_LIMIT,
        offset: page.offset ?? 0,
      };
      // without a search, the page from memory (the jobs kept current by their notices): a change
      // of an application (the list's counts, from memory too) reads none of the jobs again
      if (!options.search) {
        const fromMemory = await jobsList?.page(options.offset, options.limit);
        if (fromMemory) return joinJobs(fromMemory as JobDoc[]);
      }
      // else the page's jobs as read, kept until the jobs move (or 10 s)
      const read = () => jobs().find(options);
      const list = cache ? await cache.get(`jobs:page:${JSON.stringify(options)}`, read, ['jobs']) : await read();
      return joinJobs(list);
    },
  };
}
