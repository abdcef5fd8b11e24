import { backoffDelay } from '../backoff';
import { StoreUnavailableError } from '../event-store/port';
import type { ChangeBus, ChangeNotice } from './port';

export const CHANGES_CHANNEL = 'ats:changes';

export interface RedisChangeBusOptions {
  channel?: string;
  /** connection errors (the client reconnects by itself); default: console.warn */
  onError?: (error: unknown) => void;
}

type Handler = (notices: ChangeNotice[], checkpoint: number) => void;

/**
 * Change bus over Redis pub/sub: one publishing connection and, once something subscribes, one
 * subscriber connection. Payload: JSON `{notices, checkpoint}` on channel `ats:changes`.
 * Pub/sub is fire-and-forget: a query-api instance that is disconnected misses notices and must
 * resynchronise (clients refetch) when it reconnects.
 */
export async function createRedisChangeBus(url: string, options: RedisChangeBusOptions = {}): Promise<ChangeBus> {
  // loaded here, not at the top: the standalone server never talks to Redis (README, B7)
  const { createClient } = await import('redis');
  const channel = options.channel ?? CHANGES_CHANNEL;
  const onError = options.onError ?? ((error: unknown) => console.warn('[change-bus] redis error:', error));
  // Without an offline queue, publish fails fast while disconnected instead of hanging.
  // Reconnects with the backoff every other retry loop uses (the subscriber inherits it via duplicate()).
  const publisher = createClient({
    url,
    disableOfflineQueue: true,
    socket: { reconnectStrategy: (retries) => backoffDelay(retries, { baseMs: 50, maxMs: 2000 }) },
  });
  publisher.on('error', onError);
  try {
    await publisher.connect();
  } catch (error) {
    throw new StoreUnavailableError(`Redis unavailable: ${String(error)}`, error);
  }

  const handlers = new Set<Handler>();
  let subscriber: ReturnType<typeof publisher.duplicate> | null = null;
  let subscribing: Promise<void> | null = null;

  const onMessage = (message: string) => {
    let payload: { notices: ChangeNotice[]; checkpoint: number };
    try {
      payload = JSON.parse(message) as typeof payload;
    } catch (error) {
      onError(error);
      return;
    }
    for (const handler of [...handlers]) {
      try {
        handler(payload.notices, payload.checkpoint);
      } catch (error) {
        console.error('[change-bus] handler failed', error);
      }
    }
  };

  async function ensureSubscribed(): Promise<void> {
    subscribing ??= (async () => {
      // node-redis resubscribes by itself after a reconnect
      const client = publisher.duplicate({ disableOfflineQueue: false });
      client.on('error', onError);
      await client.connect();
      await client.subscribe(channel, onMessage);
      subscriber = client;
    })().catch((error: unknown) => {
      subscribing = null;
      throw new StoreUnavailableError(`Redis unavailable: ${String(error)}`, error);
    });
    await subscribing;
  }

  return {
    async publish(notices, checkpoint) {
      try {
        await publisher.publish(channel, JSON.stringify({ notices, checkpoint }));
      } catch (error) {
        throw new StoreUnavailableError(`Redis unavailable: ${String(error)}`, error);
      }
    },
    async subscribe(handler) {
      handlers.add(handler);
      try {
        await ensureSubscribed();
      } catch (error) {
        handlers.delete(handler);
        throw error;
      }
      return async () => {
        handlers.delete(handler);
      };
    },
    async close() {
      handlers.clear();
      const client = subscriber;
      subscriber = null;
      await Promise.allSettled([client?.close(), publisher.close()]);
    },
  };
}
