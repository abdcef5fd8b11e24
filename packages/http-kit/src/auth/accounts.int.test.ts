import { afterEach, describe, expect, it } from 'vitest';
import { openStorage, type Storage } from '@ats/storage';
import { ACCOUNT_CACHE_MS, createAccountStore, type Account } from './accounts';

const ada: Account = {
  id: 'u1',
  email: 'ada@example.com',
  passwordHash: 'x',
  firstName: 'Ada',
  lastName: 'Lovelace',
  profileImageUrl: null,
  role: 'recruiter',
  active: true,
  createdAt: '2026-01-01T00:00:00.000Z',
};

describe('account store: recently read accounts', () => {
  let storage: Storage | undefined;
  afterEach(async () => {
    await storage?.close();
  });

  it('serves a request from the account read by an earlier one, sees changes made in this process at once and those of another process within the second', async () => {
    storage = await openStorage({ kind: 'embedded' });
    let clock = 0;
    const here = createAccountStore(storage.documentStore, () => clock);
    const alsoHere = createAccountStore(storage.documentStore, () => clock);
    await here.init();
    await here.save(ada);
    expect((await here.getRecent('u1'))?.role).toBe('recruiter');

    // another process changes the account behind this one's back (a raw write, no invalidation)
    await storage.documentStore.collection<Account>('accounts').patch('u1', { role: 'manager' });
    expect((await here.getRecent('u1'))?.role).toBe('recruiter');
    clock += ACCOUNT_CACHE_MS;
    expect((await here.getRecent('u1'))?.role).toBe('manager');

    // a change through any account store of this process is seen at once
    await alsoHere.patch('u1', { active: false });
    expect((await here.getRecent('u1'))?.active).toBe(false);
    expect(await here.getRecent('nobody')).toBeNull();
  });
});
