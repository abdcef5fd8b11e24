import { afterEach, describe, expect, it } from 'vitest';
import { openStorage, type Storage } from '@ats/storage';
import { createSessionStore, SESSIONS_COLLECTION } from './session-store';

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
