/** User-facing texts from SPEC.md §5 and §8, word for word. */
export const messages = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  jobTitleRequired: 'Job title is required',
  validEmailRequired: 'Valid email is required',
  companyNameRequired: 'Company name is required',
  nameRequired: 'Name is required',
  required: 'Required',
  invalidInput: 'Invalid input',
  invalidEmail: 'Invalid email',
  invalidCandidateId: 'Invalid Candidate ID',
  candidateNotFound: 'Candidate Not Found',
  clientNotFound: 'Client not found',
  noteRequired: 'Note cannot be empty',
  candidateEmailTaken: 'A candidate with this email already exists',
  applicationExists: 'This candidate is already attached to this job',
  taskTitleRequired: 'Title is required',
  scheduledAtRequired: 'Interview time is required',
  linkedinJobIdTaken: 'This job has already been posted with this LinkedIn job id',
  passwordTooShort: 'Password must be at least 12 characters',
  passwordBlank: 'Password cannot be only spaces',
  passwordTooCommon: 'This password is too easy to guess: use a longer phrase or mix words and numbers',
  userEmailTaken: 'A user with this email already exists',
  cannotChangeOwnAccount: 'You cannot deactivate yourself or change your own role',
  candidateRestoreEmailTaken: 'This candidate cannot be restored: another candidate now uses the same email',
} as const;

/** SPEC §9 limits. */
export const limits = {
  resumePasteMinChars: 50,
  resumeFileNameMax: 255,
  resumeUploadMaxBytes: 10 * 1024 * 1024,
  unauthorizedRedirectMs: 500,
  interviewDefaultMinutes: 60,
  cardSkills: 3,
  pipelineCardSkills: 3,
  toastDurationMs: 5000,
  listSkeletons: 6,
  pipelineColumnSkeletons: 3,
} as const;

export const STAGE_LABELS: Record<string, string> = {
  applied: 'Applied',
  phone_screen: 'Phone Screen',
  interview: 'Interview',
  final_interview: 'Final Interview',
  offer: 'Offer',
  placed: 'Placed',
  rejected: 'Rejected',
};
