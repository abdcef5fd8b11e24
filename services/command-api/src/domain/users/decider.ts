import type { EventOfType, UserRegistered } from '@ats/events';
import type { CommandMetadata, Decider } from '../shared/decider';
import { ConflictError } from '../shared/errors';

export type UserEvent = EventOfType<'UserRegistered'>;
export type UserState = { status: 'empty' } | { status: 'registered'; id: string; role: UserRegistered['role'] };
export type RegisterUser = { type: 'RegisterUser'; data: UserRegistered; metadata: CommandMetadata };

export const userDecider: Decider<UserState, RegisterUser, UserEvent> = {
  initialState: () => ({ status: 'empty' }),
  evolve: (_state, event) => ({ status: 'registered', id: event.data.userId, role: event.data.role }),
  decide: (command, state) => {
    if (state.status !== 'empty') throw new ConflictError('user_exists', 'User already exists');
    return [{ type: 'UserRegistered', data: command.data }];
  },
};
