import type {
  Activity,
  AiStats,
  Application,
  AttachedJob,
  Candidate,
  CandidateListQuery,
  Client,
  ClientDetail,
  Communication,
  DashboardInterview,
  DashboardMetrics,
  Interview,
  Job,
  JobDetail,
  LinkedinJobPost,
  Note,
  Task,
  User,
} from '@ats/contracts';
import { calendarPeriods } from './calendar';
import type { Doc, DocumentStore } from '@ats/storage';
import { READ_MODELS } from './names';

type CandidateDoc = Candidate & Doc;
type ClientDoc = Client & Doc;
type JobDoc = Omit<Job, 'client' | 'candidateCount'> & Doc;
type ApplicationDoc = Pick<Application, 'id' | 'stage' | 'appliedAt' | 'candidateId' | 'jobId' | 'stageChangedAt' | 'stageChangedBy'> & Doc;
type NoteDoc = Note & Doc;
type ActivityDoc = Activity & Doc;
type ClientDetailDoc = ClientDetail & Doc;
type InterviewDoc = Interview & Doc;
type TaskDoc = Task & { rank: string } & Doc;
type CommunicationDoc = Communication & Doc;
type LinkedinPostDoc = LinkedinJobPost & Doc;
type PlacementDoc = { id: number; placedAt: string; fee: number } & Doc;
type AiStatsDoc = AiStats & Doc;
type UserDoc = User & Doc;

const norm = (value: string | null | undefined) => (value ?? '').trim().toLowerCase();

/** The §2.6 filter panel, as the web app applies it (substring, case-insensitive; every skill term must match). */
export function matchesCandidateFilters(candidate: Pick<Candidate, 'location' | 'skills'>, filter: Pick<CandidateListQuery, 'location' | 'skills'>): boolean {
  const location = norm(filter.location);
  if (location && !norm(candidate.location).includes(location)) return false;
  const terms = (filter.skills ?? '').split(',').map(norm).filter((t) => t.length > 0);
  if (terms.length === 0) return true;
  const skills = candidate.skills.map(norm);
  return terms.every((term) => skills.some((skill) => skill.includes(term)));
}

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
  const clientDetails = () => documents.collection<ClientDetailDoc>(READ_MODELS.clients);
  const interviews = () => documents.collection<InterviewDoc>(READ_MODELS.interviews);
  const tasks = () => documents.collection<TaskDoc>(READ_MODELS.tasks);
  const communications = () => documents.collection<CommunicationDoc>(READ_MODELS.communications);
  const linkedinPosts = () => documents.collection<LinkedinPostDoc>(READ_MODELS.linkedinPosts);
  const placements = () => documents.collection<PlacementDoc>(READ_MODELS.placements);
  const aiStats = () => documents.collection<AiStatsDoc>(READ_MODELS.aiStats);
  const users = () => documents.collection<UserDoc>(READ_MODELS.users);

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

  async function joinJobs(list: JobDoc[]): Promise<Job[]> {
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
  }

  return {
    async listCandidates(filter: CandidateListQuery | string = {}): Promise<Candidate[]> {
      const f: CandidateListQuery = typeof filter === 'string' ? { search: filter } : filter;
      const where: Record<string, unknown> = {};
      if (f.status && f.status !== 'all') where.status = f.status;
      const textFilters = Boolean(norm(f.location) || norm(f.skills));
      const found = await candidates().find({
        where: where as never,
        search: f.search?.trim() || undefined,
        sort: [['createdAt', 'desc'], ['id', 'desc']],
        // location and skills are matched here, so read further before cutting to the page
        limit: textFilters || (f.hasResume && f.hasResume !== 'all') ? 20 * LIST_LIMIT : LIST_LIMIT,
      });
      return found
        .filter((c) => {
          if (f.hasResume === 'true' || f.hasResume === 'false') {
            const has = Boolean(c.resumeFileName || c.resumeText);
            if (has !== (f.hasResume === 'true')) return false;
          }
          return matchesCandidateFilters(c, f);
        })
        .slice(0, LIST_LIMIT);
    },
    async listCommunications(candidateId: number): Promise<Communication[]> {
      return communications().find({ where: { recipientType: 'candidate', recipientId: candidateId }, sort: [['createdAt', 'desc'], ['id', 'desc']], limit: LIST_LIMIT });
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
      const list = await clients().find({ search: search?.trim() || undefined, sort: [['createdAt', 'desc'], ['id', 'desc']], limit: LIST_LIMIT });
      // the list cards show the primary contact only; the detail carries them all
      return list.map((c) => strip(c, ['contacts', 'updatedAt']));
    },
    async getClient(id: number): Promise<ClientDetail | null> {
      const doc = await clientDetails().get(id);
      return doc ? { ...doc, id: Number(doc.id), contacts: doc.contacts ?? [] } : null;
    },
    async getJob(id: number): Promise<JobDetail | null> {
      const doc = await jobs().get(id);
      if (!doc) return null;
      const [joined] = await joinJobs([doc]);
      const posts = await linkedinPosts().find({ where: { jobId: id }, sort: [['postedAt', 'desc'], ['id', 'desc']] });
      return { ...joined!, linkedinPosts: posts.map((p) => ({ ...p, id: Number(p.id) })) };
    },
    async listJobs(search?: string): Promise<Job[]> {
      const list = await jobs().find({ search: search?.trim() || undefined, sort: [['createdAt', 'desc'], ['id', 'desc']], limit: LIST_LIMIT });
      return joinJobs(list);
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
    /** SPEC §2.3 metrics; "this month/year" are calendar periods in the user's zone. revenueYTD in dollars (fees are kept in thousands). */
    async dashboardMetrics(timeZone = 'UTC', now = new Date()): Promise<DashboardMetrics> {
      const { month, year } = calendarPeriods(now, timeZone);
      const [activeCandidates, openPositions, placementsThisMonth, yearPlacements] = await Promise.all([
        candidates().count({ where: { status: 'active' } }),
        jobs().count({ where: { status: { $in: ['open', 'sourcing', 'interviewing', 'offer_extended'] } } }),
        placements().count({ where: { placedAt: { $gte: month.from, $lt: month.to } } }),
        placements().find({ where: { placedAt: { $gte: year.from, $lt: year.to } }, limit: 100_000 }),
      ]);
      const feesThousands = yearPlacements.reduce((sum, p) => sum + p.fee, 0);
      return { activeCandidates, openPositions, placementsThisMonth, revenueYTD: Math.round(feesThousands * 1000) };
    },
    async todaysInterviews(timeZone = 'UTC', now = new Date()): Promise<DashboardInterview[]> {
      const { day } = calendarPeriods(now, timeZone);
      const list = await interviews().find({ where: { scheduledAt: { $gte: day.from, $lt: day.to } }, sort: [['scheduledAt', 'asc'], ['id', 'asc']], limit: 500 });
      const shown = list.filter((i) => i.status !== 'cancelled');
      if (shown.length === 0) return [];
      const [cands, jobList] = await Promise.all([
        candidates().getMany([...new Set(shown.map((i) => i.candidateId))]),
        jobs().getMany([...new Set(shown.map((i) => i.jobId).filter((id): id is number => id !== null))]),
      ]);
      const clientList = await clients().getMany([...new Set(jobList.map((j) => j.clientId).filter((id): id is number => id !== null))]);
      const candMap = byId(cands);
      const jobMap = byId(jobList);
      const clientMap = byId(clientList);
      return shown.flatMap((i) => {
        const c = candMap.get(i.candidateId);
        // an interview of a deleted candidate is not shown
        if (!c) return [];
        const j = i.jobId !== null ? jobMap.get(i.jobId) : undefined;
        const client = j && j.clientId !== null ? clientMap.get(j.clientId) : undefined;
        return [
          {
            ...i,
            id: Number(i.id),
            candidate: { firstName: c.firstName, lastName: c.lastName },
            job: j ? { title: j.title } : null,
            client: client ? { companyName: client.companyName } : null,
          },
        ];
      });
    },
    async priorityTasks(limit = 10): Promise<Task[]> {
      const list = await tasks().find({ sort: [['rank', 'asc'], ['id', 'asc']], limit });
      return list.map((t) => ({ ...strip(t, ['rank']), id: Number(t.id) }));
    },
    async aiStats(): Promise<AiStats> {
      const doc = await aiStats().get('totals');
      return {
        candidateAnalyses: doc?.candidateAnalyses ?? 0,
        salaryReports: doc?.salaryReports ?? 0,
        messagesGenerated: doc?.messagesGenerated ?? 0,
        predictions: doc?.predictions ?? 0,
      };
    },
    async listUsers(): Promise<User[]> {
      return users().find({ sort: [['createdAt', 'asc'], ['id', 'asc']], limit: 10_000 });
    },
  };
}
export type Queries = ReturnType<typeof createQueries>;
