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
  await reserveEmail(deps, call, email, 0, { dryRun: true });
  const candidateId = await deps.allocateId('candidate');
  // reserve the e-mail first: of two concurrent registrations with one address, one wins here
  await reserveEmail(deps, call, email, candidateId);
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
 * The holder of an address that may be taken over: a reservation whose candidate stream never
 * got written (a crash in between), once older than the grace period — a fresh one belongs to a
 * registration still writing its candidate stream. Null when there is no such orphan.
 */
async function orphanedHolder(deps: Deps, email: string, now: string): Promise<number | null> {
  const recorded = await deps.eventStore.readStream(toCandidateEmailStreamId(email));
  const reservation = recorded.reduce(
    (state, r) => emailReservationDecider.evolve(state, decodeEvent(r) as unknown as EmailReservationEvent),
    emailReservationDecider.initialState(),
  );
  if (reservation.status !== 'reserved') return null;
  const reservedAt = Date.parse(recorded[recorded.length - 1]?.metadata.occurredAt ?? '');
  if (!(Date.parse(now) - reservedAt >= RESERVATION_GRACE_MS)) return null;
  const holder = await streamState(deps.eventStore, toCandidateStreamId(reservation.candidateId), candidateDecider);
  return holder.status === 'registered' ? null : reservation.candidateId;
}

/**
 * Reserves an address for a candidate, racing other writers on the address's stream with the
 * expected revision. The decider allows a takeover only from the exact orphan named here, so a
 * concurrent winner's fresh reservation can never be taken over. `dryRun` only checks.
 */
async function reserveEmail(deps: Deps, call: Call, email: string, candidateId: number, options: { dryRun?: boolean } = {}): Promise<void> {
  const ctx = { eventStore: deps.eventStore, correlationId: call.correlationId };
  for (let attempt = 0; ; attempt++) {
    const command = {
      type: 'ReserveCandidateEmail' as const,
      data: { email: normalizeEmail(email), candidateId, takeOverFrom: await orphanedHolder(deps, email, call.metadata.now) },
      metadata: call.metadata,
    };
    if (options.dryRun) {
      const recorded = await deps.eventStore.readStream(toCandidateEmailStreamId(email));
      const state = recorded.reduce(
        (s, r) => emailReservationDecider.evolve(s, decodeEvent(r) as unknown as EmailReservationEvent),
        emailReservationDecider.initialState(),
      );
      emailReservationDecider.decide(command, state);
      return;
    }
    try {
      await handleCommand(ctx, toCandidateEmailStreamId(email), emailReservationDecider, command, 0);
      return;
    } catch (error) {
      if (!(error instanceof ConcurrencyError) || attempt >= 5) throw error;
    }
  }
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
    await reserveEmail(deps, call, newEmail, candidateId);
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
