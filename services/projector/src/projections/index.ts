import type { Projection } from '../projection';
import { activitiesProjection, activityLookupProjection } from './activities';
import { applicationsProjection } from './applications';
import { candidatesProjection } from './candidates';
import { clientsProjection } from './clients';
import { jobsProjection } from './jobs';
import { notesProjection } from './notes';
import { usersProjection } from './users';
import { aiStatsProjection } from './ai-stats';
import { communicationsProjection } from './communications';
import { interviewsProjection } from './interviews';
import { linkedinPostsProjection } from './linkedin-posts';
import { placementsProjection } from './placements';
import { tasksProjection } from './tasks';
import { deletedRecordsProjection } from './deleted-records';
import { recordEventsProjection } from './record-events';
import { notificationInboxesProjection, notificationSubjectsProjection, notificationsProjection } from './notifications';
import { calendarFeedsProjection, interviewInvitationsProjection } from './calendar';
import { analyticsActivityProjection } from './analytics-activity';
import { analyticsJobHealthProjection } from './analytics-job-health';
import { analyticsApplicationsProjection } from './analytics-applications';
import { analyticsJobsProjection } from './analytics-jobs';
import { analyticsCandidatesProjection } from './analytics-candidates';
import {
  auditSubjectsProjection,
  candidateMatchKeysProjection,
  candidatePrivacyProjection,
  privacySettingsProjection,
} from './data-protection';

export * from './activities';
export * from './applications';
export * from './candidates';
export * from './clients';
export * from './jobs';
export * from './notes';
export * from './users';
export * from './ai-stats';
export * from './communications';
export * from './interviews';
export * from './linkedin-posts';
export * from './placements';
export * from './tasks';
export * from './deleted-records';
export * from './notifications';
export * from './calendar';
export * from './record-events';
export * from './analytics-activity';
export * from './analytics-job-health';
export * from './analytics-applications';
export * from './analytics-jobs';
export * from './analytics-candidates';
export * from './data-protection';

/**
 * Every read model, in the order the runner applies them to each event. The activity lookup
 * comes before the feed so a feed line can name what the same batch just created; deleted
 * records come before candidates, clients and jobs so a delete snapshots what was there.
 */
export const allProjections: readonly Projection[] = [
  usersProjection,
  // before the read models it snapshots: a delete keeps what was there, a restore reads it back
  deletedRecordsProjection,
  candidatesProjection,
  notesProjection,
  clientsProjection,
  jobsProjection,
  applicationsProjection,
  interviewsProjection,
  tasksProjection,
  communicationsProjection,
  linkedinPostsProjection,
  placementsProjection,
  aiStatsProjection,
  activityLookupProjection,
  activitiesProjection,
  // subjects first: a record's owner is known to the notifications of the same batch
  notificationSubjectsProjection,
  notificationsProjection,
  notificationInboxesProjection,
  calendarFeedsProjection,
  interviewInvitationsProjection,
  recordEventsProjection,
  analyticsActivityProjection,
  analyticsJobHealthProjection,
  analyticsApplicationsProjection,
  analyticsJobsProjection,
  analyticsCandidatesProjection,
  candidateMatchKeysProjection,
  candidatePrivacyProjection,
  privacySettingsProjection,
  auditSubjectsProjection,
];
