import type { AiAnalysisRecorded } from '@ats/events';
import { scopeOf } from '../../command-handler';
import { aiAnalyses } from '../aggregates';
import type { Call, Deps, Result } from '../context';

/** Records an AI result (no route yet: the AI issue's engines call this). */
export async function recordAiAnalysis(deps: Deps, call: Call, input: Omit<AiAnalysisRecorded, 'analysisId'>): Promise<Result> {
  const analysisId = await deps.allocateId('analysis');
  const outcome = await aiAnalyses.execute(scopeOf(deps, call), analysisId, { type: 'RecordAiAnalysis', data: { ...input, analysisId } });
  return { id: analysisId, position: outcome.position };
}
