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

/** how long a request may use an account read by an earlier one (another process's changes) */
export const ACCOUNT_CACHE_MS = 1000;

/** Recently read accounts per document store, shared by every account store on it in this process. */
const cachesByStore = new WeakMap<DocumentStore, Map<string, { at: number; account: Promise<Account | null> }>>();

export function createAccountStore(documents: DocumentStore, now: () => number = Date.now) {
  const accounts = () => documents.collection<Account>(ACCOUNTS_COLLECTION);
  let cache = cachesByStore.get(documents);
  if (!cache) cachesByStore.set(documents, (cache = new Map()));
  const recent = cache;
  const forget = (id: string) => recent.delete(id);
  return {
    async init() {
      await documents.ensureCollection({ name: ACCOUNTS_COLLECTION, indexes: ['email'] });
    },
    get: (id: string) => accounts().get(id),
    /**
     * The account as of at most ACCOUNT_CACHE_MS ago: every request reads its user, and this
     * saves that query. Changes made in this process are seen at once; another process's within
     * the second. Deactivation also ends the user's sessions, which is never cached.
     */
    getRecent(id: string): Promise<Account | null> {
      const hit = recent.get(id);
      if (hit && now() - hit.at < ACCOUNT_CACHE_MS) return hit.account;
      const account = accounts().get(id);
      recent.set(id, { at: now(), account });
      account.catch(() => forget(id));
      if (recent.size > 10_000) recent.delete(recent.keys().next().value!);
      return account;
    },
    async findByEmail(email: string): Promise<Account | null> {
      const [found] = await accounts().find({ where: { email: normalizeEmail(email) }, limit: 1 });
      return found ?? null;
    },
    count: () => accounts().count(),
    async save(account: Account) {
      forget(account.id);
      await accounts().upsert({ ...account, email: normalizeEmail(account.email) });
      forget(account.id);
    },
    async patch(id: string, fields: Partial<Account>) {
      forget(id);
      const patched = await accounts().patch(id, fields);
      forget(id);
      return patched;
    },
  };
}
export type AccountStore = ReturnType<typeof createAccountStore>;
