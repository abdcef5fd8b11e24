import type { Interview, InterviewConflict, InterviewDetail, InterviewList, InterviewerOption, User } from '@ats/contracts';
import type { InterviewStatus } from '@ats/events';
import type { Doc, DocumentStore, Where } from '@ats/storage';
import type { CandidateDoc } from './candidates';
import type { ClientDoc } from './clients';
import type { JobDoc } from './jobs';
import { byId, distinctIds, norm, readModel } from './query-support';

type InterviewDoc = Interview & Doc;

/** the longest interview a contract accepts: an interview that ends after T started at most this long before T */
const MAX_DURATION_MS = 24 * 60 * 60_000;
const DEFAULT_LIMIT = 1000;

export interface InterviewFilter {
  from?: string | undefined;
  to?: string | undefined;
  candidate?: number | undefined;
  job?: number | undefined;
  client?: number | undefined;
  interviewer?: string | undefined;
  createdBy?: string | undefined;
  status?: InterviewStatus[] | undefined;
  limit?: number | undefined;
}

export interface ConflictQuery {
  scheduledAt: string;
  duration: number;
  candidateId?: number | undefined;
  interviewerIds?: string[] | undefined;
  interviewerNames?: string[] | undefined;
  excludeId?: number | undefined;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** `scheduledAt`/`endsAt` conditions for "overlaps [from, to)", bounded on the indexed start. */
function overlapping(from: string | undefined, to: string | undefined): Where {
  const where: Where = {};
  const fromMs = from === undefined ? undefined : new Date(from).getTime();
  const toMs = to === undefined ? undefined : new Date(to).getTime();
  if (fromMs !== undefined && toMs !== undefined) where.scheduledAt = { $gte: iso(fromMs - MAX_DURATION_MS), $lt: iso(toMs) };
  else if (fromMs !== undefined) where.scheduledAt = { $gte: iso(fromMs - MAX_DURATION_MS) };
  else if (toMs !== undefined) where.scheduledAt = { $lt: iso(toMs) };
  if (fromMs !== undefined) where.endsAt = { $gt: iso(fromMs) };
  return where;
}

/** Interviews in a time range (the calendar, a candidate's or a job's list), one interview, and who is already booked. */
export function createInterviewQueries(documents: DocumentStore) {
  const interviews = readModel<InterviewDoc>(documents, 'interviews');
  const candidates = readModel<CandidateDoc>(documents, 'candidates');
  const jobs = readModel<JobDoc>(documents, 'jobs');
  const clients = readModel<ClientDoc>(documents, 'clients');
  const users = readModel<User & Doc>(documents, 'users');

  /** joins the candidate, job and client names; an interview of a deleted candidate is left out unless `keepOrphans` */
  async function withNames(list: InterviewDoc[], keepOrphans = false): Promise<InterviewDetail[]> {
    if (list.length === 0) return [];
    const [cands, jobList] = await Promise.all([
      candidates().getMany([...new Set(list.map((i) => i.candidateId))], { fields: ['firstName', 'lastName', 'email'] }),
      jobs().getMany(distinctIds(list.map((i) => i.jobId)), { fields: ['title', 'clientId'] }),
    ]);
    const clientList = await clients().getMany(distinctIds(jobList.map((j) => j.clientId ?? null)), { fields: ['companyName'] });
    const candMap = byId(cands);
    const jobMap = byId(jobList);
    const clientMap = byId(clientList);
    return list.flatMap((i) => {
      const c = candMap.get(i.candidateId);
      if (!c && !keepOrphans) return [];
      const j = i.jobId !== null ? jobMap.get(i.jobId) : undefined;
      const client = j && j.clientId !== null && j.clientId !== undefined ? clientMap.get(j.clientId) : undefined;
      return [
        {
          ...i,
          id: Number(i.id),
          candidate: c
            ? { id: Number(c.id), firstName: c.firstName, lastName: c.lastName, email: c.email ?? null }
            : { id: i.candidateId, firstName: 'Deleted', lastName: 'candidate', email: null },
          job: j ? { id: Number(j.id), title: j.title } : null,
          client: client ? { id: Number(client.id), companyName: client.companyName } : null,
        },
      ];
    });
  }

  async function withAbsorbed(candidateId: number): Promise<number | { $in: number[] }> {
    const absorbed = (await candidates().get(candidateId))?.mergedFrom ?? [];
    return absorbed.length > 0 ? { $in: [candidateId, ...absorbed] } : candidateId;
  }

  return {
    async interviewerOptions(): Promise<InterviewerOption[]> {
      const list = await users().find({ where: { active: true }, fields: ['firstName', 'lastName'], limit: 10_000 });
      return list
        .map((u) => ({ id: String(u.id), name: `${u.firstName} ${u.lastName}`.trim() }))
        .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
    },
    async listInterviews(filter: InterviewFilter): Promise<InterviewList> {
      const where: Where = overlapping(filter.from, filter.to);
      // a survivor's page shows the interviews of the records merged into it (until an unmerge)
      if (filter.candidate !== undefined) where.candidateId = await withAbsorbed(filter.candidate);
      if (filter.job !== undefined) where.jobId = filter.job;
      if (filter.client !== undefined) {
        const clientJobs = await jobs().find({ where: { clientId: filter.client }, fields: ['id'], limit: 100_000 });
        if (clientJobs.length === 0) return { items: [], truncated: false };
        if (filter.job !== undefined && !clientJobs.some((j) => Number(j.id) === filter.job)) return { items: [], truncated: false };
        if (filter.job === undefined) where.jobId = { $in: clientJobs.map((j) => Number(j.id)) };
      }
      if (filter.interviewer !== undefined) where.interviewerIds = { $contains: filter.interviewer };
      if (filter.createdBy !== undefined) where.createdBy = filter.createdBy;
      if (filter.status && filter.status.length > 0) where.status = { $in: filter.status };
      const limit = filter.limit ?? DEFAULT_LIMIT;
      const list = await interviews().find({
        where,
        sort: [
          ['scheduledAt', 'asc'],
          ['id', 'asc'],
        ],
        limit: limit + 1,
      });
      const truncated = list.length > limit;
      return { items: await withNames(truncated ? list.slice(0, limit) : list), truncated };
    },
    async getInterview(id: number): Promise<InterviewDetail | null> {
      const doc = await interviews().get(id);
      if (!doc) return null;
      const [detail] = await withNames([doc], true);
      return detail ?? null;
    },
    /** scheduled interviews overlapping the asked time that book the candidate or one of the interviewers */
    async interviewConflicts(query: ConflictQuery): Promise<InterviewConflict[]> {
      const start = new Date(query.scheduledAt).getTime();
      const end = start + query.duration * 60_000;
      const userIds = new Set(query.interviewerIds ?? []);
      const names = new Set((query.interviewerNames ?? []).map(norm));
      if (query.candidateId === undefined && userIds.size === 0 && names.size === 0) return [];
      const list = await interviews().find({
        where: { ...overlapping(iso(start), iso(end)), status: 'scheduled' },
        sort: [
          ['scheduledAt', 'asc'],
          ['id', 'asc'],
        ],
        limit: 2000,
      });
      const found: Array<{ doc: InterviewDoc; person: InterviewConflict['person'] }> = [];
      for (const doc of list) {
        if (Number(doc.id) === query.excludeId) continue;
        if (query.candidateId !== undefined && doc.candidateId === query.candidateId)
          found.push({ doc, person: { kind: 'candidate', userId: null, name: '' } });
        for (const who of doc.interviewers) {
          const booked = who.userId !== null ? userIds.has(who.userId) : names.has(norm(who.name));
          if (booked) found.push({ doc, person: { kind: 'interviewer', userId: who.userId, name: who.name } });
        }
      }
      if (found.length === 0) return [];
      const named = byId(await withNames([...new Map(found.map((f) => [Number(f.doc.id), f.doc])).values()], true));
      return found.flatMap(({ doc, person }) => {
        const detail = named.get(Number(doc.id));
        if (!detail) return [];
        const candidateName = `${detail.candidate.firstName} ${detail.candidate.lastName}`;
        return [
          {
            person: person.kind === 'candidate' ? { ...person, name: candidateName } : person,
            interview: {
              id: detail.id,
              scheduledAt: detail.scheduledAt,
              endsAt: detail.endsAt,
              duration: detail.duration,
              candidateName,
              jobTitle: detail.job?.title ?? null,
            },
          },
        ];
      });
    },
  };
}
