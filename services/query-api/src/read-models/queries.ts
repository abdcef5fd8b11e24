import type { DocumentStore } from '@ats/storage';
import { createActivityFeedQueries } from './activity-feed';
import { createApplicationQueries } from './applications';
import { createCandidateQueries } from './candidates';
import { createClientQueries } from './clients';
import { createDashboardQueries } from './dashboard';
import { createDeletedIds } from './deleted-records';
import { createJobQueries } from './jobs';
import { createInterviewQueries } from './interviews';
import { createJobActivityQueries } from './job-activities';
import type { ResultCache } from './result-cache';
import type { StatusCounts } from './status-counts';
import type { AiTotals } from './ai-totals';
import type { ApplicationCountsMemory } from './application-counts';
import type { QueryCounts } from './query-counts';
import type { JobsListMemory } from './jobs-list-memory';
import { createUserQueries } from './users';
import { createSearchQueries } from './search';
import { createNotificationQueries } from './notifications';
import { createInterviewCalendarQueries } from './interview-calendar';
import { createTaskQueries } from './tasks';
import { createCommunicationQueries } from './communications';
import { createAnalyticsMoreQueries } from './analytics-more';
import type { LiveActiveCandidates } from './analytics/active-candidates';
import { createAnalyticsQueries } from './analytics/queries';
import type { LiveApplicationsIndex } from './analytics/live-index';
import type { LiveMoreCopies } from './analytics/more-index';
import { createDataProtectionQueries } from './data-protection';

export type { ApplicationFilter } from './applications';
export type { Page } from './query-support';

/** Read-side queries: read models in, contract shapes out (joins happen here, at read time), one module per screen's read model. */
export function createQueries(
  documents: DocumentStore,
  cache?: ResultCache,
  analyticsIndex?: LiveApplicationsIndex,
  counters: {
    candidateStatuses?: StatusCounts;
    activeCandidates?: LiveActiveCandidates;
    applicationCounts?: ApplicationCountsMemory;
    aiTotals?: AiTotals;
    candidateCounts?: QueryCounts;
    jobsList?: JobsListMemory;
  } = {},
  analyticsMore?: LiveMoreCopies,
) {
  const deletedIds = createDeletedIds(documents, cache);
  return {
    /** deleted candidates and jobs, off the board and the jobs' counts (cached per checkpoint) */
    deletedIds,
    ...createCandidateQueries(documents, counters.candidateCounts),
    ...createClientQueries(documents),
    ...createJobQueries(documents, deletedIds, counters.applicationCounts, cache, counters.jobsList),
    ...createApplicationQueries(documents, deletedIds, counters.applicationCounts),
    ...createDashboardQueries(documents, counters.candidateStatuses, counters.aiTotals),
    ...createUserQueries(documents),
    ...createSearchQueries(documents, cache),
    ...createNotificationQueries(documents),
    ...createActivityFeedQueries(documents),
    ...createJobActivityQueries(documents),
    ...createInterviewQueries(documents),
    ...createInterviewCalendarQueries(documents),
    ...createTaskQueries(documents),
    ...createCommunicationQueries(documents),
    ...createAnalyticsMoreQueries(documents, analyticsMore, analyticsIndex),
    ...createAnalyticsQueries(documents, { cache, index: analyticsIndex, activeCandidates: counters.activeCandidates }),
    ...createDataProtectionQueries(documents),
  };
}
export type Queries = ReturnType<typeof createQueries>;
