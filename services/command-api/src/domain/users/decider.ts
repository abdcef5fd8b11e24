import type { EventOfType, Role, UserRegistered } from '@ats/events';
import { messages } from '@ats/contracts';
import { assertNever, type CommandMetadata, type Decider } from '../shared/decider';
import { ConflictError, NotFoundError } from '../shared/errors';

export type UserEvent =
  | EventOfType<'UserRegistered'>
  | EventOfType<'UserRoleChanged'>
  | EventOfType<'UserDeactivated'>
  | EventOfType<'UserReactivated'>
  | EventOfType<'UserPasswordReset'>;
export type UserState = { status: 'empty' } | { status: 'registered'; id: string; role: Role; active: boolean };

export type RegisterUser = { type: 'RegisterUser'; data: UserRegistered; metadata: CommandMetadata };
/** Role and/or active flag; an admin may not change their own account (no lock-out by accident). */
export type UpdateUser = {
  type: 'UpdateUser';
  data: { userId: string; role?: Role | undefined; active?: boolean | undefined };
  metadata: CommandMetadata;
};
/** An admin sets a new password for another account (not their own: that would end their own session). */
export type ResetUserPassword = { type: 'ResetUserPassword'; data: { userId: string }; metadata: CommandMetadata };
export type UserCommand = RegisterUser | UpdateUser | ResetUserPassword;

export const initialState = (): UserState => ({ status: 'empty' });

export function evolve(state: UserState, event: UserEvent): UserState {
  switch (event.type) {
    case 'UserRegistered':
      return { status: 'registered', id: event.data.userId, role: event.data.role, active: true };
    case 'UserRoleChanged':
      return state.status === 'registered' ? { ...state, role: event.data.toRole } : state;
    case 'UserDeactivated':
      return state.status === 'registered' ? { ...state, active: false } : state;
    case 'UserReactivated':
      return state.status === 'registered' ? { ...state, active: true } : state;
    default:
      return state;
  }
}

function update(command: UpdateUser, state: UserState): UserEvent[] {
  if (state.status !== 'registered') throw new NotFoundError('User', command.data.userId);
  const { role, active } = command.data;
  const events: UserEvent[] = [];
  if (role !== undefined && role !== state.role)
    events.push({ type: 'UserRoleChanged', data: { userId: state.id, fromRole: state.role, toRole: role } });
  if (active === false && state.active) events.push({ type: 'UserDeactivated', data: { userId: state.id } });
  if (active === true && !state.active) events.push({ type: 'UserReactivated', data: { userId: state.id } });
  if (events.length > 0 && command.metadata.actor.id === state.id) throw new ConflictError('own_account', messages.cannotChangeOwnAccount);
  return events;
}

export function decide(command: UserCommand, state: UserState): UserEvent[] {
  switch (command.type) {
    case 'RegisterUser':
      if (state.status !== 'empty') throw new ConflictError('user_exists', 'User already exists');
      return [{ type: 'UserRegistered', data: command.data }];
    case 'UpdateUser':
      return update(command, state);
    case 'ResetUserPassword':
      if (state.status !== 'registered') throw new NotFoundError('User', command.data.userId);
      if (command.metadata.actor.id === state.id) throw new ConflictError('own_account', messages.cannotResetOwnPassword);
      return [{ type: 'UserPasswordReset', data: { userId: state.id } }];
    default:
      return assertNever(command);
  }
}

export const userDecider: Decider<UserState, UserCommand, UserEvent> = {
  eventTypes: ['UserRegistered', 'UserRoleChanged', 'UserDeactivated', 'UserReactivated', 'UserPasswordReset'],
  initialState,
  evolve,
  decide,
};
