/** SPEC §7: the professional-network job id, built from the job id and the current time. */
export function buildLinkedinJobId(jobId: number, now: Date = new Date()): string {
  return `job-${jobId}-${now.getTime()}`;
}

/** SPEC §2.12 fixed posting details. */
export const LINKEDIN_POST_DETAILS = [
  { label: 'Platform', value: 'LinkedIn Jobs' },
  { label: 'Visibility', value: 'Public' },
  { label: 'Application method', value: 'Direct to company' },
  { label: 'Duration', value: '30 days' },
] as const;

export const LINKEDIN_BENEFITS = [
  'Reach LinkedIn members who match the role',
  'Candidates apply directly to your company',
  'Applications and views tracked on the job order',
  'Shown to relevant professionals for 30 days',
] as const;
