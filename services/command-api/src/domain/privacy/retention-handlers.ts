import type { ParsedBodyOf, contracts } from '@ats/contracts';
import { commandHandler, scopeOf } from '../../command-handler';
import { candidates } from '../aggregates';
import type { Call, Deps, Result } from '../context';
import { retentionPolicyDecider, toPrivacySettingsStreamId } from './retention-policy';

const retentionPolicy = commandHandler(retentionPolicyDecider, toPrivacySettingsStreamId);

export async function recordConsent(
  deps: Deps,
  call: Call,
  candidateId: number,
  input: ParsedBodyOf<typeof contracts.recordConsent>,
): Promise<Result> {
  const outcome = await candidates.execute(scopeOf(deps, call), candidateId, {
    type: 'RecordConsent',
    data: {
      candidateId,
      basis: input.basis,
      state: input.state,
      source: input.source,
      recordedAt: input.recordedAt,
      note: input.note ?? null,
    },
  });
  return { id: candidateId, position: outcome.position };
}

export async function setRetentionPolicy(deps: Deps, call: Call, months: number): Promise<Result> {
  const outcome = await retentionPolicy.execute(scopeOf(deps, call), 'retention', { type: 'SetRetentionPolicy', data: { months } });
  return { position: outcome.position };
}

/** One `CandidateRetentionExtended` per selected candidate (each its own stream). */
export async function extendRetention(deps: Deps, call: Call, input: ParsedBodyOf<typeof contracts.extendRetention>): Promise<Result> {
  const scope = scopeOf(deps, call);
  let position = 0;
  for (const candidateId of new Set(input.candidateIds)) {
    const outcome = await candidates.execute(scope, candidateId, {
      type: 'ExtendRetention',
      data: { candidateId, months: input.months, reason: input.reason ?? null },
    });
    position = Math.max(position, outcome.position);
  }
  return { position };
}
