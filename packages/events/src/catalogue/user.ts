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
