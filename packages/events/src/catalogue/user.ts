import { z } from 'zod';
import { RoleSchema } from '../shared';

/** A user account was created. Credentials are not events: the password hash lives in the account store. */
export const UserRegisteredSchema = z.object({
  userId: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: RoleSchema,
  profileImageUrl: z.string().nullable(),
});
export type UserRegistered = z.infer<typeof UserRegisteredSchema>;

export const UserRoleChangedSchema = z.object({ userId: z.string(), fromRole: RoleSchema, toRole: RoleSchema });
export type UserRoleChanged = z.infer<typeof UserRoleChangedSchema>;
/** The account was switched off: its sessions and sockets end at once. */
export const UserDeactivatedSchema = z.object({ userId: z.string() });
export type UserDeactivated = z.infer<typeof UserDeactivatedSchema>;
export const UserReactivatedSchema = z.object({ userId: z.string() });
export type UserReactivated = z.infer<typeof UserReactivatedSchema>;
/**
 * An admin set a new password for the account (the Team screen's "Reset password"): its open
 * sessions ended. The password and its hash are not in the event (the account store has the hash).
 */
export const UserPasswordResetSchema = z.object({ userId: z.string() });
export type UserPasswordReset = z.infer<typeof UserPasswordResetSchema>;

/**
 * Write-side uniqueness of a user's sign-in e-mail: stream `account-email-<digest of the address>`
 * (`toUserEmailStreamId`), created by the first registration; two concurrent registrations of one
 * address race on it and exactly one wins. No e-mail in the event or the stream name.
 */
export const UserEmailReservedSchema = z.object({ userId: z.string() });
export type UserEmailReserved = z.infer<typeof UserEmailReservedSchema>;
