import type { Activity, Application, AttachedJob, Candidate, Client, Job, Note } from '@ats/contracts';
import type { Doc, DocumentStore } from '@ats/storage';
import { READ_MODELS } from './names';

type CandidateDoc = Candidate & Doc;
type ClientDoc = Client & Doc;
type JobDoc = Omit<Job, 'client' | 'candidateCount'> & Doc;
type ApplicationDoc = Pick<Application, 'id' | 'stage' | 'appliedAt' | 'candidateId' | 'jobId' | 'stageChangedAt' | 'stageChangedBy'> & Doc;
type NoteDoc = Note & Doc;
type ActivityDoc = Activity & Doc;

const LIST_LIMIT = 1000;

function strip<T extends Record<string, unknown>>(doc: T, keys: string[]): T {
  const copy = { ...doc };
  for (const k of keys) delete copy[k];
  return copy;
}

/** Read-side queries: read models in, contract shapes out (joins happen here, at read time). */
export function createQueries(documents: DocumentStore) {
  const candidates = () => documents.collection<CandidateDoc>(READ_MODELS.candidates);
  const clients = () => documents.collection<ClientDoc>(READ_MODELS.clients);
  const jobs = () => documents.collection<JobDoc>(READ_MODELS.jobs);
  const applications = () => documents.collection<ApplicationDoc>(READ_MODELS.applications);
  const notes = () => documents.collection<NoteDoc>(READ_MODELS.notes);
  const activities = () => documents.collection<ActivityDoc>(READ_MODELS.activities);

  const byId = <T extends Doc>(docs: T[]) => new Map(docs.map((d) => [Number(d.id), d]));

  async function joinApplications(apps: ApplicationDoc[]): Promise<Application[]> {
    if (apps.length === 0) return [];
    const [cands, jobList] = await Promise.all([
      candidates().getMany([...new Set(apps.map((a) => a.candidateId))]),
      jobs().getMany([...new Set(apps.map((a) => a.jobId))]),
    ]);
    const clientList = await clients().getMany([...new Set(jobList.map((j) => j.clientId).filter((id): id is number => id !== null))]);
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
    async listCandidates(search?: string): Promise<Candidate[]> {
      return candidates().find({ search: search?.trim() || undefined, sort: [['createdAt', 'desc'], ['id', 'desc']], limit: LIST_LIMIT });
    },
    getCandidate: (id: number) => candidates().get(id) as Promise<Candidate | null>,
    async listNotes(candidateId: number): Promise<Note[]> {
      return notes().find({ where: { candidateId }, sort: [['createdAt', 'desc'], ['id', 'desc']] });
    },
    async listCandidateJobs(candidateId: number): Promise<AttachedJob[]> {
      const apps = await applications().find({ where: { candidateId }, sort: [['appliedAt', 'desc']] });
      const jobMap = byId(await jobs().getMany(apps.map((a) => a.jobId)));
      return apps.flatMap((a) => {
        const j = jobMap.get(a.jobId);
        return j ? [{ id: Number(j.id), applicationId: Number(a.id), title: j.title, status: j.status, stage: a.stage, location: j.location, appliedAt: a.appliedAt }] : [];
      });
    },
    async listClients(search?: string): Promise<Client[]> {
      return clients().find({ search: search?.trim() || undefined, sort: [['createdAt', 'desc'], ['id', 'desc']], limit: LIST_LIMIT });
    },
    async listJobs(search?: string): Promise<Job[]> {
      const list = await jobs().find({ search: search?.trim() || undefined, sort: [['createdAt', 'desc'], ['id', 'desc']], limit: LIST_LIMIT });
      if (list.length === 0) return [];
      const ids = list.map((j) => Number(j.id));
      const [clientList, apps] = await Promise.all([
        clients().getMany([...new Set(list.map((j) => j.clientId).filter((id): id is number => id !== null))]),
        applications().find({ where: { jobId: { $in: ids } } }),
      ]);
      const clientMap = byId(clientList);
      const counts = new Map<number, number>();
      for (const a of apps) counts.set(a.jobId, (counts.get(a.jobId) ?? 0) + 1);
      return list.map((j) => {
        const client = j.clientId !== null ? clientMap.get(j.clientId) : undefined;
        return {
          ...(strip(j, []) as unknown as Omit<Job, 'client' | 'candidateCount'>),
          id: Number(j.id),
          client: client ? { companyName: client.companyName, industry: client.industry } : null,
          candidateCount: counts.get(Number(j.id)) ?? 0,
        };
      });
    },
    async listApplications(filter: { search?: string | undefined; jobId?: number | undefined }): Promise<Application[]> {
      const where: Record<string, unknown> = {};
      if (filter.jobId !== undefined) where.jobId = filter.jobId;
      const search = filter.search?.trim();
      if (search) {
        const matches = await candidates().find({ search, limit: 5000 });
        if (matches.length === 0) return [];
        where.candidateId = { $in: matches.map((c) => Number(c.id)) };
      }
      const apps = await applications().find({ where: where as never, sort: [['appliedAt', 'desc'], ['id', 'desc']], limit: 10_000 });
      return joinApplications(apps);
    },
    async recentActivities(limit = 20): Promise<Activity[]> {
      return activities().find({ sort: [['position', 'desc']], limit });
    },
  };
}
export type Queries = ReturnType<typeof createQueries>;
