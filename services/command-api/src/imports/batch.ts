import { normalizeEmail } from '@ats/events';
import { ConcurrencyError, type StreamAppend } from '@ats/storage';
import { toNewEvents } from '../command-handler';
import { candidateEmails, candidates } from '../domain/aggregates';
import type { Call, Deps } from '../domain/context';
import { candidateDecider } from '../domain/candidates/decider';
import { emailReservationDecider } from '../domain/candidates/email-reservation';
import { registration, type CreateCandidateInput } from '../domain/candidates/handlers';
import { DomainError } from '../domain/shared/errors';

/**
 * New candidates registered together at most (two streams each: the e-mail reservation and the
 * candidate). On the embedded store a batch's append and then its projection each hold the one
 * thread that serves every request, so another user's command may wait that long behind an
 * import: 25 rows (51 events, one projector commit) halve what 50 did (101 events, projected as
 * 100 + 1). A divisor of IMPORT_CHUNK, so a chunk record falls between two batches.
 */
export const CANDIDATE_BATCH = 25;

export interface NewCandidate {
  call: Call;
  input: CreateCandidateInput;
}

/** how many times a batch is planned again when another process reserved ids meanwhile */
const ID_ATTEMPTS = 5;

/**
 * Registers new candidates at once: a block of ids (ONE `IdsReserved` event on `ids-candidate`),
 * then each row decided by the pure deciders (the e-mail reservation on a free address, the
 * registration on an empty stream), and the ids block with every row's streams appended in ONE
 * `appendMany` (one transaction, the hash chain walked on, each event sealed by the store's
 * privacy wrapper like any append). The ids stream is expected at the revision this process
 * knows: another process's reservation meanwhile plans the batch again with the next ids. Each
 * row's stream is expected not to exist: an address reserved meanwhile (another user, an orphaned
 * reservation, or this very row in a run before a restart) fails the whole batch with nothing
 * written (its ids included), and the caller then runs its rows one by one as the form's command
 * (which knows those cases). Null then; else the ids in order and the log position of the last
 * event written.
 */
export async function registerCandidates(deps: Deps, rows: readonly NewCandidate[]): Promise<{ ids: number[]; position: number } | null> {
  if (rows.length === 0) return { ids: [], position: 0 };
  for (let attempt = 0; ; attempt++) {
    const block = await deps.allocateId.block('candidate', rows.length);
    const ids = rows.map((_, i) => block.first + i);
    const appends: StreamAppend[] = block.append ? [block.append] : [];
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
      if (block.append) block.committed(results[0]!.nextExpectedRevision);
      return { ids, position: Math.max(0, ...results.map((r) => r.position)) };
    } catch (error) {
      // another process reserved ids meanwhile: learn the stream, plan the batch again
      if (error instanceof ConcurrencyError && block.append && error.stream === block.append.stream && attempt < ID_ATTEMPTS) {
        await block.refused(error);
        continue;
      }
      // a taken stream, a row its decider refuses, or one address twice in the batch: row by row
      if (error instanceof ConcurrencyError || error instanceof DomainError || error instanceof TypeError) return null;
      throw error;
    }
  }
}
