import { decodeEvent, normalizeEmail, toCandidateEmailStreamId, toCandidateStreamId } from '@ats/events';
import type { ParsedBodyOf, contracts } from '@ats/contracts';
import { ConcurrencyError } from '@ats/storage';
import { handleCommand, streamState } from '../../command-handler';
import type { Call, Deps, Result } from '../context';
import { NotFoundError } from '../shared/errors';
import { candidateDecider } from './decider';
import { emailReservationDecider, type EmailReservationEvent } from './email-reservation';

type CreateCandidateInput = ParsedBodyOf<typeof contracts.createCandidate>;
type UpdateCandidateInput = ParsedBodyOf<typeof contracts.updateCandidate>;

export async function registerCandidate(deps: Deps, call: Call, input: CreateCandidateInput): Promise<Result> {
  const ctx = { eventStore: deps.eventStore, correlationId: call.correlationId };
  const email = input.email.trim();
  // refuse an address in use before spending an id (a rejected command appends nothing)
  if (await emailHolderExists(deps, email, call.metadata.now))
    emailReservationDecider.decide({ type: 'ReserveCandidateEmail', data: { email: normalizeEmail(email), candidateId: 0, holderExists: true }, metadata: call.metadata }, { status: 'reserved', candidateId: -1 });
  const candidateId = await deps.allocateId('candidate');
  // reserve the e-mail first: of two concurrent registrations with one address, one wins here.
  // After a lost race the holder is judged again (a fixed `holderExists` would let the loser
  // take over the winner's fresh reservation).
  for (let attempt = 0; ; attempt++) {
    try {
      await handleCommand(ctx, toCandidateEmailStreamId(email), emailReservationDecider, {
        type: 'ReserveCandidateEmail',
        data: { email: normalizeEmail(email), candidateId, holderExists: await emailHolderExists(deps, email, call.metadata.now) },
        metadata: call.metadata,
      }, 0);
      break;
    } catch (error) {
      if (!(error instanceof ConcurrencyError) || attempt >= 5) throw error;
    }
  }
  const outcome = await handleCommand(ctx, toCandidateStreamId(candidateId), candidateDecider, {
    type: 'RegisterCandidate',
    data: {
      candidateId,
      firstName: input.firstName,
      lastName: input.lastName,
      email,
      phone: input.phone ?? null,
      mobilePhone: input.mobilePhone ?? null,
      currentTitle: input.currentTitle,
      currentCompany: input.currentCompany ?? null,
      location: input.location ?? null,
      linkedinUrl: input.linkedinUrl ?? null,
      skills: input.skills,
      experience: input.experience ?? null,
      salaryExpectation: input.salaryExpectation ?? null,
      summary: input.summary ?? null,
      resumeFileName: input.resumeFileName ?? null,
      resumeText: input.resumeText ?? null,
      resumeUploadedAt: input.resumeUploadedAt ?? null,
    },
    metadata: call.metadata,
  });
  return { id: candidateId, position: outcome.position };
}

/** How long a reservation counts as a registration in flight even before its candidate stream exists. */
const RESERVATION_GRACE_MS = 10_000;

/**
 * A reservation whose candidate stream never got written (crash in between) may be taken over,
 * but only once it is older than the grace period: a fresh one belongs to a registration that
 * is still writing its candidate stream.
 */
async function emailHolderExists(deps: Deps, email: string, now: string): Promise<boolean> {
  const recorded = await deps.eventStore.readStream(toCandidateEmailStreamId(email));
  const reservation = recorded.reduce((state, r) => emailReservationDecider.evolve(state, decodeEvent(r) as unknown as EmailReservationEvent), emailReservationDecider.initialState());
  if (reservation.status !== 'reserved') return false;
  const reservedAt = Date.parse(recorded[recorded.length - 1]?.metadata.occurredAt ?? '');
  if (!(Date.parse(now) - reservedAt >= RESERVATION_GRACE_MS)) return true;
  const holder = await streamState(deps.eventStore, toCandidateStreamId(reservation.candidateId), candidateDecider);
  return holder.status === 'registered';
}

export async function deleteCandidate(deps: Deps, call: Call, candidateId: number): Promise<Result> {
  const ctx = { eventStore: deps.eventStore, correlationId: call.correlationId };
  const outcome = await handleCommand(ctx, toCandidateStreamId(candidateId), candidateDecider, {
    type: 'DeleteCandidate',
    data: { candidateId },
    metadata: call.metadata,
  });
  // free the address so the person can be registered again later
  if (outcome.state.status === 'deleted') {
    const email = outcome.state.email;
    const released = await handleCommand(ctx, toCandidateEmailStreamId(email), emailReservationDecider, {
      type: 'ReleaseCandidateEmail',
      data: { email: normalizeEmail(email), candidateId },
      metadata: call.metadata,
    });
    return { position: Math.max(outcome.position, released.position) };
  }
  return { position: outcome.position };
}

/**
 * Edits a candidate. A new e-mail is reserved before the update is appended (so two candidates
 * can never end up with one address) and the old one is released after it.
 */
export async function updateCandidate(deps: Deps, call: Call, candidateId: number, input: UpdateCandidateInput): Promise<Result> {
  const ctx = { eventStore: deps.eventStore, correlationId: call.correlationId };
  const current = await streamState(deps.eventStore, toCandidateStreamId(candidateId), candidateDecider);
  if (current.status !== 'registered') throw new NotFoundError('Candidate', candidateId);
  const changes = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  const newEmail = input.email?.trim();
  const emailMoves = newEmail !== undefined && normalizeEmail(newEmail) !== normalizeEmail(current.email);
  if (emailMoves) {
    // as in registerCandidate: after a lost race the holder is judged again
    for (let attempt = 0; ; attempt++) {
      try {
        await handleCommand(ctx, toCandidateEmailStreamId(newEmail), emailReservationDecider, {
          type: 'ReserveCandidateEmail',
          data: { email: normalizeEmail(newEmail), candidateId, holderExists: await emailHolderExists(deps, newEmail, call.metadata.now) },
          metadata: call.metadata,
        }, 0);
        break;
      } catch (error) {
        if (!(error instanceof ConcurrencyError) || attempt >= 5) throw error;
      }
    }
  }
  const outcome = await handleCommand(ctx, toCandidateStreamId(candidateId), candidateDecider, {
    type: 'UpdateCandidate',
    data: { candidateId, changes },
    metadata: call.metadata,
  });
  if (emailMoves && outcome.appended > 0) {
    const released = await handleCommand(ctx, toCandidateEmailStreamId(current.email), emailReservationDecider, {
      type: 'ReleaseCandidateEmail',
      data: { email: normalizeEmail(current.email), candidateId },
      metadata: call.metadata,
    });
    return { id: candidateId, position: Math.max(outcome.position, released.position) };
  }
  return { id: candidateId, position: outcome.position };
}
