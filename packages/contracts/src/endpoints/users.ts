import { z } from 'zod';
import { whenMissing, tooLongMessage } from '../fields';
import { RoleSchema } from '@ats/events';
import { messages } from '../messages';
import { defineContract } from '../contract';
import { CommandResultSchema, UserSchema } from '../models';
import { NewPasswordSchema } from '../password-policy';

export const CreateUserBodySchema = z.object({
  email: z
    .string({ error: whenMissing(messages.validEmailRequired) })
    .trim()
    .max(320, tooLongMessage(320))
    .email(messages.validEmailRequired),
  firstName: z
    .string({ error: whenMissing(messages.firstNameRequired) })
    .trim()
    .min(1, messages.firstNameRequired)
    .max(100, tooLongMessage(100)),
  lastName: z
    .string({ error: whenMissing(messages.lastNameRequired) })
    .trim()
    .min(1, messages.lastNameRequired)
    .max(100, tooLongMessage(100)),
  role: RoleSchema.default('recruiter'),
  password: NewPasswordSchema,
});
export type CreateUserBody = z.input<typeof CreateUserBodySchema>;

/** Change a user's role and/or switch the account off (its sessions and sockets end at once) or on. */
export const UpdateUserBodySchema = z.object({
  role: RoleSchema.optional(),
  active: z.boolean().optional(),
});
export type UpdateUserBody = z.input<typeof UpdateUserBodySchema>;

/** A new password an admin sets for someone (the Team screen's "Reset password"). */
export const ResetPasswordBodySchema = z.object({ password: NewPasswordSchema }).strict();
export type ResetPasswordBody = z.input<typeof ResetPasswordBodySchema>;

export const UserIdParamSchema = z.object({ id: z.string().min(1).max(100) });

const ADMIN = ['admin'] as const;

export const userContracts = {
  listUsers: defineContract({
    name: 'listUsers',
    method: 'GET',
    path: '/api/users',
    response: z.array(UserSchema),
    status: 200,
    roles: ADMIN,
    summary: 'Every user account (admin only)',
  }),
  createUser: defineContract({
    name: 'createUser',
    method: 'POST',
    path: '/api/users',
    body: CreateUserBodySchema,
    response: CommandResultSchema.extend({ userId: z.string() }),
    status: 201,
    roles: ADMIN,
    summary: 'Create a user account with a password (admin only)',
  }),
  updateUser: defineContract({
    name: 'updateUser',
    method: 'PATCH',
    path: '/api/users/:id',
    params: UserIdParamSchema,
    body: UpdateUserBodySchema,
    response: CommandResultSchema,
    status: 200,
    roles: ADMIN,
    summary: "Change a user's role or deactivate/reactivate them (admin only; not yourself)",
  }),
  resetUserPassword: defineContract({
    name: 'resetUserPassword',
    method: 'POST',
    path: '/api/users/:id/password',
    params: UserIdParamSchema,
    body: ResetPasswordBodySchema,
    response: CommandResultSchema,
    status: 200,
    roles: ADMIN,
    summary: 'Set a new password for a user (admin only; not yourself): their open sessions end; recorded as UserPasswordReset',
  }),
};
