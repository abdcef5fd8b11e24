import type { User } from '@ats/contracts';
import type { Doc, DocumentStore } from '@ats/storage';
import { readModel } from './query-support';

type UserDoc = User & Doc;

/** The team list (admins' user management). */
export function createUserQueries(documents: DocumentStore) {
  const users = readModel<UserDoc>(documents, 'users');
  return {
    async listUsers(): Promise<User[]> {
      return users().find({
        sort: [
          ['createdAt', 'asc'],
          ['id', 'asc'],
        ],
        limit: 10_000,
      });
    },
  };
}
