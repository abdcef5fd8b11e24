import type { AiAnalysisRecorded } from '@ats/events';
import { scopeOf } from '../../command-handler';
import { aiAnalyses, applications } from '../aggregates';
import type { Call, Deps, Result } from '../context';

/**
 * Records an AI result (no route yet: the AI issue's engines call this). An analysis of an
 * application carries its candidate (`candidateId`): its results, which name them more often
 * than not, are sealed with their key and go with an erasure (sweep ten).
 */
export async function recordAiAnalysis(deps: Deps, call: Call, input: Omit<AiAnalysisRecorded, 'analysisId'>): Promise<Result> {
  const analysisId = await deps.allocateId('analysis');
  let candidateId = input.candidateId;
  if (candidateId === undefined && input.entityType === 'application' && input.entityId !== null) {
    const application = await applications.load(deps.eventStore, input.entityId);
    if (application.state.status !== 'empty') candidateId = application.state.candidateId;
  }
  const data: AiAnalysisRecorded = { ...input, analysisId, ...(candidateId !== undefined ? { candidateId } : {}) };
  const outcome = await aiAnalyses.execute(scopeOf(deps, call), analysisId, { type: 'RecordAiAnalysis', data });
  return { id: analysisId, position: outcome.position };
}
