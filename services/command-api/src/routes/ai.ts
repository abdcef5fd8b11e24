import type Router from '@koa/router';
import { contracts } from '@ats/contracts';
import { bindContract } from '@ats/http-kit';
import type { Deps } from '../domain/context';
import { runAnalysis, type AnalysisReply } from '../domain/ai/run-analysis';
import { createFactsReader } from '../read-models/facts';
import { DEFAULT_TEAM_NAME } from '../integrations';
import { callOf } from './call';
import { resumeParsingRoutes } from './resume-parsing';

const reply = <R>({ result, engine, analysisId, position }: AnalysisReply<R>) => ({ ...result, engine, analysisId, position });

/**
 * AI routes: validate, read the facts from the read models (404 for unknown ids), run the engine,
 * record ONE AiAnalysisRecorded, reply the result with engine, analysisId and position.
 */
export function aiRoutes(router: Router, deps: Deps, opts: { validateResponses?: boolean }) {
  const facts = createFactsReader(deps.documents);
  const ai = () => deps.integrations.ai;

  bindContract(
    router,
    contracts.analyzeCandidate,
    async ({ ctx, user, params }) => {
      const candidate = await facts.candidate(params.id);
      return reply(
        await runAnalysis(deps, callOf(ctx, user), {
          analysisType: 'profile',
          entityType: 'candidate',
          entityId: candidate.id,
          input: candidate,
          run: () => ai().analyzeProfile(candidate),
          score: (r) => r.score,
          confidence: (r) => r.confidence,
        }),
      );
    },
    opts,
  );

  bindContract(
    router,
    contracts.analyzeJob,
    async ({ ctx, user, params }) => {
      const job = await facts.job(params.id);
      return reply(
        await runAnalysis(deps, callOf(ctx, user), {
          analysisType: 'job_analysis',
          entityType: 'job',
          entityId: job.id,
          input: job,
          run: () => ai().analyzeJob(job),
          confidence: (r) => r.confidence,
        }),
      );
    },
    opts,
  );

  bindContract(
    router,
    contracts.matchCandidateJob,
    async ({ ctx, user, body }) => {
      const [candidate, job] = await Promise.all([facts.candidate(body.candidateId), facts.job(body.jobId)]);
      return reply(
        await runAnalysis(deps, callOf(ctx, user), {
          analysisType: 'job_match',
          entityType: 'candidate',
          entityId: candidate.id,
          input: { candidate, job },
          run: () => ai().matchCandidateToJob(candidate, job),
          score: (r) => r.compatibilityScore,
          context: { jobId: job.id },
        }),
      );
    },
    opts,
  );

  bindContract(
    router,
    contracts.salaryBenchmark,
    async ({ ctx, user, body }) => {
      const query = { jobTitle: body.jobTitle, location: body.location ?? null, experienceLevel: body.experienceLevel };
      const jobs = await facts.allJobs();
      const records = { jobs, placements: await facts.placements(jobs) };
      return reply(
        await runAnalysis(deps, callOf(ctx, user), {
          analysisType: 'salary',
          entityType: 'market',
          entityId: null,
          input: { query, records },
          run: () => ai().salaryBenchmark(query, records),
          context: { query },
        }),
      );
    },
    opts,
  );

  bindContract(
    router,
    contracts.generateMessage,
    async ({ ctx, user, body }) => {
      const [candidate, job] = await Promise.all([facts.candidate(body.candidateId), facts.job(body.jobId)]);
      const sender = `${user.firstName} ${user.lastName}`.trim() || deps.integrations.teamName || DEFAULT_TEAM_NAME;
      return reply(
        await runAnalysis(deps, callOf(ctx, user), {
          analysisType: 'message',
          entityType: 'candidate',
          entityId: candidate.id,
          input: { candidate, job, messageType: body.messageType, sender },
          run: () => ai().generateMessage(candidate, job, body.messageType, sender),
          context: { jobId: job.id, messageType: body.messageType },
        }),
      );
    },
    opts,
  );

  bindContract(
    router,
    contracts.predictSuccess,
    async ({ ctx, user, body }) => {
      const [candidate, job, stage] = await Promise.all([
        facts.candidate(body.candidateId),
        facts.job(body.jobId),
        facts.stageOf(body.candidateId, body.jobId),
      ]);
      return reply(
        await runAnalysis(deps, callOf(ctx, user), {
          analysisType: 'prediction',
          entityType: 'candidate',
          entityId: candidate.id,
          input: { candidate, job, stage },
          run: () => ai().predictSuccess(candidate, job, stage),
          score: (r) => r.successProbability,
          context: { jobId: job.id },
        }),
      );
    },
    opts,
  );

  bindContract(
    router,
    contracts.analyzeInterview,
    async ({ ctx, user, body }) => {
      const candidate = body.candidateId ? await facts.candidate(body.candidateId) : null;
      const context = {
        ...(body.candidateName || candidate
          ? { candidateName: body.candidateName ?? `${candidate!.firstName} ${candidate!.lastName}` }
          : {}),
        ...(body.jobTitle ? { jobTitle: body.jobTitle } : {}),
      };
      return reply(
        await runAnalysis(deps, callOf(ctx, user), {
          analysisType: 'interview',
          entityType: candidate ? 'candidate' : 'none',
          entityId: candidate?.id ?? null,
          input: { notes: body.interviewNotes, ...context },
          run: () => ai().analyzeInterviewNotes(body.interviewNotes, context),
          // the four 0-10 scores as one 0-100 figure
          score: (r) => Math.round(((r.communicationSkills + r.technicalCompetency + r.culturalFit + r.motivation) / 4) * 10),
        }),
      );
    },
    opts,
  );

  bindContract(
    router,
    contracts.generateSearchStrings,
    async ({ ctx, user, body }) => {
      const query = { jobTitle: body.jobTitle, skills: body.skills.map((s) => s.trim()).filter(Boolean), location: body.location ?? null };
      return reply(
        await runAnalysis(deps, callOf(ctx, user), {
          analysisType: 'search',
          entityType: 'none',
          entityId: null,
          input: query,
          run: () => ai().generateSearchStrings(query),
        }),
      );
    },
    opts,
  );

  bindContract(
    router,
    contracts.suggestActions,
    async ({ ctx, user }) => {
      const call = callOf(ctx, user);
      const jobs = await facts.allJobs();
      const { applications, interviews } = await facts.pipeline(jobs);
      const now = new Date(call.metadata.now);
      return reply(
        await runAnalysis(deps, call, {
          analysisType: 'workflow',
          entityType: 'none',
          entityId: null,
          input: { applications, interviews, jobs, now: call.metadata.now },
          run: () => ai().suggestActions({ applications, interviews, jobs, now }),
        }),
      );
    },
    opts,
  );

  bindContract(
    router,
    contracts.marketAnalysis,
    async ({ ctx, user, body }) => {
      const query = { industry: body.industry, jobFunction: body.jobFunction, location: body.location };
      const data = { jobs: await facts.allJobs(), candidates: await facts.candidates() };
      return reply(
        await runAnalysis(deps, callOf(ctx, user), {
          analysisType: 'market',
          entityType: 'market',
          entityId: null,
          input: { query, data },
          run: () => ai().marketAnalysis(query, data),
          context: { query },
        }),
      );
    },
    opts,
  );

  resumeParsingRoutes(router, ai, opts);
}
