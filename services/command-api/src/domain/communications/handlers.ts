import type { CommunicationRecorded } from '@ats/events';
import { scopeOf } from '../../command-handler';
import { communications } from '../aggregates';
import type { Call, Deps, Result } from '../context';

type ProviderFields = 'provider' | 'providerMessageId' | 'note';
export type CommunicationInput = Omit<CommunicationRecorded, 'communicationId' | ProviderFields> &
  Partial<Pick<CommunicationRecorded, ProviderFields>>;

/** Records a communication (the e-mail routes call this after the provider or outbox took the message). */
export async function recordCommunication(deps: Deps, call: Call, input: CommunicationInput): Promise<Result> {
  const communicationId = await deps.allocateId('communication');
  const outcome = await communications.execute(scopeOf(deps, call), communicationId, {
    type: 'RecordCommunication',
    data: { provider: null, providerMessageId: null, note: null, ...input, communicationId },
  });
  return { id: communicationId, position: outcome.position };
}
