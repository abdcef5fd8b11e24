import type { ChatOpenAI } from '@langchain/openai';
import { z } from 'zod';
import {
  InterviewAnalysisSchema,
  JobAnalysisSchema,
  JobMatchSchema,
  MarketAnalysisSchema,
  OutreachMessageSchema,
  ProfileAnalysisSchema,
  SalaryBenchmarkSchema,
  SearchStringsSchema,
  SuccessPredictionSchema,
  WorkflowSuggestionsSchema,
} from '@ats/contracts/ai-results';
import { ResumeFieldsSchema } from '@ats/contracts';
import { AiEngineError, type AiEngine, type ResumeFields } from './port';

export interface LlmEngineOptions {
  apiKey: string;
  /** any OpenAI-compatible server */
  baseURL?: string | undefined;
  model?: string | undefined;
  timeoutMs?: number | undefined;
}

export const LLM_PROMPT_VERSION = 'llm-1';
/** The resume-reading prompt has its own version: its answers are merged with the rules parser's. */
export const LLM_RESUME_PROMPT_VERSION = 'llm-resume-1';
/** The resume text sent to the LLM at most (a resume is a few thousand characters; the rest is noise). */
export const LLM_RESUME_MAX_CHARS = 30_000;

/**
 * What the LLM is asked to fill: every field of the parse response, null when the resume does not
 * say. Strict JSON-schema output needs every property present, hence nullable rather than
 * optional; the answer is then validated by the parser's own schema (ResumeFieldsSchema).
 */
const LlmResumeSchema = z.object({
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable().describe('office or main number, as written'),
  mobilePhone: z.string().nullable().describe('mobile number, as written'),
  currentTitle: z.string().nullable().describe('title of the most recent role'),
  currentCompany: z.string().nullable().describe('employer of the most recent role'),
  location: z.string().nullable().describe('where the person lives, "City, Region/Country" as written'),
  linkedinUrl: z.string().nullable(),
  skills: z.array(z.string()),
  experience: z.string().nullable().describe('total years of professional experience, overlaps merged, e.g. "17 years"'),
  salaryExpectation: z.number().nullable().describe('stated salary expectation in thousands of the stated currency'),
  summary: z.string().nullable().describe('one or two sentences'),
});

const RESUME_TASK =
  'Read this resume and fill the fields. Copy names, e-mail, phone numbers, title, company and location exactly as the resume writes them; ' +
  'use null for anything the resume does not state. The current role is the most recent dated one. Never invent values.';

const SYSTEM =
  'You are an assistant for executive recruiters at a search agency. Answer only from the data given; when the data is too thin, say so in the text fields. ' +
  'Scores out of 100 are integers; interview scores are 0-10; confidences and probabilities follow the schema. Reply with JSON matching the schema exactly.';

function classify(error: unknown): AiEngineError {
  if (error instanceof AiEngineError) return error;
  const e = error as { name?: string; message?: string; status?: number; code?: string };
  const text = `${e?.name ?? ''} ${e?.message ?? ''}`;
  if (/timeout|timed out|abort/i.test(text)) return new AiEngineError('timeout', 'The AI service did not answer in time.');
  if (/refus/i.test(text)) return new AiEngineError('refused', 'The AI service declined to answer.');
  if (/parse|json|schema|OutputParser|invalid/i.test(text))
    return new AiEngineError('bad_output', 'The AI service returned an answer in the wrong shape.');
  return new AiEngineError('unavailable', `The AI service failed${e?.status ? ` (${e.status})` : ''}.`);
}

/**
 * The LLM engine: @langchain/openai with structured output, validated again by the contract's zod
 * schema. Any failure — timeout, malformed JSON, refusal, HTTP error — becomes an AiEngineError,
 * so a half result is never returned.
 */
export function createLlmEngine(options: LlmEngineOptions): AiEngine {
  const model = options.model ?? 'gpt-4o-mini';
  // loaded on the first question: @langchain/openai costs about 40 MB and a second at start
  // (README, B7), and an installation without OPENAI_API_KEY never needs it
  let chat: Promise<ChatOpenAI> | null = null;
  const chatModel = () =>
    (chat ??= import('@langchain/openai').then(
      ({ ChatOpenAI }) =>
        new ChatOpenAI({
          apiKey: options.apiKey,
          model,
          temperature: 0,
          timeout: options.timeoutMs ?? 30_000,
          maxRetries: 0,
          useResponsesApi: false,
          configuration: options.baseURL ? { baseURL: options.baseURL } : {},
        }),
    ));

  async function ask<S extends z.ZodType>(schema: S, name: string, task: string, data: unknown): Promise<z.infer<S>> {
    try {
      const runnable = (await chatModel()).withStructuredOutput(schema as never, { name, method: 'jsonSchema', includeRaw: true });
      const out = (await runnable.invoke([
        ['system', SYSTEM],
        ['human', `${task}\n\nData (JSON):\n${JSON.stringify(data)}`],
      ])) as { raw: { content?: unknown; additional_kwargs?: { refusal?: string | null } }; parsed: unknown };
      // a refusal arrives as an empty message (the client drops the refusal text)
      if (out.raw?.additional_kwargs?.refusal || out.raw?.content === '')
        throw new AiEngineError('refused', 'The AI service declined to answer.');
      const checked = schema.safeParse(out.parsed);
      if (!checked.success) throw new AiEngineError('bad_output', 'The AI service returned an answer in the wrong shape.');
      return checked.data;
    } catch (error) {
      throw classify(error);
    }
  }

  /** The LLM's reading of a resume: nulls dropped, then validated by the rules parser's schema. */
  async function readResume(text: string): Promise<ResumeFields> {
    const answer = await ask(LlmResumeSchema, 'resume_fields', RESUME_TASK, { resumeText: text.slice(0, LLM_RESUME_MAX_CHARS) });
    const present = Object.fromEntries(Object.entries(answer).filter(([, v]) => v !== null && v !== ''));
    const checked = ResumeFieldsSchema.safeParse(present);
    if (!checked.success) throw new AiEngineError('bad_output', 'The AI service returned an answer in the wrong shape.');
    return checked.data;
  }

  return {
    info: { engine: 'llm', model, promptVersion: LLM_PROMPT_VERSION },
    resumeReader: { info: { engine: 'llm', model, promptVersion: LLM_RESUME_PROMPT_VERSION }, read: readResume },
    analyzeProfile: (candidate) =>
      ask(ProfileAnalysisSchema, 'profile_analysis', 'Analyse this candidate profile for an executive search.', candidate),
    matchCandidateToJob: (candidate, job) =>
      ask(
        JobMatchSchema,
        'job_match',
        'Score how well the candidate fits the job order (0-100), listing strengths, weaknesses and a recommendation.',
        { candidate, job },
      ),
    salaryBenchmark: (query, records) =>
      ask(
        SalaryBenchmarkSchema,
        'salary_benchmark',
        'Benchmark the salary (thousands of USD) for the query using the records on file; basedOnRecords is how many records you used.',
        { query, records },
      ),
    generateMessage: (candidate, job, type, sender) =>
      ask(
        OutreachMessageSchema,
        'outreach_message',
        `Write a ${type.replace('_', ' ')} message from ${sender} to the candidate about the job.`,
        { candidate, job },
      ),
    predictSuccess: (candidate, job, stage) =>
      ask(
        SuccessPredictionSchema,
        'success_prediction',
        'Predict placement success and offer acceptance (percentages 0-100) with strength and risk factors.',
        { candidate, job, stage },
      ),
    analyzeInterviewNotes: (notes, context) =>
      ask(
        InterviewAnalysisSchema,
        'interview_analysis',
        'Score the interview notes 0-10 on communication, technical competency, cultural fit and motivation, and recommend a next step.',
        { notes, ...context },
      ),
    generateSearchStrings: (query) =>
      ask(
        SearchStringsSchema,
        'search_strings',
        'Write a Boolean search string for the professional network and an X-ray Google search string.',
        query,
      ),
    suggestActions: (data) =>
      ask(
        WorkflowSuggestionsSchema,
        'workflow_suggestions',
        "Suggest the recruiter's next priority actions and automation opportunities from this pipeline.",
        { ...data, now: data.now.toISOString() },
      ),
    marketAnalysis: (query, data) =>
      ask(
        MarketAnalysisSchema,
        'market_analysis',
        'Assess the market temperature and skills in demand for this function and industry from the records on file.',
        { query, ...data },
      ),
    analyzeJob: (job) =>
      ask(
        JobAnalysisSchema,
        'job_analysis',
        'Analyse this job order: required skills, preferred experience, personality fit, interview questions, confidence 0-1.',
        job,
      ),
  };
}
