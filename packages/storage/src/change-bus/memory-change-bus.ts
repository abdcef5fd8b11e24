import type { ChangeBus, ChangeNotice } from './port';

type Handler = (notices: ChangeNotice[], checkpoint: number) => void;

/** In-process change bus (the standalone process). Delivers synchronously to every handler. */
export function createMemoryChangeBus(): ChangeBus {
  const handlers = new Set<Handler>();
  return {
    async publish(notices, checkpoint) {
      if (handlers.size === 0) return;
      // each handler gets its own copy, as it would from a network bus (the Redis one sends JSON);
      // one JSON text parsed per handler costs a fraction of a structuredClone each
      const text = JSON.stringify(notices);
      for (const handler of [...handlers]) {
        try {
          handler(JSON.parse(text) as ChangeNotice[], checkpoint);
        } catch (error) {
          console.error('[change-bus] handler failed', error);
        }
      }
    },
    async subscribe(handler) {
      handlers.add(handler);
      return async () => {
        handlers.delete(handler);
      };
    },
    async close() {
      handlers.clear();
    },
  };
}
