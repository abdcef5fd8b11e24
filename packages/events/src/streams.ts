/** Stream-id helpers: the only place stream names are spelled. */
export const toCandidateStreamId = (id: number) => `candidate-${id}`;
export const toClientStreamId = (id: number) => `client-${id}`;
export const toJobStreamId = (id: number) => `job-${id}`;
export const toApplicationStreamId = (id: number) => `application-${id}`;
export const toNoteStreamId = (id: number) => `note-${id}`;
export const toUserStreamId = (id: string) => `user-${id}`;
export const toIdsStreamId = (kind: string) => `ids-${kind}`;
export const normalizeEmail = (email: string) => email.trim().toLowerCase();
/** `toCandidateEmailStreamId` (a digest of the address) is in `./node`: it needs node's crypto. */
export const toApplicationPairStreamId = (candidateId: number, jobId: number) => `application-pair-${candidateId}-${jobId}`;

export const toClientContactStreamId = (id: number) => `client-contact-${id}`;
export const toInterviewStreamId = (id: number) => `interview-${id}`;
/** the calendar invitations sent for one interview */
export const toInterviewInvitationStreamId = (id: number) => `interview-invitation-${id}`;
export const toTaskStreamId = (id: number) => `task-${id}`;
export const toCommunicationStreamId = (id: number) => `communication-${id}`;
export const toAiAnalysisStreamId = (id: number) => `ai-analysis-${id}`;
export const toLinkedinPostStreamId = (id: number) => `linkedin-post-${id}`;
/** linkedinJobId is case-sensitive free text: it goes into the stream name as URI-encoded text */
export const toLinkedinJobIdStreamId = (linkedinJobId: string) => `linkedin-job-id-${encodeURIComponent(linkedinJobId.trim())}`;

/** Kinds of numeric ids, each with its own allocation stream. */
export type IdKind =
  | 'candidate'
  | 'client'
  | 'contact'
  | 'job'
  | 'application'
  | 'note'
  | 'interview'
  | 'task'
  | 'communication'
  | 'analysis'
  | 'linkedin_post';
export const DEMO_DATA_STREAM = 'system-demo-data';
/** one user's follow of one candidate or job */
export const toFollowStreamId = (key: { userId: string; kind: 'candidate' | 'job'; recordId: number }) =>
  `follow-${key.userId}-${key.kind}-${key.recordId}`;
/** one user's notification inbox: read marks and preferences */
export const toInboxStreamId = (userId: string) => `inbox-${userId}`;
/** The access log (who read, downloaded or exported what): one stream, appended in batches. */
export const ACCESS_LOG_STREAM_ID = 'access-log';
/** the first event of a log rewritten with personal data sealed (`npm run migrate-encrypt`) */
export const LOG_MIGRATION_STREAM = 'system-log-migration';
