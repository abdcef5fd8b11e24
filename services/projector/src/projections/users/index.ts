import type { Role } from '@ats/events';
import { defineProjection } from '../../projection';

/** User profiles (credentials live in the account store, not here). */
export type UserDoc = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  profileImageUrl: string | null;
  active: boolean;
  createdAt: string;
  updatedAt?: string;
};

export const usersProjection = defineProjection<UserDoc, 'UserRegistered' | 'UserRoleChanged' | 'UserDeactivated' | 'UserReactivated'>({
  name: 'users',
  collection: { name: 'users', searchFields: ['email', 'firstName', 'lastName'], indexes: ['email', 'role'] },
  handles: ['UserRegistered', 'UserRoleChanged', 'UserDeactivated', 'UserReactivated'],
  documentId: (event) => event.data.userId,
  evolve(doc, event) {
    const at = event.metadata.occurredAt;
    if (event.type === 'UserRoleChanged') return doc ? { ...doc, role: event.data.toRole, updatedAt: at } : doc;
    if (event.type === 'UserDeactivated') return doc ? { ...doc, active: false, updatedAt: at } : doc;
    if (event.type === 'UserReactivated') return doc ? { ...doc, active: true, updatedAt: at } : doc;
    const d = event.data;
    return {
      id: d.userId,
      email: d.email,
      firstName: d.firstName,
      lastName: d.lastName,
      role: d.role,
      profileImageUrl: d.profileImageUrl,
      active: true,
      createdAt: event.metadata.occurredAt,
      updatedAt: event.metadata.occurredAt,
    };
  },
  refs: (event) => ({ userId: [event.data.userId] }),
});
