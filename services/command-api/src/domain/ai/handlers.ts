import { toAiAnalysisStreamId, type AiAnalysisRecorded } from '@ats/events';
import { handleCommand } from '../../command-handler';
import type { Call, Deps, Result } from '../context';
import { aiAnalysisDecider } from './decider';

/** Records an AI result (no route yet: the AI issue's engines call this). */
export async function recordAiAnalysis(deps: Deps, call: Call, input: Omit<AiAnalysisRecorded, 'analysisId'>): Promise<Result> {
  const analysisId = await deps.allocateId('analysis');
  const outcome = await handleCommand(
    { eventStore: deps.eventStore, correlationId: call.correlationId },
    toAiAnalysisStreamId(analysisId),
    aiAnalysisDecider,
    {
      type: 'RecordAiAnalysis',
      data: { ...input, analysisId },
      metadata: call.metadata,
    },
  );
  return { id: analysisId, position: outcome.position };
}
