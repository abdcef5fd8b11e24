import type { AttachedJob, Candidate, CandidateFilter, Communication, Note } from '@ats/contracts';
import type { Doc, DocumentStore, FindOptions } from '@ats/storage';
import type { ApplicationDoc } from './applications';
import type { JobDoc } from './jobs';
import type { QueryCounts } from './query-counts';
import { byId, LIST_LIMIT, NEWEST_FIRST, norm, readModel, type Page } from './query-support';

export type CandidateDoc = Candidate & Doc;
type NoteDoc = Note & Doc;
type CommunicationDoc = Communication & Doc;

/** The §2.6 list filters as document-store conditions (status, resume) and substrings (location, every skill term). */
export function candidateConditions(f: CandidateFilter): Pick<FindOptions, 'where' | 'search' | 'contains'> {
  const where: Record<string, unknown> = {};
  if (f.status && f.status !== 'all') where.status = f.status;
  if (f.hasResume === 'true') where.hasResume = true;
  if (f.hasResume === 'false') where.hasResume = { $ne: true };
  // a record absorbed by a merge is shown through its survivor only
  where.merged = { $ne: true };
  const contains: Record<string, string[]> = {};
  const location = norm(f.location);
  if (location) contains.location = [location];
  const skills = (f.skills ?? '')
    .split(',')
    .map(norm)
    .filter((t) => t.length > 0);
  if (skills.length > 0) contains.skills = skills;
  return { where: where as FindOptions['where'], search: f.search?.trim() || undefined, contains };
}

/** The candidates list and a candidate's page: profile, notes, messages and attached jobs. */
export function createCandidateQueries(documents: DocumentStore, counts?: QueryCounts) {
  const candidates = readModel<CandidateDoc>(documents, 'candidates');
  const notes = readModel<NoteDoc>(documents, 'notes');
  const communications = readModel<CommunicationDoc>(documents, 'communications');
  const applications = readModel<ApplicationDoc>(documents, 'applications');
  const jobs = readModel<JobDoc>(documents, 'jobs');

  /** the candidate and the records merged into it: their notes, messages and jobs show on its page */
  async function withAbsorbed(candidateId: number) {
    const absorbed = (await candidates().get(candidateId))?.mergedFrom ?? [];
    return absorbed.length > 0 ? { $in: [candidateId, ...absorbed] } : candidateId;
  }

  return {
    /** a page of the §2.6 list, newest first */
    async listCandidates(filter: CandidateFilter & Page = {}): Promise<Candidate[]> {
      return candidates().find({
        ...candidateConditions(filter),
        sort: NEWEST_FIRST,
        limit: filter.limit ?? 50,
        offset: filter.offset ?? 0,
      });
    },
    /** '{n} candidates found': from memory once these conditions are followed there, else by the store */
    async countCandidates(filter: CandidateFilter = {}): Promise<number> {
      const conditions = candidateConditions(filter);
      return (await counts?.count(conditions)) ?? candidates().count(conditions);
    },
    async listCommunications(candidateId: number): Promise<Communication[]> {
      return communications().find({
        where: { recipientType: 'candidate', recipientId: await withAbsorbed(candidateId) },
        sort: NEWEST_FIRST,
        limit: LIST_LIMIT,
      });
    },
    getCandidate: (id: number) => candidates().get(id) as Promise<Candidate | null>,
    async listNotes(candidateId: number): Promise<Note[]> {
      return notes().find({ where: { candidateId: await withAbsorbed(candidateId) }, sort: NEWEST_FIRST });
    },
    async listCandidateJobs(candidateId: number): Promise<AttachedJob[]> {
      const apps = await applications().find({ where: { candidateId: await withAbsorbed(candidateId) }, sort: [['appliedAt', 'desc']] });
      const jobMap = byId(await jobs().getMany(apps.map((a) => a.jobId)));
      return apps.flatMap((a) => {
        const j = jobMap.get(a.jobId);
        return j
          ? [
              {
                id: Number(j.id),
                applicationId: Number(a.id),
                title: j.title,
                status: j.status,
                stage: a.stage,
                location: j.location,
                appliedAt: a.appliedAt,
                source: a.source ?? null,
              },
            ]
          : [];
      });
    },
  };
}
