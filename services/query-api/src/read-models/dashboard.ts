import type { Activity, AiAnalyticsTotals, AiStats, DashboardInterview, DashboardMetrics, Interview, Task } from '@ats/contracts';
import type { Doc, DocumentStore, FindOptions, Where } from '@ats/storage';
import { calendarPeriods } from './calendar';
import type { CandidateDoc } from './candidates';
import type { ClientDoc } from './clients';
import type { JobDoc } from './jobs';
import { byId, distinctIds, readModel, strip } from './query-support';
import type { StatusCounts } from './status-counts';
import type { AiTotals } from './ai-totals';

type ActivityDoc = Activity & Doc;
type InterviewDoc = Interview & Doc;
type TaskDoc = Task & { rank: string } & Doc;
type PlacementDoc = { id: number; placedAt: string; fee: number } & Doc;
type AiStatsDoc = AiStats & Doc;
type Sort = NonNullable<FindOptions['sort']>;

// the Priority Tasks' two orders, as the store sorts (`sort`) and as their parts are merged (`compare`)
const BY_RANK: Sort = [
  ['rank', 'asc'],
  ['id', 'asc'],
];
const byRank = (a: TaskDoc, b: TaskDoc) => (a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : Number(a.id) - Number(b.id));
const RECENT_FIRST: Sort = [
  ['updatedAt', 'desc'],
  ['id', 'desc'],
];
const recentFirst = (a: TaskDoc, b: TaskDoc) =>
  a.updatedAt > b.updatedAt ? -1 : a.updatedAt < b.updatedAt ? 1 : Number(b.id) - Number(a.id);

/** The dashboard's cards: metrics, today's interviews, priority tasks, the feed, AI analytics and stats. */
export function createDashboardQueries(documents: DocumentStore, candidateStatuses?: StatusCounts, aiTotals?: AiTotals) {
  const candidates = readModel<CandidateDoc>(documents, 'candidates');
  const jobs = readModel<JobDoc>(documents, 'jobs');
  const clients = readModel<ClientDoc>(documents, 'clients');
  const activities = readModel<ActivityDoc>(documents, 'activities');
  const interviews = readModel<InterviewDoc>(documents, 'interviews');
  const tasks = readModel<TaskDoc>(documents, 'tasks');
  const placements = readModel<PlacementDoc>(documents, 'placements');
  const aiStats = readModel<AiStatsDoc>(documents, 'aiStats');

  return {
    /** the AI Analytics card: counts and a score histogram from the candidates read model, never the whole list */
    async aiAnalytics(highScore = 80): Promise<AiAnalyticsTotals> {
      const analyzedWhere = { aiLastAnalyzed: { $ne: null } } as const;
      // the analysed candidates counted once, per score (a score of null included); from memory when it can answer
      const fields = ['firstName', 'lastName', 'currentTitle', 'aiMatchScore', 'aiLastAnalyzed'];
      const memory = await aiTotals?.totals(3);
      const [total, scores, recent] = memory
        ? [memory.total, memory.scores, await candidates().getMany(memory.recentIds, { fields })]
        : await Promise.all([
            candidates().count(),
            candidates().countBy('aiMatchScore', { where: analyzedWhere }),
            candidates().find({
              where: analyzedWhere,
              sort: [
                ['aiLastAnalyzed', 'desc'],
                ['id', 'desc'],
              ],
              limit: 3,
              fields,
            }),
          ]);
      const analyzed = Object.values(scores).reduce((sum, n) => sum + n, 0);
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
        // kept in memory at scale (250,000 candidates: a count in the store takes hundreds of ms)
        candidateStatuses?.count('active').then((n) => n ?? candidates().count({ where: { status: 'active' } })) ??
          candidates().count({ where: { status: 'active' } }),
        jobs().count({ where: { status: { $in: ['open', 'sourcing', 'interviewing', 'offer_extended'] } } }),
        placements().count({ where: { placedAt: { $gte: month.from, $lt: month.to } } }),
        placements().find({ where: { placedAt: { $gte: year.from, $lt: year.to } }, limit: 100_000, fields: ['fee'] }),
      ]);
      const feesThousands = yearPlacements.reduce((sum, p) => sum + p.fee, 0);
      return { activeCandidates, openPositions, placementsThisMonth, revenueYTD: Math.round(feesThousands * 1000) };
    },
    /**
     * Today's interviews in `timeZone`, earliest first, cancelled ones left out. With `userId`, only
     * that user's: they are one of its team interviewers or they scheduled it (the organiser), as
     * the calendar's "Mine" and the subscription feed count them; without, the whole team's.
     */
    async todaysInterviews(timeZone = 'UTC', now = new Date(), userId?: string): Promise<DashboardInterview[]> {
      const { day } = calendarPeriods(now, timeZone);
      const list = await interviews().find({
        where: { scheduledAt: { $gte: day.from, $lt: day.to } },
        sort: [
          ['scheduledAt', 'asc'],
          ['id', 'asc'],
        ],
        limit: 500,
      });
      const theirs = (i: InterviewDoc) => userId === undefined || i.createdBy === userId || (i.interviewerIds ?? []).includes(userId);
      const shown = list.filter((i) => i.status !== 'cancelled' && theirs(i));
      if (shown.length === 0) return [];
      const [cands, jobList] = await Promise.all([
        candidates().getMany([...new Set(shown.map((i) => i.candidateId))]),
        jobs().getMany(distinctIds(shown.map((i) => i.jobId))),
      ]);
      const clientList = await clients().getMany(distinctIds(jobList.map((j) => j.clientId)));
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
    /**
     * The dashboard's Priority Tasks: the user's own tasks, those assigned to them and the
     * unassigned ones they created. Pending first, by due date (overdue and today first, none
     * last), then high > medium > low (the projection's `rank`); then completed ones, the most
     * recently changed first. Each part is sorted and limited by the store.
     */
    async priorityTasks(userId: string, limit = 10): Promise<Task[]> {
      const owned: Where[] = [{ assignedTo: userId }, { assignedTo: null, createdBy: userId }];
      const part = async (status: Task['status'], sort: Sort, compare: (a: TaskDoc, b: TaskDoc) => number, room: number) => {
        if (room <= 0) return [];
        const lists = await Promise.all(owned.map((where) => tasks().find({ where: { ...where, status }, sort, limit: room })));
        return lists.flat().sort(compare).slice(0, room);
      };
      const pending = await part('pending', BY_RANK, byRank, limit);
      const completed = await part('completed', RECENT_FIRST, recentFirst, limit - pending.length);
      return [...pending, ...completed].map((t) => ({ ...strip(t, ['rank']), id: Number(t.id) }));
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
  };
}
