import { BUILTIN_ENGINE } from '../builtin-engine';
import type { AiEngine } from '../port';
import { runJob } from './work-pool';
import type { BuiltinJob, BUILTIN_JOBS } from './worker';

type Rules = typeof BUILTIN_JOBS;
const call = <M extends BuiltinJob>(method: M, ...args: Parameters<Rules[M]>) =>
  runJob('builtinJob', { method, args }) as Promise<ReturnType<Rules[M]>>;

/**
 * The built-in engine with every call run in the worker pool: its rules scan stored resume and
 * job text (up to 200 K characters each), so they get the pool's time and memory limits and never
 * hold the HTTP thread. Same results as createBuiltinEngine(), same port.
 */
export function createPooledBuiltinEngine(): AiEngine {
  return {
    info: { ...BUILTIN_ENGINE },
    analyzeProfile: (c) => call('analyzeProfile', c),
    matchCandidateToJob: (c, j) => call('matchCandidateToJob', c, j),
    salaryBenchmark: (q, r) => call('salaryBenchmark', q, r.jobs, r.placements),
    generateMessage: (c, j, t, sender) => call('generateMessage', c, j, t, sender),
    predictSuccess: (c, j, stage) => call('predictSuccess', c, j, stage),
    analyzeInterviewNotes: (notes) => call('analyzeInterviewNotes', notes),
    generateSearchStrings: (q) => call('generateSearchStrings', q),
    suggestActions: (d) => call('suggestActions', d),
    marketAnalysis: (q, d) => call('marketAnalysis', q, d),
    analyzeJob: (j) => call('analyzeJob', j),
  };
}
