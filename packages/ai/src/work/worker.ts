/**
 * The worker-pool entry: every job that reads untrusted text or files runs here, in a thread with
 * its own heap limit and a time limit set by the pool (work-pool.ts). Bundled on its own by
 * scripts/build.mjs as dist/ai-worker.js next to each service that uses it.
 */
import * as rules from '../builtin-engine';
import { readDocumentText, type DocumentKind, type DocumentTextResult } from '../documents/extract';
import { parseResume, prepareResumeParser, type ParsedResume } from '../parse-resume';

export async function parseResumeJob(text: string): Promise<ParsedResume> {
  await prepareResumeParser();
  return parseResume(text);
}

export function documentTextJob(input: { kind: DocumentKind; bytes: Uint8Array }): Promise<DocumentTextResult> {
  return readDocumentText(input.kind, input.bytes);
}

/** The built-in engine's functions that scan text, called by name with structured-clone arguments. */
export const BUILTIN_JOBS = {
  analyzeProfile: rules.analyzeProfile,
  matchCandidateToJob: rules.matchCandidateToJob,
  salaryBenchmark: rules.salaryBenchmark,
  generateMessage: rules.generateMessage,
  predictSuccess: rules.predictSuccess,
  analyzeInterviewNotes: rules.analyzeInterviewNotes,
  generateSearchStrings: rules.generateSearchStrings,
  suggestActions: rules.suggestActions,
  marketAnalysis: rules.marketAnalysis,
  analyzeJob: rules.analyzeJob,
} as const;
export type BuiltinJob = keyof typeof BUILTIN_JOBS;

export function builtinJob(input: { method: BuiltinJob; args: unknown[] }): unknown {
  const fn = BUILTIN_JOBS[input.method] as (...args: unknown[]) => unknown;
  if (typeof fn !== 'function') throw new Error(`Unknown built-in job ${String(input.method)}`);
  return fn(...input.args);
}

/** Starts a thread and loads the PDF reader ahead of the first upload (pdf.js takes a while to load). */
export async function warmJob(): Promise<void> {
  await Promise.all([prepareResumeParser(), import('pdf-parse')]);
}

/** A job that only burns CPU or memory: lets the tests prove the limits without a crafted input. */
export function selfTestJob(input: { spinMs?: number; allocateMb?: number }): string {
  const until = Date.now() + (input.spinMs ?? 0);
  while (Date.now() < until);
  const hold: string[][] = [];
  for (let mb = 0; mb < (input.allocateMb ?? 0); mb++) hold.push(Array.from({ length: 32 * 1024 }, (_, i) => `${mb}:${i}`));
  return `ok ${hold.length}`;
}
