import {
  type CalendarItem,
  type CalendarItems,
  interviewForCalendar,
  interviewUserIds,
  invitationMethodOf,
  type InterviewForCalendar,
  type InterviewInvitationStatus,
  type InterviewRecord,
} from '@ats/contracts';
import type { Doc, DocumentStore, Where } from '@ats/storage';
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
/** the most interviews one calendar view draws */
export const CALENDAR_VIEW_LIMIT = 5000;
/** the longest interview a contract accepts: one that ends after T started at most this long before T */
const MAX_DURATION_MS = DAY;
const CALENDAR_FIELDS = ['scheduledAt', 'endsAt', 'duration', 'type', 'status', 'revision', 'candidateId', 'jobId'] as const;
type CalendarDoc = Pick<InterviewRecord, 'scheduledAt' | 'duration' | 'type' | 'status' | 'candidateId' | 'jobId'> & {
  endsAt: string;
  revision: number;
} & Doc;

export interface CalendarFilter {
  from: string;
  to: string;
  person?: string | undefined;
  job?: number | undefined;
  client?: number | undefined;
}

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
    /** the calendar's views: only the fields a chip draws, read with `fields` and joined with names in three batched reads */
    async calendarItems(filter: CalendarFilter): Promise<CalendarItems> {
      const fromMs = Date.parse(filter.from);
      const where: Where = {
        scheduledAt: { $gte: new Date(fromMs - MAX_DURATION_MS).toISOString(), $lt: new Date(filter.to).toISOString() },
        endsAt: { $gt: new Date(fromMs).toISOString() },
      };
      if (filter.job !== undefined) where.jobId = filter.job;
      if (filter.client !== undefined) {
        const clientJobs = await jobs().find({ where: { clientId: filter.client }, fields: ['id'], limit: 100_000 });
        const ids = clientJobs.map((j) => Number(j.id)).filter((id) => filter.job === undefined || id === filter.job);
        if (ids.length === 0) return { items: [], truncated: false };
        where.jobId = { $in: ids };
      }
      const find = (extra: Where) =>
        documents.collection<CalendarDoc>('interviews').find({
          where: { ...where, ...extra },
          sort: [
            ['scheduledAt', 'asc'],
            ['id', 'asc'],
          ],
          limit: CALENDAR_VIEW_LIMIT + 1,
          fields: CALENDAR_FIELDS,
        });
      let list: CalendarDoc[];
      if (filter.person === undefined) list = await find({});
      else {
        // "theirs": they interview on it or scheduled it (conditions are ANDed: two reads, one list)
        const [asInterviewer, asOrganiser] = await Promise.all([
          find({ interviewerIds: { $contains: filter.person } }),
          find({ createdBy: filter.person }),
        ]);
        const merged = new Map<number, CalendarDoc>();
        for (const doc of [...asInterviewer, ...asOrganiser]) merged.set(Number(doc.id), doc);
        list = [...merged.values()].sort((a, b) => a.scheduledAt.localeCompare(b.scheduledAt) || Number(a.id) - Number(b.id));
      }
      const truncated = list.length > CALENDAR_VIEW_LIMIT;
      if (truncated) list = list.slice(0, CALENDAR_VIEW_LIMIT);
      if (list.length === 0) return { items: [], truncated };
      const [cands, jobList] = await Promise.all([
        candidates().getMany([...new Set(list.map((i) => i.candidateId))], { fields: ['firstName', 'lastName'] }),
        jobs().getMany(distinctIds(list.map((i) => i.jobId)), { fields: ['title', 'clientId'] }),
      ]);
      const clientList = await clients().getMany(distinctIds(jobList.map((j) => j.clientId ?? null)), { fields: ['companyName'] });
      const candMap = byId(cands);
      const jobMap = byId(jobList);
      const clientMap = byId(clientList);
      const items = list.flatMap((i): CalendarItem[] => {
        const c = candMap.get(i.candidateId);
        // an interview of a deleted candidate is not shown
        if (!c) return [];
        const j = i.jobId !== null ? jobMap.get(i.jobId) : undefined;
        const client = j && j.clientId !== null ? clientMap.get(j.clientId) : undefined;
        return [
          {
            id: Number(i.id),
            scheduledAt: i.scheduledAt,
            endsAt: i.endsAt,
            duration: i.duration,
            type: i.type,
            status: i.status,
            revision: i.revision,
            candidate: { id: Number(c.id), firstName: c.firstName, lastName: c.lastName },
            job: j ? { id: Number(j.id), title: j.title } : null,
            client: client ? { id: Number(client.id), companyName: client.companyName } : null,
          },
        ];
      });
      return { items, truncated };
    },

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
