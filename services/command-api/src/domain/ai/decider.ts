import type { AiAnalysisRecorded, EventOfType } from '@ats/events';
import { assertNever, type CommandMetadata, type Decider } from '../shared/decider';
import { ConflictError } from '../shared/errors';

/** Every AI result is kept as an event naming the engine and model that produced it. */
export type AiAnalysisEvent = EventOfType<'AiAnalysisRecorded'>;
export type AiAnalysisState = { status: 'empty' } | { status: 'recorded'; id: number };
export type RecordAiAnalysis = { type: 'RecordAiAnalysis'; data: AiAnalysisRecorded; metadata: CommandMetadata };

export const aiAnalysisDecider: Decider<AiAnalysisState, RecordAiAnalysis, AiAnalysisEvent> = {
  eventTypes: ['AiAnalysisRecorded'],
  initialState: () => ({ status: 'empty' }),
  evolve: (state, event) => (event.type === 'AiAnalysisRecorded' ? { status: 'recorded', id: event.data.analysisId } : state),
  decide: (command, state) => {
    switch (command.type) {
      case 'RecordAiAnalysis':
        if (state.status !== 'empty') throw new ConflictError('analysis_exists', `Analysis ${command.data.analysisId} already exists`);
        return [{ type: 'AiAnalysisRecorded', data: command.data }];
      default:
        return assertNever(command.type);
    }
  },
};
