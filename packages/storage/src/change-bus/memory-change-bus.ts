import type { ChangeBus, ChangeNotice } from './port';

type Handler = (notices: ChangeNotice[], checkpoint: number) => void;

/** In-process change bus (the standalone process). Delivers synchronously to every handler. */
export function createMemoryChangeBus(): ChangeBus {
  const handlers = new Set<Handler>();
  return {
    async publish(notices, checkpoint) {
      for (const handler of [...handlers]) {
        try {
          // each handler gets its own copy, as it would from a network bus
          handler(structuredClone([...notices]), checkpoint);
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
