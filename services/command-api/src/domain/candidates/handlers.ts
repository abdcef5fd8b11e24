import { normalizeEmail, toCandidateEmailStreamId, toCandidateStreamId } from '@ats/events';
import type { ParsedBodyOf, contracts } from '@ats/contracts';
import { handleCommand, streamState } from '../../command-handler';
import type { Call, Deps, Result } from '../context';
import { candidateDecider } from './decider';
import { emailReservationDecider } from './email-reservation';

type CreateCandidateInput = ParsedBodyOf<typeof contracts.createCandidate>;

export async function registerCandidate(deps: Deps, call: Call, input: CreateCandidateInput): Promise<Result> {
  const ctx = { eventStore: deps.eventStore, correlationId: call.correlationId };
  const candidateId = await deps.allocateId('candidate');
  const email = input.email.trim();
  // reserve the e-mail first: of two concurrent registrations with one address, one wins here
  await handleCommand(ctx, toCandidateEmailStreamId(email), emailReservationDecider, {
    type: 'ReserveCandidateEmail',
    data: { email: normalizeEmail(email), candidateId, holderExists: await emailHolderExists(deps, email) },
    metadata: call.metadata,
  });
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

/** A reservation whose candidate stream never got written (crash in between) may be taken over. */
async function emailHolderExists(deps: Deps, email: string): Promise<boolean> {
  const reservation = await streamState(deps.eventStore, toCandidateEmailStreamId(email), emailReservationDecider);
  if (reservation.status !== 'reserved') return false;
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
