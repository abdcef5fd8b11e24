import { randomUUID } from 'node:crypto';
import { normalizeEmail, toUserStreamId, type Role } from '@ats/events';
import { hashPassword } from '@ats/http-kit';
import { handleCommand } from '../../command-handler';
import type { Call, Deps } from '../context';
import { ConflictError } from '../shared/errors';
import { userDecider } from './decider';

export interface NewUser {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  role: Role;
}

/** The profile is an event (UserRegistered); the password hash goes to the account store only. */
export async function registerUser(deps: Deps, call: Call, input: NewUser): Promise<{ userId: string; position: number }> {
  if (await deps.accounts.findByEmail(input.email)) throw new ConflictError('email_taken', 'A user with this email already exists');
  const userId = randomUUID();
  const passwordHash = await hashPassword(input.password);
  const outcome = await handleCommand({ eventStore: deps.eventStore, correlationId: call.correlationId }, toUserStreamId(userId), userDecider, {
    type: 'RegisterUser',
    data: { userId, email: normalizeEmail(input.email), firstName: input.firstName, lastName: input.lastName, role: input.role, profileImageUrl: null },
    metadata: call.metadata,
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
