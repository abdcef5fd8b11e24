import type { DocumentStore } from '@ats/storage';
import type { Role } from '@ats/events';
import { normalizeEmail } from '@ats/events';

/**
 * The credential store. Not a read model: it is written by the command side next to the
 * UserRegistered / role events, so sign-in never waits for a projection.
 */
export interface Account {
  [key: string]: unknown;
  id: string;
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  profileImageUrl: string | null;
  role: Role;
  active: boolean;
  createdAt: string;
}

export const ACCOUNTS_COLLECTION = 'accounts';

export function createAccountStore(documents: DocumentStore) {
  const accounts = () => documents.collection<Account>(ACCOUNTS_COLLECTION);
  return {
    async init() {
      await documents.ensureCollection({ name: ACCOUNTS_COLLECTION, indexes: ['email'] });
    },
    get: (id: string) => accounts().get(id),
    async findByEmail(email: string): Promise<Account | null> {
      const [found] = await accounts().find({ where: { email: normalizeEmail(email) }, limit: 1 });
      return found ?? null;
    },
    count: () => accounts().count(),
    save: (account: Account) => accounts().upsert({ ...account, email: normalizeEmail(account.email) }),
    patch: (id: string, fields: Partial<Account>) => accounts().patch(id, fields),
  };
}
export type AccountStore = ReturnType<typeof createAccountStore>;
