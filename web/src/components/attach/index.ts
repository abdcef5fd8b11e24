export { AttachCandidatesDialog } from './attach-candidates-dialog';
export { AttachJobsDialog } from './attach-jobs-dialog';
export { useDetachFlow, type DetachTarget } from './use-detach';
export { jobApplicationsQueryOptions, useJobApplications } from './api';
