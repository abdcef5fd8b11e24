import { format } from 'date-fns';
import { INTERVIEW_TYPE_TITLES, type CalendarItem } from '@ats/contracts';

export const candidateName = (i: CalendarItem) => `${i.candidate.firstName} ${i.candidate.lastName}`.trim();

/** "Phone screen: Jane Doe — CFO at Acme" (as in the .ics SUMMARY) */
export function interviewTitle(i: CalendarItem): string {
  const role = i.job ? ` — ${i.job.title}${i.client ? ` at ${i.client.companyName}` : ''}` : '';
  return `${INTERVIEW_TYPE_TITLES[i.type]}: ${candidateName(i)}${role}`;
}

/** "9:30 AM – 10:15 AM" in the browser's zone */
export const timeRange = (i: CalendarItem) => `${format(new Date(i.scheduledAt), 'p')} – ${format(new Date(i.endsAt), 'p')}`;

/** What a screen reader hears after an event chip's visible time and name. */
export const eventDetailsText = (i: CalendarItem) =>
  `, ${INTERVIEW_TYPE_TITLES[i.type]}${i.client ? ` at ${i.client.companyName}` : ''}, ${format(new Date(i.scheduledAt), 'EEEE, MMMM d')}, ${i.duration} minutes${i.status === 'scheduled' ? '' : `, ${i.status}`}`;

export const STATUS_COLOR: Record<CalendarItem['status'], 'primary' | 'success' | 'neutral' | 'danger'> = {
  scheduled: 'primary',
  completed: 'success',
  cancelled: 'neutral',
  no_show: 'danger',
};
