import type { ApplicationFacts, CandidateFacts, InterviewFacts, JobFacts, PlacementFacts } from '@ats/ai';
import type { Application, Candidate, Client, Interview, Job } from '@ats/contracts';
import type { Doc, DocumentStore } from '@ats/storage';
import { NotFoundError, ServiceUnavailableError } from '@ats/http-kit';

/**
 * The facts AI engines and e-mails are built from, read from the projector's read models (the
 * command side only reads them). How much of a collection an engine sees is capped, newest first.
 */
const SCAN_LIMIT = 2000;

type CandidateDoc = Candidate & Doc;
type JobDoc = Omit<Job, 'client' | 'candidateCount'> & Doc;
type ApplicationDoc = Omit<Application, 'candidate' | 'job'> & Doc;
type InterviewDoc = Interview & Doc;
type ClientDoc = Client & Doc;
type PlacementDoc = { id: number; candidateId: number; jobId: number; salary: number } & Doc;

export function candidateFacts(c: Candidate): CandidateFacts {
  return {
    id: c.id,
    firstName: c.firstName,
    lastName: c.lastName,
    email: c.email,
    phone: c.phone,
    location: c.location,
    linkedinUrl: c.linkedinUrl,
    currentTitle: c.currentTitle,
    currentCompany: c.currentCompany,
    skills: [...c.skills],
    experience: c.experienceLevel,
    experienceLevel: c.experienceLevel,
    summary: c.summary,
    salaryExpectation: c.salaryExpectation,
    resumeText: c.resumeText,
    resumeFileName: c.resumeFileName,
  };
}

function jobFacts(j: JobDoc, client: ClientDoc | null): JobFacts {
  return {
    id: j.id,
    title: j.title,
    department: j.department,
    description: j.description,
    requirements: j.requirements,
    location: j.location,
    salaryMin: j.salaryMin,
    salaryMax: j.salaryMax,
    status: j.status,
    createdAt: j.createdAt,
    clientName: client?.companyName ?? null,
    industry: client?.industry ?? null,
  };
}

const fullName = (c: { firstName: string; lastName: string } | null | undefined) =>
  c ? `${c.firstName} ${c.lastName}`.trim() : 'an unknown candidate';

export function createFactsReader(documents: DocumentStore | null) {
  const store = () => {
    if (!documents) throw new ServiceUnavailableError('The read models are not available to this service.');
    return documents;
  };
  const col = <T extends Doc>(name: string) => store().collection<T>(name);

  async function clientsById(ids: ReadonlyArray<number | null>): Promise<Map<number, ClientDoc>> {
    const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
    const found = wanted.length ? await col<ClientDoc>('clients').getMany(wanted) : [];
    return new Map(found.map((c) => [c.id, c]));
  }

  async function allJobs(): Promise<JobFacts[]> {
    const jobs = await col<JobDoc>('jobs').find({ sort: [['createdAt', 'desc']], limit: SCAN_LIMIT });
    const clients = await clientsById(jobs.map((j) => j.clientId));
    return jobs.map((j) => jobFacts(j, j.clientId === null ? null : (clients.get(j.clientId) ?? null)));
  }

  return {
    async candidateDoc(id: number): Promise<Candidate> {
      const c = await col<CandidateDoc>('candidates').get(id);
      if (!c) throw new NotFoundError('Candidate', id);
      return c;
    },
    async candidate(id: number): Promise<CandidateFacts> {
      return candidateFacts(await this.candidateDoc(id));
    },
    async candidateByEmail(email: string): Promise<Candidate | null> {
      const candidates = col<CandidateDoc>('candidates');
      const trimmed = email.trim();
      const [exact] = await candidates.find({ where: { email: trimmed }, limit: 1 });
      if (exact) return exact;
      const [lower] = await candidates.find({ where: { email: trimmed.toLowerCase() }, limit: 1 });
      return lower ?? null;
    },
    async job(id: number): Promise<JobFacts> {
      const j = await col<JobDoc>('jobs').get(id);
      if (!j) throw new NotFoundError('Job', id);
      const clients = await clientsById([j.clientId]);
      return jobFacts(j, j.clientId === null ? null : (clients.get(j.clientId) ?? null));
    },
    /** the stage of the candidate's application to the job, if attached */
    async stageOf(candidateId: number, jobId: number): Promise<string | null> {
      const [app] = await col<ApplicationDoc>('applications').find({ where: { candidateId, jobId }, limit: 1 });
      return app?.stage ?? null;
    },
    allJobs,
    async candidates(): Promise<CandidateFacts[]> {
      return (await col<CandidateDoc>('candidates').find({ sort: [['createdAt', 'desc']], limit: SCAN_LIMIT })).map(candidateFacts);
    },
    /** placements with the agreed salary, the job's title and location */
    async placements(jobs: readonly JobFacts[]): Promise<PlacementFacts[]> {
      const byId = new Map(jobs.map((j) => [j.id, j]));
      const placements = await col<PlacementDoc>('placements').find({ sort: [['placedAt', 'desc']], limit: SCAN_LIMIT });
      return placements.flatMap((p) => {
        const job = byId.get(p.jobId);
        return job ? [{ jobTitle: job.title, location: job.location, salary: p.salary }] : [];
      });
    },
    /** applications and interviews with names, for workflow suggestions */
    async pipeline(jobs: readonly JobFacts[]): Promise<{ applications: ApplicationFacts[]; interviews: InterviewFacts[] }> {
      const apps = await col<ApplicationDoc>('applications').find({ sort: [['appliedAt', 'desc']], limit: SCAN_LIMIT });
      const interviews = await col<InterviewDoc>('interviews').find({ sort: [['scheduledAt', 'desc']], limit: SCAN_LIMIT });
      const candidateIds = [...new Set([...apps.map((a) => a.candidateId), ...interviews.map((i) => i.candidateId)])];
      const candidates = new Map(
        (candidateIds.length ? await col<CandidateDoc>('candidates').getMany(candidateIds) : []).map((c) => [c.id, c]),
      );
      const jobTitle = new Map(jobs.map((j) => [j.id, j.title]));
      return {
        applications: apps.map((a) => ({
          id: a.id,
          candidateId: a.candidateId,
          jobId: a.jobId,
          stage: a.stage,
          appliedAt: a.appliedAt,
          stageChangedAt: a.stageChangedAt,
          candidateName: fullName(candidates.get(a.candidateId)),
          jobTitle: jobTitle.get(a.jobId) ?? 'a job order',
        })),
        interviews: interviews.map((i) => ({
          id: i.id,
          candidateName: fullName(candidates.get(i.candidateId)),
          jobTitle: i.jobId === null ? 'no job order' : (jobTitle.get(i.jobId) ?? 'a job order'),
          scheduledAt: i.scheduledAt,
          status: i.status,
          // interviews keep their notes; notes after the interview are its feedback
          feedback: i.notes,
        })),
      };
    },
  };
}
export type FactsReader = ReturnType<typeof createFactsReader>;
