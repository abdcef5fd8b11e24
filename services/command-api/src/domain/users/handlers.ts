import { randomUUID } from 'node:crypto';
import { normalizeEmail, type Role } from '@ats/events';
import { hashPassword } from '@ats/http-kit';
import { ConcurrencyError } from '@ats/storage';
import { scopeOf, type CommandScope } from '../../command-handler';
import { calendarFeeds, userEmails, users } from '../aggregates';
import { messages, passwordProblem } from '@ats/contracts';
import type { Call, Deps, Result } from '../context';
import { ConflictError } from '../shared/errors';
import { ValidationError } from '@ats/http-kit';

export interface NewUser {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  role: Role;
}

/** A reservation younger than this belongs to a registration still writing its user stream. */
const RESERVATION_GRACE_MS = 10_000;

/**
 * Reserves the address for `userId` on its reservation stream (expected revision: one of two
 * concurrent registrations gets a 409). A holder whose user stream was never written (a crash
 * between the two appends), once past the grace period, may be taken over, by name.
 */
async function reserveUserEmail(scope: CommandScope, email: string, userId: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const { state, lastOccurredAt } = await userEmails.load(scope.eventStore, email);
    let takeOverFrom: string | null = null;
    if (state.status === 'reserved' && Date.parse(scope.metadata.now) - Date.parse(lastOccurredAt ?? '') >= RESERVATION_GRACE_MS) {
      const holder = await users.state(scope.eventStore, state.userId);
      if (holder.status !== 'registered') takeOverFrom = state.userId;
    }
    try {
      await userEmails.execute(scope, email, { type: 'ReserveUserEmail', data: { userId, takeOverFrom } }, { retries: 0 });
      return;
    } catch (error) {
      if (!(error instanceof ConcurrencyError) || attempt >= 5) throw error;
    }
  }
}

/** The profile is an event (UserRegistered); the password hash goes to the account store only. */
export async function registerUser(deps: Deps, call: Call, input: NewUser): Promise<{ userId: string; position: number }> {
  if (await deps.accounts.findByEmail(input.email))
    throw new ConflictError('email_taken', messages.userEmailTaken, { errors: [{ path: 'email', message: messages.userEmailTaken }] });
  // every way in (the API, the first admin at start, scripts) meets the same password policy
  const weak = passwordProblem(input.password);
  if (weak) throw new ValidationError([{ path: 'password', message: weak }]);
  const userId = randomUUID();
  const scope = scopeOf(deps, call);
  // accounts made before the reservation streams have none: the look-up above still guards them
  await reserveUserEmail(scope, input.email, userId);
  const passwordHash = await hashPassword(input.password);
  const outcome = await users.execute(scope, userId, {
    type: 'RegisterUser',
    data: {
      userId,
      email: normalizeEmail(input.email),
      firstName: input.firstName,
      lastName: input.lastName,
      role: input.role,
      profileImageUrl: null,
    },
  });
  await deps.accounts.save({
    id: userId,
    email: input.email,
    passwordHash,
    firstName: input.firstName,
    lastName: input.lastName,
    profileImageUrl: null,
    role: input.role,
    active: true,
    createdAt: call.metadata.now,
  });
  return { userId, position: outcome.position };
}

/**
 * An admin sets a new password for another user (the Team screen): the event records that it
 * happened and who did it (never the password); the account store gets the new hash and every
 * open session of the user ends, so the old password and whoever used it are out.
 */
export async function resetUserPassword(deps: Deps, call: Call, userId: string, password: string): Promise<Result> {
  const weak = passwordProblem(password);
  if (weak) throw new ValidationError([{ path: 'password', message: weak }]);
  const passwordHash = await hashPassword(password);
  const outcome = await users.execute(scopeOf(deps, call), userId, { type: 'ResetUserPassword', data: { userId } });
  await deps.accounts.patch(userId, { passwordHash });
  await deps.sessions.destroyForUser(userId);
  return { position: outcome.position };
}

/**
 * Changes a user's role and/or switches the account off or on. The account store follows the
 * events at once (sign-in and every request read it), and a deactivated user's sessions end now;
 * their sockets are disconnected by the query-api when the users read model reports the change.
 */
export async function updateUser(
  deps: Deps,
  call: Call,
  userId: string,
  input: { role?: Role | undefined; active?: boolean | undefined },
): Promise<Result> {
  const outcome = await users.execute(scopeOf(deps, call), userId, {
    type: 'UpdateUser',
    data: { userId, role: input.role, active: input.active },
  });
  if (outcome.state.status === 'registered' && outcome.appended > 0) {
    await deps.accounts.patch(userId, { role: outcome.state.role, active: outcome.state.active });
    if (!outcome.state.active) await deps.sessions.destroyForUser(userId);
    if (input.active === false && !outcome.state.active) {
      // like the sessions, the private calendar-feed link ends for good: a reactivated account
      // gets a new link, never the one that may still sit in a calendar the person took along
      const rotated = await calendarFeeds.execute(scopeOf(deps, call), userId, { type: 'RotateCalendarFeed', data: { userId } });
      return { position: Math.max(outcome.position, rotated.position) };
    }
  }
  return { position: outcome.position };
}
