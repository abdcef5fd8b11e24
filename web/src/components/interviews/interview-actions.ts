import type { InterviewDetail } from '@ats/contracts';

export type InterviewAction = 'reschedule' | 'cancel' | 'complete' | 'edit';

/** The actions a writer has on an interview in its state (the server refuses the others with 409). */
export function interviewActions(status: InterviewDetail['status']): InterviewAction[] {
  if (status === 'scheduled') return ['reschedule', 'complete', 'edit', 'cancel'];
  if (status === 'completed' || status === 'no_show') return ['edit'];
  return [];
}

/** Upcoming scheduled interviews first (soonest first), then the rest (latest first). */
export function orderInterviews(list: readonly InterviewDetail[], now: Date): InterviewDetail[] {
  const upcoming = list.filter((i) => i.status === 'scheduled' && new Date(i.endsAt) >= now);
  const rest = list.filter((i) => !upcoming.includes(i)).reverse();
  return [...upcoming, ...rest];
}
