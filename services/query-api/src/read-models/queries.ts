import type {
  Activity,
  AiStats,
  Application,
  AttachedJob,
  Candidate,
  CandidateFilter,
  PipelineSummary,
  AiAnalyticsTotals,
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
import type { Doc, DocumentStore, FindOptions } from '@ats/storage';
import { APPLICATION_STAGES } from '@ats/events';
import { READ_MODELS } from './names';
import type { ResultCache } from './result-cache';

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
type DeletedRecordDoc = { id: string; kind: 'candidate' | 'job'; entityId: number } & Doc;

/** a page of a list: `limit` rows from `offset` */
export interface Page {
  limit?: number | undefined;
  offset?: number | undefined;
}
export interface ApplicationFilter {
  search?: string | undefined;
  jobId?: number | undefined;
}

const norm = (value: string | null | undefined) => (value ?? '').trim().toLowerCase();

/** The §2.6 list filters as document-store conditions (status, resume) and substrings (location, every skill term). */
function candidateConditions(f: CandidateFilter): Pick<FindOptions, 'where' | 'search' | 'contains'> {
  const where: Record<string, unknown> = {};
  if (f.status && f.status !== 'all') where.status = f.status;
  if (f.hasResume === 'true') where.hasResume = true;
  if (f.hasResume === 'false') where.hasResume = { $ne: true };
  const contains: Record<string, string[]> = {};
  const location = norm(f.location);
  if (location) contains.location = [location];
  const skills = (f.skills ?? '')
    .split(',')
    .map(norm)
    .filter((t) => t.length > 0);
  if (skills.length > 0) contains.skills = skills;
  return { where: where as FindOptions['where'], search: f.search?.trim() || undefined, contains };
}

const NEWEST_FIRST: Array<[string, 'asc' | 'desc']> = [
  ['createdAt', 'desc'],
  ['id', 'desc'],
];
const APPLIED_NEWEST_FIRST: Array<[string, 'asc' | 'desc']> = [
  ['appliedAt', 'desc'],
  ['id', 'desc'],
];
/** the board's candidate search narrows to at most this many candidates */
const PIPELINE_SEARCH_LIMIT = 2000;
const LIST_LIMIT = 1000;

function strip<T extends Record<string, unknown>>(doc: T, keys: string[]): T {
  const copy = { ...doc };
  for (const k of keys) delete copy[k];
  return copy;
}

/** Read-side queries: read models in, contract shapes out (joins happen here, at read time). */
export function createQueries(documents: DocumentStore, cache?: ResultCache) {
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

  const deletedRecords = () => documents.collection<DeletedRecordDoc>(READ_MODELS.deletedRecords);

  const byId = <T extends Doc>(docs: T[]) => new Map(docs.map((d) => [Number(d.id), d]));

  /** deleted candidates and jobs: their applications stay in the log and the read model, off the board */
  async function readDeletedIds(): Promise<{ candidates: number[]; jobs: number[] }> {
    const docs = await deletedRecords().find({ fields: ['kind', 'entityId'], limit: 1_000_000 });
    return {
      candidates: docs.filter((d) => d.kind === 'candidate').map((d) => d.entityId),
      jobs: docs.filter((d) => d.kind === 'job').map((d) => d.entityId),
    };
  }
  /** read on every board request: remembered until the read models move */
  const deletedIds = () => (cache ? cache.get('deleted-ids', readDeletedIds) : readDeletedIds());

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
    const clientList = await clients().getMany([...new Set(jobList.map((j) => j.clientId).filter((id): id is number => id !== null))], {
      fields: ['companyName'],
    });
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
    const [clientList, removed] = await Promise.all([
      clients().getMany([...new Set(list.map((j) => j.clientId).filter((id): id is number => id !== null))], {
        fields: ['companyName', 'industry'],
      }),
      deletedIds(),
    ]);
    const where: Record<string, unknown> = { jobId: { $in: ids } };
    if (removed.candidates.length > 0) where.candidateId = { $nin: removed.candidates };
    const perJob = await applications().countBy('jobId', { where: where as FindOptions['where'] });
    const clientMap = byId(clientList);
    const counts = new Map(Object.entries(perJob).map(([jobId, n]) => [Number(jobId), n]));
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
    /** a page of the §2.6 list, newest first */
    async listCandidates(filter: CandidateFilter & Page = {}): Promise<Candidate[]> {
      return candidates().find({
        ...candidateConditions(filter),
        sort: NEWEST_FIRST,
        limit: filter.limit ?? 50,
        offset: filter.offset ?? 0,
      });
    },
    /** '{n} candidates found' */
    countCandidates: (filter: CandidateFilter = {}) => candidates().count(candidateConditions(filter)),
    async listCommunications(candidateId: number): Promise<Communication[]> {
      return communications().find({
        where: { recipientType: 'candidate', recipientId: candidateId },
        sort: [
          ['createdAt', 'desc'],
          ['id', 'desc'],
        ],
        limit: LIST_LIMIT,
      });
    },
    getCandidate: (id: number) => candidates().get(id) as Promise<Candidate | null>,
    async listNotes(candidateId: number): Promise<Note[]> {
      return notes().find({
        where: { candidateId },
        sort: [
          ['createdAt', 'desc'],
          ['id', 'desc'],
        ],
      });
    },
    async listCandidateJobs(candidateId: number): Promise<AttachedJob[]> {
      const apps = await applications().find({ where: { candidateId }, sort: [['appliedAt', 'desc']] });
      const jobMap = byId(await jobs().getMany(apps.map((a) => a.jobId)));
      return apps.flatMap((a) => {
        const j = jobMap.get(a.jobId);
        return j
          ? [
              {
                id: Number(j.id),
                applicationId: Number(a.id),
                title: j.title,
                status: j.status,
                stage: a.stage,
                location: j.location,
                appliedAt: a.appliedAt,
              },
            ]
          : [];
      });
    },
    async listClients(search?: string): Promise<Client[]> {
      const list = await clients().find({
        search: search?.trim() || undefined,
        sort: [
          ['createdAt', 'desc'],
          ['id', 'desc'],
        ],
        limit: LIST_LIMIT,
      });
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
      const posts = await linkedinPosts().find({
        where: { jobId: id },
        sort: [
          ['postedAt', 'desc'],
          ['id', 'desc'],
        ],
      });
      return { ...joined!, linkedinPosts: posts.map((p) => ({ ...p, id: Number(p.id) })) };
    },
    async listJobs(search?: string): Promise<Job[]> {
      const list = await jobs().find({
        search: search?.trim() || undefined,
        sort: [
          ['createdAt', 'desc'],
          ['id', 'desc'],
        ],
        limit: LIST_LIMIT,
      });
      return joinJobs(list);
    },
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
      const where = await applicationConditions(filter);
      const counts = where ? await applications().countBy('stage', { where: where as FindOptions['where'] }) : {};
      const stages = Object.fromEntries(APPLICATION_STAGES.map((stage) => [stage, counts[stage] ?? 0])) as PipelineSummary['stages'];
      return { total: Object.values(stages).reduce((sum, n) => sum + n, 0), stages };
    },
    /** the AI Analytics card: counts and a score histogram from the candidates read model, never the whole list */
    async aiAnalytics(highScore = 80): Promise<AiAnalyticsTotals> {
      const analyzedWhere = { aiLastAnalyzed: { $ne: null } } as const;
      const [total, analyzed, scores, recent] = await Promise.all([
        candidates().count(),
        candidates().count({ where: analyzedWhere }),
        candidates().countBy('aiMatchScore', { where: analyzedWhere }),
        candidates().find({
          where: analyzedWhere,
          sort: [
            ['aiLastAnalyzed', 'desc'],
            ['id', 'desc'],
          ],
          limit: 3,
          fields: ['firstName', 'lastName', 'currentTitle', 'aiMatchScore', 'aiLastAnalyzed'],
        }),
      ]);
      let scored = 0;
      let scoreSum = 0;
      let highScorers = 0;
      for (const [value, n] of Object.entries(scores)) {
        const score = Number(value);
        if (value === 'null' || !Number.isFinite(score)) continue;
        scored += n;
        scoreSum += score * n;
        if (score >= highScore) highScorers += n;
      }
      return {
        total,
        analyzed,
        scored,
        scoreSum,
        highScore,
        highScorers,
        recentlyAnalyzed: recent.map((c) => ({
          id: Number(c.id),
          firstName: c.firstName,
          lastName: c.lastName,
          currentTitle: c.currentTitle ?? null,
          aiMatchScore: c.aiMatchScore ?? null,
          aiLastAnalyzed: c.aiLastAnalyzed ?? null,
        })),
      };
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
      const list = await interviews().find({
        where: { scheduledAt: { $gte: day.from, $lt: day.to } },
        sort: [
          ['scheduledAt', 'asc'],
          ['id', 'asc'],
        ],
        limit: 500,
      });
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
      const list = await tasks().find({
        sort: [
          ['rank', 'asc'],
          ['id', 'asc'],
        ],
        limit,
      });
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
      return users().find({
        sort: [
          ['createdAt', 'asc'],
          ['id', 'asc'],
        ],
        limit: 10_000,
      });
    },
  };
}
export type Queries = ReturnType<typeof createQueries>;
