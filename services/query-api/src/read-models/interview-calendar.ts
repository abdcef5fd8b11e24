import {
  interviewForCalendar,
  interviewUserIds,
  invitationMethodOf,
  type InterviewForCalendar,
  type InterviewInvitationStatus,
  type InterviewRecord,
} from '@ats/contracts';
import type { Doc, DocumentStore } from '@ats/storage';
import { byId, distinctIds } from './query-support';

type InterviewDoc = InterviewRecord & Doc;
type CandidateDoc = { id: number; firstName: string; lastName: string; email: string | null } & Doc;
type JobDoc = { id: number; title: string; clientId: number | null } & Doc;
type ClientDoc = { id: number; companyName: string } & Doc;
type UserDoc = { id: string; firstName: string; lastName: string; email: string; active: boolean } & Doc;
type FeedDoc = { id: string; version: number; rotatedAt: string } & Doc;
type InvitationDoc = {
  id: number;
  method: 'REQUEST' | 'CANCEL';
  sequence: number;
  sentAt: string;
  recipientAddress: string;
  delivered: boolean;
  communicationId: number | null;
} & Doc;

/** The feed's window: 60 days back to a year ahead. */
export const FEED_DAYS_BACK = 60;
export const FEED_DAYS_AHEAD = 366;
const FEED_SCAN_LIMIT = 50_000;
const DAY = 86_400_000;

/** Interviews as calendar entries (the .ics download, invitations' state, personal feeds), joined at read time. */
export function createInterviewCalendarQueries(documents: DocumentStore) {
  const interviews = () => documents.collection<InterviewDoc>('interviews');
  const candidates = () => documents.collection<CandidateDoc>('candidates');
  const jobs = () => documents.collection<JobDoc>('jobs');
  const clients = () => documents.collection<ClientDoc>('clients');
  const users = () => documents.collection<UserDoc>('users');

  /** joins many interviews at once; an interview of a deleted candidate is left out */
  async function join(list: InterviewDoc[]): Promise<InterviewForCalendar[]> {
    if (list.length === 0) return [];
    const [cands, jobList, userList] = await Promise.all([
      candidates().getMany([...new Set(list.map((i) => i.candidateId))]),
      jobs().getMany(distinctIds(list.map((i) => i.jobId))),
      users().getMany([...new Set(list.flatMap(interviewUserIds))]),
    ]);
    const clientList = await clients().getMany(distinctIds(jobList.map((j) => j.clientId)));
    const candMap = byId(cands);
    const jobMap = byId(jobList);
    const clientMap = byId(clientList);
    const userMap = new Map(userList.map((u) => [String(u.id), u]));
    return list.flatMap((i) => {
      const candidate = candMap.get(i.candidateId);
      if (!candidate) return [];
      const job = i.jobId !== null ? jobMap.get(i.jobId) : undefined;
      const client = job && job.clientId !== null ? clientMap.get(job.clientId) : undefined;
      return [
        interviewForCalendar(i, {
          candidate,
          job: job ? { title: job.title } : null,
          client: client ? { companyName: client.companyName } : null,
          users: userMap,
        }),
      ];
    });
  }

  return {
    async calendarEntry(id: number): Promise<InterviewForCalendar | null> {
      const interview = await interviews().get(id);
      if (!interview) return null;
      const [entry] = await join([interview]);
      return entry ?? null;
    },

    /** the interviews a user organised or interviews on, in the feed's window around `now` */
    async feedEntries(userId: string, now = new Date()): Promise<InterviewForCalendar[]> {
      const from = new Date(now.getTime() - FEED_DAYS_BACK * DAY).toISOString();
      const to = new Date(now.getTime() + FEED_DAYS_AHEAD * DAY).toISOString();
      const inWindow = await interviews().find({
        where: { scheduledAt: { $gte: from, $lt: to } },
        sort: [
          ['scheduledAt', 'asc'],
          ['id', 'asc'],
        ],
        limit: FEED_SCAN_LIMIT,
      });
      const mine = inWindow.filter((i) => i.createdBy === userId || (i.interviewers ?? []).some((p) => p.userId === userId));
      return join(mine);
    },

    /** the version of a user's feed link; null for an unknown or deactivated user */
    async feedVersion(userId: string): Promise<{ version: number; rotatedAt: string | null; user: UserDoc } | null> {
      const [user, feed] = await Promise.all([users().get(userId), documents.collection<FeedDoc>('calendar_feeds').get(userId)]);
      if (!user || user.active === false) return null;
      return { version: feed?.version ?? 1, rotatedAt: feed?.rotatedAt ?? null, user };
    },

    async invitationStatus(interviewId: number): Promise<InterviewInvitationStatus | null> {
      const interview = await interviews().get(interviewId);
      if (!interview) return null;
      const [invitation, candidate] = await Promise.all([
        documents.collection<InvitationDoc>('interview_invitations').get(interviewId),
        candidates().get(interview.candidateId),
      ]);
      const next = { method: invitationMethodOf(interview.status), sequence: interview.sequence ?? 0 };
      const last = invitation
        ? {
            method: invitation.method,
            sequence: invitation.sequence,
            sentAt: invitation.sentAt,
            recipientAddress: invitation.recipientAddress,
            delivered: invitation.delivered,
            communicationId: invitation.communicationId,
          }
        : null;
      return {
        interviewId,
        next,
        last,
        // the candidate has an older version (or the invitation, not the cancellation)
        updateDue: last !== null && (last.method !== next.method || last.sequence < next.sequence),
        candidateEmail: candidate?.email?.trim() || null,
      };
    },
  };
}
