import { normalizeEmail } from '@ats/events';
import { messages, type ParsedBodyOf, type contracts } from '@ats/contracts';
import { ConcurrencyError } from '@ats/storage';
import { executeEdit, loadEditBase, scopeOf, type CommandScope } from '../../command-handler';
import { candidateEmails, candidates, isLiveCandidate } from '../aggregates';
import type { Call, Deps, Result } from '../context';
import { resolveEdit } from '../shared/edit-conflicts';
import { ConflictError, NotFoundError } from '../shared/errors';
import { candidateDecider } from './decider';

export type CreateCandidateInput = ParsedBodyOf<typeof contracts.createCandidate>;
type UpdateCandidateInput = ParsedBodyOf<typeof contracts.updateCandidate>;

export async function registerCandidate(deps: Deps, call: Call, input: CreateCandidateInput): Promise<Result> {
  const scope = scopeOf(deps, call);
  const email = input.email.trim();
  // refuse an address in use before spending an id (a rejected command appends nothing)
  await reserveEmail(scope, email, 0, { dryRun: true });
  const candidateId = await deps.allocateId('candidate');
  // reserve the e-mail first: of two concurrent registrations with one address, one wins here
  await reserveEmail(scope, email, candidateId);
  const outcome = await candidates.execute(scope, candidateId, { type: 'RegisterCandidate', data: registration(candidateId, input) });
  return { id: candidateId, position: outcome.position };
}

/** The data of a RegisterCandidate command (the form's and a bulk import's). */
export function registration(candidateId: number, input: CreateCandidateInput) {
  return {
    candidateId,
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email.trim(),
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
    source: input.source ?? null,
  };
}

/** How long a reservation counts as a registration in flight even before its candidate stream exists. */
const RESERVATION_GRACE_MS = 10_000;

/**
 * The holder of an address that may be taken over: a reservation whose candidate stream never
 * got written (a crash in between), once older than the grace period — a fresh one belongs to a
 * registration still writing its candidate stream. Null when there is no such orphan.
 */
async function orphanedHolder(scope: CommandScope, email: string): Promise<number | null> {
  const { state: reservation, lastOccurredAt } = await candidateEmails.load(scope.eventStore, email);
  if (reservation.status !== 'reserved') return null;
  const reservedAt = Date.parse(lastOccurredAt ?? '');
  if (!(Date.parse(scope.metadata.now) - reservedAt >= RESERVATION_GRACE_MS)) return null;
  const holder = await candidates.state(scope.eventStore, reservation.candidateId);
  return isLiveCandidate(holder) ? null : reservation.candidateId;
}

/**
 * Reserves an address for a candidate, racing other writers on the address's stream with the
 * expected revision. The decider allows a takeover only from the exact orphan named here, so a
 * concurrent winner's fresh reservation can never be taken over. `dryRun` only checks.
 */
async function reserveEmail(scope: CommandScope, email: string, candidateId: number, options: { dryRun?: boolean } = {}): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const command = {
      type: 'ReserveCandidateEmail' as const,
      data: { email: normalizeEmail(email), candidateId, takeOverFrom: await orphanedHolder(scope, email) },
    };
    if (options.dryRun) return candidateEmails.check(scope, email, command);
    try {
      await candidateEmails.execute(scope, email, command, { retries: 0 });
      return;
    } catch (error) {
      if (!(error instanceof ConcurrencyError) || attempt >= 5) throw error;
    }
  }
}

export async function deleteCandidate(deps: Deps, call: Call, candidateId: number): Promise<Result> {
  const scope = scopeOf(deps, call);
  const outcome = await candidates.execute(scope, candidateId, { type: 'DeleteCandidate', data: { candidateId } });
  // free the address so the person can be registered again later
  if (outcome.state.status === 'deleted') {
    const email = outcome.state.email;
    const released = await candidateEmails.execute(scope, email, {
      type: 'ReleaseCandidateEmail',
      data: { email: normalizeEmail(email), candidateId },
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
  const scope = scopeOf(deps, call);
  const { baseRevision, ...fields } = input;
  const requested = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
  return executeEdit(
    baseRevision,
    () =>
      loadEditBase(deps.eventStore, candidates.streamId(candidateId), candidateDecider, baseRevision ?? -1, 'CandidateUpdated', (state) =>
        state.status === 'registered' ? state.fields : null,
      ),
    async (base, expectedRevision) => {
      const current = await candidates.state(deps.eventStore, candidateId);
      if (current.status !== 'registered') throw new NotFoundError('Candidate', candidateId);
      // what this edit will really change: a conflict is refused here, before an address is reserved
      const changes = resolveEdit(current.fields, requested, base);
      const newEmail = typeof changes.email === 'string' ? changes.email.trim() : undefined;
      const emailMoves = newEmail !== undefined && normalizeEmail(newEmail) !== normalizeEmail(current.email);
      if (emailMoves) {
        await reserveEmail(scope, newEmail, candidateId);
      }
      const outcome = await candidates.execute(
        scope,
        candidateId,
        { type: 'UpdateCandidate', data: { candidateId, changes, base } },
        expectedRevision === undefined ? {} : { expectedRevision },
      );
      if (emailMoves && outcome.appended > 0) {
        const released = await candidateEmails.execute(scope, current.email, {
          type: 'ReleaseCandidateEmail',
          data: { email: normalizeEmail(current.email), candidateId },
        });
        return { id: candidateId, position: Math.max(outcome.position, released.position) };
      }
      return { id: candidateId, position: outcome.position };
    },
  );
}

/**
 * Undo of a delete. The e-mail is reserved again first: if another candidate took it meanwhile,
 * the restore is refused (409 naming the e-mail) and nothing is appended.
 */
export async function restoreCandidate(deps: Deps, call: Call, candidateId: number): Promise<Result> {
  const scope = scopeOf(deps, call);
  const command = { type: 'RestoreCandidate' as const, data: { candidateId } };
  await candidates.check(scope, candidateId, command);
  const current = await candidates.state(deps.eventStore, candidateId);
  if (current.status !== 'deleted') throw new NotFoundError('Candidate', candidateId);
  try {
    await reserveEmail(scope, current.email, candidateId);
  } catch (error) {
    if (error instanceof ConflictError && error.code === 'email_taken')
      throw new ConflictError('email_taken', messages.candidateRestoreEmailTaken, {
        errors: [{ path: 'email', message: messages.candidateRestoreEmailTaken }],
      });
    throw error;
  }
  const outcome = await candidates.execute(scope, candidateId, command);
  return { id: candidateId, position: outcome.position };
}
