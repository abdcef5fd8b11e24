import { z } from 'zod';
import { ALL_ROLES, defineContract } from '../contract';
import { CurrentUserSchema } from '../models';

export const LoginBodySchema = z.object({
  email: z.string().trim().email('Valid email is required').max(320),
  password: z.string().min(1, 'Required').max(1000),
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

export const authContracts = {
  login: defineContract({
    name: 'login',
    method: 'POST',
    path: '/api/auth/login',
    body: LoginBodySchema,
    response: z.null(),
    status: 204,
    roles: [],
    summary: 'Sign in; 204 with the session cookie, 401 problem+json on bad credentials',
  }),
  logout: defineContract({
    name: 'logout',
    method: 'POST',
    path: '/api/logout',
    response: z.null(),
    status: 204,
    roles: [],
    summary:
      'Sign out (same-origin only, 403 otherwise); 204, or 303 to / when a form posted it. GET /api/logout from the app itself does the same by navigation',
  }),
  currentUser: defineContract({
    name: 'currentUser',
    method: 'GET',
    path: '/api/auth/user',
    response: CurrentUserSchema,
    status: 200,
    roles: ALL_ROLES,
    summary: 'The signed-in user, 401 when signed out',
  }),
};
