import { afterEach, describe, expect, it } from 'vitest';
import { openStorage, type Storage } from '@ats/storage';
import { createSessionStore, SESSION_CACHE_MS, SESSIONS_COLLECTION, sessionKeyOf } from './session-store';

describe('session store: purging expired sessions', () => {
  let storage: Storage | undefined;
  afterEach(async () => {
    await storage?.close();
  });

  it('purges expired sessions at start and then periodically, keeping live ones', async () => {
    storage = await openStorage({ kind: 'embedded' });
    const store = createSessionStore(storage.documentStore);
    await store.init();
    const docs = storage.documentStore.collection(SESSIONS_COLLECTION);
    await store.set('expired', { userId: 'u1' }, -1000);
    await store.set('live', { userId: 'u2' }, 60_000);

    const stop = store.startPurging({ intervalMs: 50 });
    await expect.poll(() => docs.get('expired')).toBeNull();
    expect(await docs.get('live')).not.toBeNull();

    // a session that expires later is purged by a later pass, without being presented again
    await store.set('short', { userId: 'u3' }, 100);
    expect(await docs.get('short')).not.toBeNull();
    await expect.poll(() => docs.get('short'), { timeout: 3000 }).toBeNull();
    expect(await docs.get('live')).not.toBeNull();
    await stop();

    // stopped: nothing is purged any more
    await store.set('after-stop', { userId: 'u4' }, -1000);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await docs.get('after-stop')).not.toBeNull();
  });

  it('answers a session read within the cache second without the store; sign-out, deactivation and a bus notice forget it at once', async () => {
    storage = await openStorage({ kind: 'embedded' });
    let clock = 1_000_000;
    // two stores on one document store, as the command-api and query-api of one process
    const a = createSessionStore(storage.documentStore, () => clock);
    const b = createSessionStore(storage.documentStore, () => clock);
    await a.init();
    const docs = storage.documentStore.collection(SESSIONS_COLLECTION);
    await a.set('s1', { userId: 'u1' }, 60_000);
    await a.set('s2', { userId: 'u1' }, 60_000);
    await a.set('s3', { userId: 'u2' }, 60_000);
    expect(await b.get('s1')).toEqual({ userId: 'u1' });
    expect(await b.get('s3')).toEqual({ userId: 'u2' });

    // another process removed it: this one answers from its cache until the second is over
    await docs.delete('s3');
    expect(await b.get('s3')).toEqual({ userId: 'u2' });
    clock += SESSION_CACHE_MS;
    expect(await b.get('s3')).toBeNull();

    // sign-out through either store ends it for both at once
    expect(await b.get('s1')).toEqual({ userId: 'u1' });
    await a.destroy('s1');
    expect(await b.get('s1')).toBeNull();

    // deactivation ends every cached session of the user
    await a.set('s4', { userId: 'u1' }, 60_000);
    expect(await b.get('s2')).toEqual({ userId: 'u1' });
    expect(await b.get('s4')).toEqual({ userId: 'u1' });
    await a.destroyForUser('u1');
    expect(await b.get('s2')).toBeNull();
    expect(await b.get('s4')).toBeNull();

    // a sign-out announced on the change bus (by its public key) is forgotten at once too
    await a.set('s5', { userId: 'u3' }, 60_000);
    expect(await b.get('s5')).toEqual({ userId: 'u3' });
    await docs.delete('s5');
    b.forgetKey(sessionKeyOf('s5'));
    expect(await b.get('s5')).toBeNull();
  });
});
