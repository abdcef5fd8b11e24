import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { ChangeBus, ChangeNotice } from '../src/change-bus/port';
import { createRedisChangeBus } from '../src/change-bus/redis-change-bus';
import { waitFor } from './event-store.contract';
import { warnSkip } from './helpers';

const url = process.env.REDIS_URL;
const skipReason = warnSkip('Redis change bus', url ? undefined : 'REDIS_URL is not set');

describe.skipIf(Boolean(skipReason))('Redis change bus', () => {
  const buses: ChangeBus[] = [];
  afterAll(async () => {
    await Promise.all(buses.map((bus) => bus.close()));
  });

  it('delivers a batch published on one instance to the subscribers of another', async () => {
    // a channel of its own, so parallel runs on the same Redis do not interfere
    const channel = `ats:changes:test:${randomBytes(4).toString('hex')}`;
    const projector = await createRedisChangeBus(url!, { channel });
    const queryApi = await createRedisChangeBus(url!, { channel });
    buses.push(projector, queryApi);

    const received: Array<{ notices: ChangeNotice[]; checkpoint: number }> = [];
    const unsubscribe = await queryApi.subscribe((notices, checkpoint) => void received.push({ notices, checkpoint }));

    const notices: ChangeNotice[] = [
      {
        position: 41,
        readModel: 'candidates',
        ids: [3, 'x-1'],
        eventType: 'CandidateRenamed',
        actor: { id: 'u1', name: 'Ada' },
        refs: { candidateId: [3] },
      },
      { position: 42, readModel: 'applications', ids: [9], eventType: 'ApplicationMoved', actor: null },
    ];
    await projector.publish(notices, 42);
    await waitFor(() => received.length === 1, 5_000);
    expect(received[0]).toEqual({ notices, checkpoint: 42 });

    await unsubscribe();
    await projector.publish([], 43);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(received).toHaveLength(1);
  });
});
