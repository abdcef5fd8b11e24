import { normalizeEmail } from '@ats/events';
import { ConcurrencyError, type StreamAppend } from '@ats/storage';
import { toNewEvents } from '../command-handler';
import { candidateEmails, candidates } from '../domain/aggregates';
import type { Call, Deps } from '../domain/context';
import { candidateDecider } from '../domain/candidates/decider';
import { emailReservationDecider } from '../domain/candidates/email-reservation';
import { registration, type CreateCandidateInput } from '../domain/candidates/handlers';
import { DomainError } from '../domain/shared/errors';

/** new candidates registered together at most (two streams each: the e-mail reservation and the candidate) */
export const CANDIDATE_BATCH = 50;

export interface NewCandidate {
  call: Call;
  input: CreateCandidateInput;
}

/**
 * Registers new candidates at once: a block of ids in one append, then each row decided by the
 * pure deciders (the e-mail reservation on a free address, the registration on an empty stream)
 * and every stream appended in ONE `appendMany` (one transaction, the hash chain walked on, each
 * event sealed by the store's privacy wrapper like any append). Each stream is expected not to
 * exist: an address reserved meanwhile (another user, an orphaned reservation, or this very row in
 * a run before a restart) fails the whole batch with nothing written, and the caller then runs its
 * rows one by one as the form's command (which knows those cases). Null then; else the ids in order
 * and the log position of the last event written.
 * A refused batch spends its ids (ids may have gaps, as after any refused registration).
 */
export async function registerCandidates(deps: Deps, rows: readonly NewCandidate[]): Promise<{ ids: number[]; position: number } | null> {
  if (rows.length === 0) return { ids: [], position: 0 };
  const first = await deps.allocateId('candidate', rows.length);
  const ids = rows.map((_, i) => first + i);
  const appends: StreamAppend[] = [];
  try {
    rows.forEach(({ call, input }, i) => {
      const candidateId = ids[i]!;
      const data = registration(candidateId, input);
      const reserved = emailReservationDecider.decide(
        {
          type: 'ReserveCandidateEmail',
          data: { email: normalizeEmail(data.email), candidateId, takeOverFrom: null },
          metadata: call.metadata,
        },
        emailReservationDecider.initialState(),
      );
      const registered = candidateDecider.decide(
        { type: 'RegisterCandidate', data, metadata: call.metadata },
        candidateDecider.initialState(),
      );
      const events = (list: Parameters<typeof toNewEvents>[0]) => toNewEvents(list, call.metadata, call.correlationId);
      appends.push(
        { stream: candidateEmails.streamId(data.email), events: events(reserved), expectedRevision: 'no_stream' },
        { stream: candidates.streamId(candidateId), events: events(registered), expectedRevision: 'no_stream' },
      );
    });
    const results = await deps.eventStore.appendMany(appends);
    return { ids, position: Math.max(0, ...results.map((r) => r.position)) };
  } catch (error) {
    // a taken stream, a row its decider refuses, or one address twice in the batch: row by row
    if (error instanceof ConcurrencyError || error instanceof DomainError || error instanceof TypeError) return null;
    throw error;
  }
}
