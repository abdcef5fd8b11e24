import type { Interview } from '../models';
import type { InterviewForCalendar } from './interview-ics';

/**
 * An interview as the `interviews` read model keeps it. Later fields (interviewers by user,
 * video link, sequence, revision) are optional so documents written before them still read.
 */
export type InterviewRecord = Interview & {
  interviewers?: ReadonlyArray<{ userId: string | null; name: string }> | undefined;
  videoLink?: string | null | undefined;
  sequence?: number | undefined;
  revision?: number | undefined;
  updatedAt?: string | undefined;
};

export interface CalendarPeople {
  candidate: { firstName: string; lastName: string; email: string | null } | null;
  job: { title: string } | null;
  client: { companyName: string } | null;
  /** team members by id: the organiser (who scheduled it) and interviewers who are users */
  users: ReadonlyMap<string, { firstName: string; lastName: string; email: string }>;
}

const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();

/** Team members an interview names: its creator and the interviewers who are users. */
export const interviewUserIds = (interview: InterviewRecord): string[] => [
  ...new Set([interview.createdBy, ...(interview.interviewers ?? []).flatMap((i) => (i.userId ? [i.userId] : []))]),
];

export function interviewInterviewers(interview: InterviewRecord): Array<{ userId: string | null; name: string }> {
  if (interview.interviewers) return [...interview.interviewers];
  return interview.interviewerName ? [{ userId: null, name: interview.interviewerName }] : [];
}

/** Joins an interview with the names and addresses its calendar entry shows. */
export function interviewForCalendar(interview: InterviewRecord, people: CalendarPeople): InterviewForCalendar {
  const organizer = people.users.get(interview.createdBy);
  return {
    id: Number(interview.id),
    scheduledAt: interview.scheduledAt,
    duration: interview.duration,
    type: interview.type,
    status: interview.status,
    sequence: interview.sequence ?? 0,
    location: interview.location,
    videoLink: interview.videoLink ?? null,
    candidate: {
      name: people.candidate ? fullName(people.candidate) : 'Candidate',
      email: people.candidate?.email || null,
    },
    job: people.job,
    client: people.client,
    interviewers: interviewInterviewers(interview).map((i) => {
      const user = i.userId ? people.users.get(i.userId) : undefined;
      return { name: i.name || (user ? fullName(user) : 'Interviewer'), email: user?.email ?? null };
    }),
    organizer: organizer ? { name: fullName(organizer), email: organizer.email } : null,
    createdAt: interview.createdAt,
    updatedAt: interview.updatedAt ?? null,
  };
}
