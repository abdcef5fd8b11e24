/** Stream-id helpers: the only place stream names are spelled. */
export const toCandidateStreamId = (id: number) => `candidate-${id}`;
export const toClientStreamId = (id: number) => `client-${id}`;
export const toJobStreamId = (id: number) => `job-${id}`;
export const toApplicationStreamId = (id: number) => `application-${id}`;
export const toNoteStreamId = (id: number) => `note-${id}`;
export const toUserStreamId = (id: string) => `user-${id}`;
export const toIdsStreamId = (kind: string) => `ids-${kind}`;
export const normalizeEmail = (email: string) => email.trim().toLowerCase();
export const toCandidateEmailStreamId = (email: string) => `candidate-email-${normalizeEmail(email)}`;
export const toApplicationPairStreamId = (candidateId: number, jobId: number) =>
  `application-pair-${candidateId}-${jobId}`;

/** Kinds of numeric ids, each with its own allocation stream. */
export type IdKind = 'candidate' | 'client' | 'contact' | 'job' | 'application' | 'note';
export const DEMO_DATA_STREAM = 'system-demo-data';
