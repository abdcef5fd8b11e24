import { applicationContracts } from './endpoints/applications';
import { authContracts } from './endpoints/auth';
import { candidateContracts } from './endpoints/candidates';
import { clientContracts } from './endpoints/clients';
import { dashboardContracts } from './endpoints/dashboard';
import { jobContracts } from './endpoints/jobs';
import { interviewContracts } from './endpoints/interviews';
import { taskContracts } from './endpoints/tasks';
import { linkedinContracts } from './endpoints/linkedin';
import { aiContracts } from './endpoints/ai';
import { emailContracts } from './endpoints/email';
import { resumeContracts } from './endpoints/resumes';
import { userContracts } from './endpoints/users';
import { auditContracts } from './endpoints/audit';
import { searchContracts } from './endpoints/search';
import { notificationContracts } from './endpoints/notifications';
import { activityContracts } from './endpoints/activities';
import { calendarContracts } from './endpoints/calendar';
import { communicationContracts } from './endpoints/communications';
import { historyContracts } from './endpoints/history';
import { projectionContracts } from './endpoints/projections';
import { backupContracts } from './endpoints/backups';
import { analyticsMoreContracts } from './endpoints/analytics-more';
import { analyticsContracts } from './endpoints/analytics';
import { privacyContracts } from './endpoints/privacy';
import { dataIoContracts } from './endpoints/data-io';
import { dataProtectionContracts } from './endpoints/data-protection';

export * from './contract';
export * from './problem';
export * from './messages';
export * from './models';
export * from './fields';
export * from './password-policy';
export * from './csv-headers';
export * from './socket';
export * from './read-models';
export * from './endpoints/auth';
export * from './endpoints/candidates';
export * from './endpoints/clients';
export * from './endpoints/jobs';
export * from './endpoints/applications';
export * from './endpoints/dashboard';
export * from './endpoints/interviews';
export * from './endpoints/tasks';
export * from './endpoints/linkedin';
export * from './endpoints/ai';
export * from './endpoints/email';
export * from './endpoints/resumes';
export * from './ai-results';
export * from './endpoints/users';
export * from './endpoints/audit';
export * from './endpoints/search';
export * from './endpoints/notifications';
export * from './openapi';
export * from './email-compose';
export * from './endpoints/activities';
export * from './endpoints/calendar';
export * from './endpoints/communications';
export * from './endpoints/history';
export * from './endpoints/projections';
export * from './endpoints/backups';
export * from './endpoints/analytics-more';
export * from './pipeline-health';
export * from './endpoints/analytics';
export * from './endpoints/privacy';
export * from './endpoints/data-io';
export * from './endpoints/data-protection';
export { APPLICATION_STAGES, type ApplicationStage, ROLES, type Role } from '@ats/events';
/** every event type of the log (the audit browser's type filter) */
export { EVENT_TYPES } from '@ats/events';

/** Every HTTP endpoint, by name. */
export const contracts = {
  ...authContracts,
  ...candidateContracts,
  ...clientContracts,
  ...jobContracts,
  ...applicationContracts,
  ...dashboardContracts,
  ...interviewContracts,
  ...taskContracts,
  ...linkedinContracts,
  ...aiContracts,
  ...emailContracts,
  ...resumeContracts,
  ...userContracts,
  ...auditContracts,
  ...searchContracts,
  ...notificationContracts,
  ...activityContracts,
  ...calendarContracts,
  ...communicationContracts,
  ...historyContracts,
  ...projectionContracts,
  ...backupContracts,
  ...analyticsMoreContracts,
  ...analyticsContracts,
  ...privacyContracts,
  ...dataIoContracts,
  ...dataProtectionContracts,
};
export type Contracts = typeof contracts;
export * from './calendar/ics';
export * from './calendar/interview-ics';
export * from './calendar/interview-join';
