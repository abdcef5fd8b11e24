/**
 * Every TanStack Query key of the app, in one tree, so that `realtime.ts` can map a `changed`
 * notice to exactly the keys it affects. Keys start with the read model's area; lists and
 * details sit under separate prefixes so one can be invalidated without the other.
 */
export interface CandidateListParams {
  search?: string;
  status?: string;
  location?: string;
  skills?: string;
  hasResume?: 'true' | 'false';
}
/** The board's filter: the candidate search box and the job select. */
export interface ApplicationListParams {
  search?: string;
  job?: number;
}
export interface JobListParams {
  search?: string;
}
export interface ClientListParams {
  search?: string;
}
/** The full activity feed's filters, as the server takes them. */
export interface ActivityFeedParams {
  type?: string;
  user?: string;
  from?: string;
  to?: string;
}

/** A calendar view's days and filters, as the server takes them. */
export interface CalendarRangeParams {
  from: string;
  to: string;
  /** a user id: interviews they interview on or scheduled */
  person?: string | undefined;
  job?: number | undefined;
  client?: number | undefined;
}
/** GET /api/interviews filters (ISO instants and ids as the server takes them). */
export interface InterviewListParams {
  from?: string;
  to?: string;
  candidate?: number;
  job?: number;
  client?: number;
  interviewer?: string;
  createdBy?: string;
}
/** GET /api/interviews/conflicts: the asked time and who would be there. */
export interface InterviewConflictParams {
  scheduledAt: string;
  duration: number;
  candidateId?: number;
  interviewerIds?: string[];
  interviewerNames?: string[];
  excludeId?: number;
}
/** The Tasks screen's (and a record's Tasks section's) filters, as the server takes them. */
export interface TaskListParams {
  scope?: 'mine' | 'all';
  assignee?: string;
  status?: 'open' | 'completed' | 'all';
  priority?: 'high' | 'medium' | 'low';
  due?: 'overdue' | 'today' | 'week';
  related?: string;
  q?: string;
}
/** The communications hub's filters (and the client page's E-mails), as the server takes them. */
export interface CommunicationListParams {
  q?: string;
  template?: string;
  sender?: string;
  recipientKind?: string;
  recipient?: number;
  client?: number;
  from?: string;
  to?: string;
  delivered?: 'true' | 'false';
}

export const queryKeys = {
  auth: {
    user: () => ['auth', 'user'] as const,
  },
  tasks: {
    all: () => ['tasks'] as const,
    list: (params: TaskListParams) => ['tasks', 'list', normalize(params)] as const,
    detail: (id: number) => ['tasks', 'detail', id] as const,
    teamMembers: () => ['tasks', 'team-members'] as const,
  },
  /** the audit workspace (not tied to a read model: the log itself) */
  audit: {
    events: (filters: object) => ['audit', 'events', normalize(filters)] as const,
    correlation: (correlationId: string) => ['audit', 'correlation', correlationId] as const,
    publicKey: () => ['audit', 'public-key'] as const,
    verifyProgress: () => ['audit', 'verify-progress'] as const,
    actors: () => ['audit', 'actors'] as const,
  },
  dashboard: {
    all: () => ['dashboard'] as const,
    recentActivitiesAll: () => ['dashboard', 'recent-activities'] as const,
    recentActivities: (limit: number) => ['dashboard', 'recent-activities', { limit }] as const,
    /** the full feed (/activity), under the recent activities so the same notices refresh it */
    activityFeed: (filters: ActivityFeedParams) => ['dashboard', 'recent-activities', 'feed', normalize(filters)] as const,
    activityActors: () => ['dashboard', 'recent-activities', 'actors'] as const,
    metrics: () => ['dashboard', 'metrics'] as const,
    /** without a scope: both lists (what a change refreshes); `mine` is the widget's default */
    todaysInterviews: (scope?: 'mine' | 'team') =>
      scope ? (['dashboard', 'todays-interviews', scope] as const) : (['dashboard', 'todays-interviews'] as const),
    priorityTasks: () => ['dashboard', 'priority-tasks'] as const,
    aiStats: () => ['dashboard', 'ai-stats'] as const,
  },
  candidates: {
    all: () => ['candidates'] as const,
    /** every list-shaped read of candidates: the paged list, its count, the pickers */
    lists: () => ['candidates', 'list'] as const,
    pagedLists: () => ['candidates', 'list', 'pages'] as const,
    list: (params: CandidateListParams) => ['candidates', 'list', 'pages', normalize(params)] as const,
    count: (params: CandidateListParams) => ['candidates', 'list', 'count', normalize(params)] as const,
    choices: (search: string) => ['candidates', 'list', 'choices', normalize({ search })] as const,
    /** the dashboard's AI Analytics totals (GET /api/dashboard/ai-analytics) */
    aiAnalytics: () => ['candidates', 'ai-analytics'] as const,
    details: () => ['candidates', 'detail'] as const,
    detail: (id: number) => ['candidates', 'detail', id] as const,
    notesAll: () => ['candidates', 'notes'] as const,
    notes: (id: number) => ['candidates', 'notes', id] as const,
    jobsAll: () => ['candidates', 'jobs'] as const,
    jobs: (id: number) => ['candidates', 'jobs', id] as const,
    communicationsAll: () => ['candidates', 'communications'] as const,
    communications: (id: number) => ['candidates', 'communications', id] as const,
  },
  applications: {
    all: () => ['applications'] as const,
    /** the board's columns: one paged list per filter and stage */
    lists: () => ['applications', 'list'] as const,
    list: (params: ApplicationListParams, stage: string) => ['applications', 'list', normalize(params), stage] as const,
    summaries: () => ['applications', 'summary'] as const,
    summary: (params: ApplicationListParams) => ['applications', 'summary', normalize(params)] as const,
    /** every application of one job (its page, the Add candidates picker) */
    byJobAll: () => ['applications', 'by-job'] as const,
    byJob: (jobId: number) => ['applications', 'by-job', jobId] as const,
  },
  jobs: {
    all: () => ['jobs'] as const,
    lists: () => ['jobs', 'list'] as const,
    list: (params: JobListParams) => ['jobs', 'list', normalize(params)] as const,
    details: () => ['jobs', 'detail'] as const,
    detail: (id: number) => ['jobs', 'detail', id] as const,
    /** a job page's activity (GET /api/jobs/:id/activities) */
    activitiesAll: () => ['jobs', 'activities'] as const,
    activities: (id: number) => ['jobs', 'activities', id] as const,
  },
  clients: {
    all: () => ['clients'] as const,
    lists: () => ['clients', 'list'] as const,
    list: (params: ClientListParams) => ['clients', 'list', normalize(params)] as const,
    details: () => ['clients', 'detail'] as const,
    detail: (id: number) => ['clients', 'detail', id] as const,
  },
  users: {
    all: () => ['users'] as const,
    list: () => ['users', 'list'] as const,
  },
  /** the communications hub (/communications) and a client's E-mails: one area, so one notice refreshes both */
  communications: {
    all: () => ['communications'] as const,
    list: (params: CommunicationListParams) => ['communications', 'list', normalize(params)] as const,
    detail: (id: number) => ['communications', 'detail', id] as const,
    senders: () => ['communications', 'senders'] as const,
  },
  /** the global search (header box, Ctrl/⌘-K): short-lived, refetched as the words change */
  search: {
    all: () => ['search'] as const,
    results: (q: string) => ['search', q] as const,
  },
  /** the signed-in user's bell: the list pages, the unread count, and what to be told about */
  notifications: {
    all: () => ['notifications'] as const,
    list: () => ['notifications', 'list'] as const,
    unread: () => ['notifications', 'unread'] as const,
    preferences: () => ['notifications', 'preferences'] as const,
  },
  /** interviews: range lists (a candidate's, a job's, the calendar's), one interview, who is booked, the interviewer choices */
  interviews: {
    all: () => ['interviews'] as const,
    lists: () => ['interviews', 'list'] as const,
    list: (params: InterviewListParams) => ['interviews', 'list', normalize(params)] as const,
    details: () => ['interviews', 'detail'] as const,
    detail: (id: number) => ['interviews', 'detail', id] as const,
    conflictsAll: () => ['interviews', 'conflicts'] as const,
    conflicts: (params: InterviewConflictParams) => ['interviews', 'conflicts', normalize(params)] as const,
    interviewerOptions: () => ['interviews', 'interviewer-options'] as const,
  },
  /** the calendar integration: the user's feed link, each interview's invitation state */
  calendar: {
    all: () => ['calendar'] as const,
    feed: () => ['calendar', 'feed'] as const,
    /** the interviews a calendar view shows (GET /api/interviews over its days) */
    rangesAll: () => ['calendar', 'range'] as const,
    range: (params: CalendarRangeParams) => ['calendar', 'range', normalize(params)] as const,
    invitationsAll: () => ['calendar', 'invitation'] as const,
    invitation: (interviewId: number) => ['calendar', 'invitation', interviewId] as const,
  },
  /** a record's History (GET /api/{kind}s/:id/history), refreshed by every event about the record */
  history: {
    all: () => ['history'] as const,
    record: (kind: string, id: number) => ['history', kind, id] as const,
  },
  /** the analytics sections of issue 15 part B (source effectiveness, recruiter activity, job health) */
  analyticsMore: {
    sourcesAll: () => ['analytics-more', 'sources'] as const,
    sources: (filters: object) => ['analytics-more', 'sources', normalize(filters)] as const,
    activityAll: () => ['analytics-more', 'activity'] as const,
    activity: (filters: object) => ['analytics-more', 'activity', normalize(filters)] as const,
    jobHealthAll: () => ['analytics-more', 'job-health'] as const,
    jobHealth: (filters: object) => ['analytics-more', 'job-health', normalize(filters)] as const,
  },
  analytics: {
    all: () => ['analytics'] as const,
    /** one figure (funnel, time-in-stage, time-to-fill, placements) for one set of filters */
    figure: (name: string, filters: Record<string, string | undefined>) => ['analytics', name, normalize(filters)] as const,
    dashboardChanges: (tz: string) => ['analytics', 'dashboard-changes', { tz }] as const,
    /** the AI screen's Insights (refreshed with the analytics read models) */
    aiInsights: () => ['analytics', 'ai-insights'] as const,
  },
  /** a CSV import's progress (not a read model: its own event stream) */
  imports: {
    status: (importId: string | null) => ['imports', 'status', importId] as const,
  },
  /** consent, retention, duplicates and merges */
  privacy: {
    all: () => ['privacy'] as const,
    candidate: (id: number) => ['privacy', 'candidate', id] as const,
    retention: () => ['privacy', 'retention'] as const,
    policy: () => ['privacy', 'policy'] as const,
    duplicatesAll: () => ['privacy', 'duplicates'] as const,
    duplicates: () => ['privacy', 'duplicates', 'list'] as const,
    candidateDuplicates: (id: number) => ['privacy', 'duplicates', 'candidate', id] as const,
    merges: (id: number) => ['privacy', 'duplicates', 'merges', id] as const,
  },
};

/** Mutation keys start with the area they change; realtime defers that area while one runs. */
export const mutationKeys = {
  createCandidate: () => ['candidates', 'create'] as const,
  deleteCandidate: () => ['candidates', 'delete'] as const,
  changeApplicationStage: () => ['applications', 'change-stage'] as const,
  updateCandidate: () => ['candidates', 'update'] as const,
  addCandidateNote: () => ['candidates', 'add-note'] as const,
  createClient: () => ['clients', 'create'] as const,
  updateClient: () => ['clients', 'update'] as const,
  deleteClient: () => ['clients', 'delete'] as const,
  addClientContact: () => ['clients', 'add-contact'] as const,
  deleteClientContact: () => ['clients', 'delete-contact'] as const,
  createJob: () => ['jobs', 'create'] as const,
  deleteJob: () => ['jobs', 'delete'] as const,
  restoreCandidate: () => ['candidates', 'restore'] as const,
  restoreClient: () => ['clients', 'restore'] as const,
  restoreClientContact: () => ['clients', 'restore-contact'] as const,
  restoreJob: () => ['jobs', 'restore'] as const,
  updateJob: () => ['jobs', 'update'] as const,
  toggleTask: () => ['dashboard', 'toggle-task'] as const,
  scheduleInterview: () => ['interviews', 'schedule'] as const,
  changeInterview: () => ['interviews', 'change'] as const,
  createTask: () => ['tasks', 'create'] as const,
  changeTask: () => ['tasks', 'change'] as const,
  setTaskStatus: () => ['tasks', 'status'] as const,
  reassignTask: () => ['tasks', 'reassign'] as const,
  deleteTask: () => ['tasks', 'delete'] as const,
  restoreTask: () => ['tasks', 'restore'] as const,
  createUser: () => ['users', 'create'] as const,
  updateUser: () => ['users', 'update'] as const,
  attachApplications: () => ['applications', 'attach'] as const,
  detachApplication: () => ['applications', 'detach'] as const,
  restoreApplication: () => ['applications', 'restore'] as const,
  rescheduleFromCalendar: () => ['calendar', 'reschedule'] as const,
  sendInvitation: () => ['calendar', 'send-invitation'] as const,
  rotateCalendarFeed: () => ['calendar', 'rotate-feed'] as const,
  mergeCandidates: () => ['privacy', 'merge'] as const,
  recordConsent: () => ['privacy', 'consent'] as const,
  retentionAction: () => ['privacy', 'retention-action'] as const,
};

/** Drops empty values so `{}` and `{search: ''}` share one cache entry. */
function normalize<T extends object>(params: T): Partial<T> {
  const out: Partial<T> = {};
  for (const [key, value] of Object.entries(params) as [keyof T, T[keyof T]][]) {
    if (value === undefined || value === null || value === '') continue;
    out[key] = value;
  }
  return out;
}
