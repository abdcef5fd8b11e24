import type { Role } from '@ats/events';
import { defineProjection, type Refs } from '../../projection';

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
};

export const usersProjection = defineProjection<UserDoc>({
  name: 'users',
  collection: { name: 'users', searchFields: ['email', 'firstName', 'lastName'], indexes: ['email', 'role'] },
  handles: ['UserRegistered'],
  documentId: (event) => (event.type === 'UserRegistered' ? event.data.userId : null),
  evolve(doc, event) {
    if (event.type !== 'UserRegistered') return doc;
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
    };
  },
  refs: (event): Refs => (event.type === 'UserRegistered' ? { userId: [event.data.userId] } : {}),
});
