import type { EventOfType } from '@ats/events';
import { messages } from '@ats/contracts';
import type { CommandMetadata, Decider } from '../shared/decider';
import { ConflictError } from '../shared/errors';

/**
 * Write-side uniqueness of users' sign-in e-mails: one stream per address (by digest). Appending
 * with the stream's expected revision makes concurrent registrations of one address race there,
 * and exactly one wins; the account store's look-up alone let 44 of 50 through (sweep two).
 */
export type UserEmailEvent = EventOfType<'UserEmailReserved'>;
export type UserEmailState = { status: 'free' } | { status: 'reserved'; userId: string };

export type ReserveUserEmail = {
  type: 'ReserveUserEmail';
  /** `takeOverFrom`: the holder the handler verified to be an orphan (a registration that crashed before its user stream), or null */
  data: { userId: string; takeOverFrom: string | null };
  metadata: CommandMetadata;
};

export const userEmailDecider: Decider<UserEmailState, ReserveUserEmail, UserEmailEvent> = {
  eventTypes: ['UserEmailReserved'],
  initialState: () => ({ status: 'free' }),
  evolve: (state, event) => (event.type === 'UserEmailReserved' ? { status: 'reserved', userId: event.data.userId } : state),
  decide: (command, state) => {
    if (state.status === 'reserved' && state.userId !== command.data.userId && state.userId !== command.data.takeOverFrom)
      throw new ConflictError('email_taken', messages.userEmailTaken, { errors: [{ path: 'email', message: messages.userEmailTaken }] });
    return [{ type: 'UserEmailReserved', data: { userId: command.data.userId } }];
  },
};
