import type { InterviewDetail } from '@ats/contracts';

export const INTERVIEW_TYPE_LABELS: Record<InterviewDetail['type'], string> = {
  phone: 'Phone',
  video: 'Video',
  'in-person': 'In person',
  panel: 'Panel',
  technical: 'Technical',
};
export const INTERVIEW_TYPE_CHOICES = Object.entries(INTERVIEW_TYPE_LABELS).map(([value, label]) => ({ value, label }));

export const INTERVIEW_STATUS_LABELS: Record<InterviewDetail['status'], string> = {
  scheduled: 'Scheduled',
  completed: 'Completed',
  cancelled: 'Cancelled',
  no_show: 'No show',
};
export const INTERVIEW_STATUS_COLORS: Record<InterviewDetail['status'], 'primary' | 'success' | 'neutral' | 'warning'> = {
  scheduled: 'primary',
  completed: 'success',
  cancelled: 'neutral',
  no_show: 'warning',
};

export const INTERVIEW_OUTCOME_LABELS = { advance: 'Advance', hold: 'Hold', reject: 'Reject' } as const;

/** "Grace Hopper" */
export const candidateName = (interview: Pick<InterviewDetail, 'candidate'>) =>
  `${interview.candidate.firstName} ${interview.candidate.lastName}`.trim();
