import * as rules from './builtin-engine';
import type { AiEngine } from './port';

/** The default engine: the deterministic rules in builtin-engine.ts behind the AI port. */
export function createBuiltinEngine(): AiEngine {
  return {
    info: { ...rules.BUILTIN_ENGINE },
    analyzeProfile: async (c) => rules.analyzeProfile(c),
    matchCandidateToJob: async (c, j) => rules.matchCandidateToJob(c, j),
    salaryBenchmark: async (q, r) => rules.salaryBenchmark(q, r.jobs, r.placements),
    generateMessage: async (c, j, t, sender) => rules.generateMessage(c, j, t, sender),
    predictSuccess: async (c, j, stage) => rules.predictSuccess(c, j, stage),
    analyzeInterviewNotes: async (notes) => rules.analyzeInterviewNotes(notes),
    generateSearchStrings: async (q) => rules.generateSearchStrings(q),
    suggestActions: async (d) => rules.suggestActions(d),
    marketAnalysis: async (q, d) => rules.marketAnalysis(q, d),
    analyzeJob: async (j) => rules.analyzeJob(j),
  };
}
