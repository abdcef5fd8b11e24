import type { z } from 'zod';
import type { InterviewStatusSchema, InterviewTypeSchema } from '@ats/events';
import { buildCalendar, type IcsEvent, type IcsMethod, type IcsPerson } from './ics';

type InterviewType = z.infer<typeof InterviewTypeSchema>;
type InterviewStatus = z.infer<typeof InterviewStatusSchema>;

/** What an interview's calendar entry is made from: the interview joined with names and addresses. */
export interface InterviewForCalendar {
  id: number;
  scheduledAt: string;
  /** minutes */
  duration: number;
  type: InterviewType;
  status: InterviewStatus;
  /** bumped on every reschedule or change (0 when the read model has none yet) */
  sequence?: number | null | undefined;
  location?: string | null | undefined;
  videoLink?: string | null | undefined;
  candidate: { name: string; email: string | null };
  job: { title: string } | null;
  client: { companyName: string } | null;
  /** interviewers by name, with an address when they are team members */
  interviewers: ReadonlyArray<{ name: string; email: string | null }>;
  organizer: IcsPerson | null;
  createdAt?: string | null | undefined;
  updatedAt?: string | null | undefined;
}

export const INTERVIEW_TYPE_TITLES: Record<InterviewType, string> = {
  phone: 'Phone screen',
  video: 'Video interview',
  'in-person': 'In-person interview',
  panel: 'Panel interview',
  technical: 'Technical interview',
};

/** The stable UID of an interview's calendar entry: the same in downloads, invitations and feeds. */
export const interviewUid = (id: number, host: string) => `interview-${id}@${host.replace(/:\d+$/, '') || 'talentflow'}`;

/** "Phone screen: Jane Doe — CFO at Acme" */
export function interviewSummary(interview: Pick<InterviewForCalendar, 'type' | 'candidate' | 'job' | 'client'>): string {
  const role = interview.job ? ` — ${interview.job.title}${interview.client ? ` at ${interview.client.companyName}` : ''}` : '';
  return `${INTERVIEW_TYPE_TITLES[interview.type]}: ${interview.candidate.name}${role}`;
}

/** iTIP method of an invitation for the interview's state now: a cancelled interview cancels. */
export const invitationMethodOf = (status: InterviewStatus): Extract<IcsMethod, 'REQUEST' | 'CANCEL'> =>
  status === 'cancelled' ? 'CANCEL' : 'REQUEST';

function description(interview: InterviewForCalendar, message: string | null | undefined): string {
  const lines: string[] = [];
  if (message?.trim()) lines.push(message.trim(), '');
  lines.push(interviewSummary(interview));
  if (interview.interviewers.length > 0) lines.push(`Interviewers: ${interview.interviewers.map((i) => i.name).join(', ')}`);
  lines.push(`Duration: ${interview.duration} minutes`);
  if (interview.videoLink) lines.push(`Video link: ${interview.videoLink}`);
  if (interview.location) lines.push(`Location: ${interview.location}`);
  if (interview.status === 'cancelled') lines.push('', 'This interview has been cancelled.');
  return lines.join('\n');
}

export function interviewIcsEvent(
  interview: InterviewForCalendar,
  options: { host: string; message?: string | null | undefined; attendees?: boolean },
): IcsEvent {
  const start = new Date(interview.scheduledAt);
  const attendees: Array<IcsPerson & { rsvp?: boolean }> = [];
  if (options.attendees !== false) {
    if (interview.candidate.email) attendees.push({ name: interview.candidate.name, email: interview.candidate.email, rsvp: true });
    for (const person of interview.interviewers) if (person.email) attendees.push({ name: person.name, email: person.email });
  }
  return {
    uid: interviewUid(interview.id, options.host),
    sequence: interview.sequence ?? 0,
    status: interview.status === 'cancelled' ? 'CANCELLED' : 'CONFIRMED',
    start,
    end: new Date(start.getTime() + interview.duration * 60_000),
    summary: interviewSummary(interview),
    description: description(interview, options.message),
    location: interview.location || interview.videoLink || null,
    url: interview.videoLink && /^https?:\/\//i.test(interview.videoLink) ? interview.videoLink : null,
    organizer: interview.organizer,
    attendees,
    ...(interview.createdAt ? { created: new Date(interview.createdAt) } : {}),
    ...(interview.updatedAt ? { lastModified: new Date(interview.updatedAt) } : {}),
  };
}

/** One interview as a calendar file: an invitation (REQUEST / CANCEL by its state) or a plain download (no method). */
export function interviewCalendar(
  interview: InterviewForCalendar,
  options: { host: string; now: Date; method?: 'REQUEST' | 'CANCEL' | undefined; message?: string | null | undefined },
): string {
  return buildCalendar({
    method: options.method,
    dtstamp: options.now,
    events: [interviewIcsEvent(interview, { host: options.host, message: options.message })],
  });
}
