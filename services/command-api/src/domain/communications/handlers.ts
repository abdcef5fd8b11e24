import { toCommunicationStreamId, type CommunicationRecorded } from '@ats/events';
import { handleCommand } from '../../command-handler';
import type { Call, Deps, Result } from '../context';
import { communicationDecider } from './decider';

/** Records a communication (no route yet: the e-mail issue calls this after sending). */
export async function recordCommunication(deps: Deps, call: Call, input: Omit<CommunicationRecorded, 'communicationId'>): Promise<Result> {
  const communicationId = await deps.allocateId('communication');
  const outcome = await handleCommand({ eventStore: deps.eventStore, correlationId: call.correlationId }, toCommunicationStreamId(communicationId), communicationDecider, {
    type: 'RecordCommunication',
    data: { ...input, communicationId },
    metadata: call.metadata,
  });
  return { id: communicationId, position: outcome.position };
}
