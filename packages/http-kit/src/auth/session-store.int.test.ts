import { afterEach, describe, expect, it } from 'vitest';
import { openStorage, type Storage } from '@ats/storage';
import { createSessionStore, sessionKeyOf, SESSIONS_COLLECTION } from './session-store';

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
});

describe('session store: the read side reuses a session it looked up', () => {
  let storage: Storage | undefined;
  afterEach(async () => {
    await storage?.close();
  });

  it('serves a cached session for cacheMs, and drops it on its own writes, a sign-out notice or a changed user', async () => {
    storage = await openStorage({ kind: 'embedded' });
    // long enough that a busy machine cannot age an entry out mid-test
    const store = createSessionStore(storage.documentStore, { cacheMs: 60_000 });
    const brief = createSessionStore(storage.documentStore, { cacheMs: 50 });
    await store.init();
    // another process's view of the same table (the command side), without the cache
    const docs = storage.documentStore.collection(SESSIONS_COLLECTION);
    await store.set('s1', { userId: 'u1' }, 60_000);
    expect(await store.get('s1')).toEqual({ userId: 'u1' });

    expect(await brief.get('s1')).toEqual({ userId: 'u1' });
    // ended elsewhere: still served from the cache until it ages out
    await docs.delete('s1');
    expect(await store.get('s1')).toEqual({ userId: 'u1' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await brief.get('s1')).toBeNull();

    // a sign-out notice names the session by its public key: dropped at once
    await store.set('s2', { userId: 'u2' }, 60_000);
    expect(await store.get('s2')).toEqual({ userId: 'u2' });
    await docs.delete('s2');
    store.forget({ sessionKeys: [sessionKeyOf('other')] });
    expect(await store.get('s2')).toEqual({ userId: 'u2' });
    store.forget({ sessionKeys: [sessionKeyOf('s2')] });
    expect(await store.get('s2')).toBeNull();

    // deactivation elsewhere: the users notice drops every cached session of that user
    await store.set('s3', { userId: 'u3' }, 60_000);
    await store.set('s4', { userId: 'u4' }, 60_000);
    expect(await store.get('s3')).toEqual({ userId: 'u3' });
    expect(await store.get('s4')).toEqual({ userId: 'u4' });
    await docs.deleteMany({ userId: 'u3' });
    await docs.delete('s4');
    store.forget({ userIds: ['u3'] });
    expect(await store.get('s3')).toBeNull();
    // another user's session stays cached
    expect(await store.get('s4')).toEqual({ userId: 'u4' });

    // this store's own sign-out and deactivation are seen at once
    await store.set('s5', { userId: 'u5' }, 60_000);
    expect(await store.get('s5')).toEqual({ userId: 'u5' });
    await store.destroy('s5');
    expect(await store.get('s5')).toBeNull();
    await store.set('s6', { userId: 'u6' }, 60_000);
    expect(await store.get('s6')).toEqual({ userId: 'u6' });
    await store.destroyForUser('u6');
    expect(await store.get('s6')).toBeNull();
  });

  it('never caches without cacheMs (the command side)', async () => {
    storage = await openStorage({ kind: 'embedded' });
    const store = createSessionStore(storage.documentStore);
    await store.init();
    await store.set('s1', { userId: 'u1' }, 60_000);
    expect(await store.get('s1')).toEqual({ userId: 'u1' });
    await storage.documentStore.collection(SESSIONS_COLLECTION).delete('s1');
    expect(await store.get('s1')).toBeNull();
  });
});
