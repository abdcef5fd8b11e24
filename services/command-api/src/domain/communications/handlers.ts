import { toCommunicationStreamId, type CommunicationRecorded } from '@ats/events';
import { handleCommand } from '../../command-handler';
import type { Call, Deps, Result } from '../context';
import { communicationDecider } from './decider';

type ProviderFields = 'provider' | 'providerMessageId' | 'note';
export type CommunicationInput = Omit<CommunicationRecorded, 'communicationId' | ProviderFields> &
  Partial<Pick<CommunicationRecorded, ProviderFields>>;

/** Records a communication (the e-mail routes call this after the provider or outbox took the message). */
export async function recordCommunication(deps: Deps, call: Call, input: CommunicationInput): Promise<Result> {
  const communicationId = await deps.allocateId('communication');
  const outcome = await handleCommand(
    { eventStore: deps.eventStore, correlationId: call.correlationId },
    toCommunicationStreamId(communicationId),
    communicationDecider,
    {
      type: 'RecordCommunication',
      data: { provider: null, providerMessageId: null, note: null, ...input, communicationId },
      metadata: call.metadata,
    },
  );
  return { id: communicationId, position: outcome.position };
}
