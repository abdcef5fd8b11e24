import type { ChangeBus, ChangeNotice, DocumentStore } from '@ats/storage';
import { READ_MODELS } from './names';

/**
 * Knows how far the read models have caught up (the projector's checkpoint), from change
 * notices, and lets a read wait for a position: read-your-writes with `minPosition`.
 */
export function createPositionTracker(documents: DocumentStore, bus: ChangeBus, onNotices?: (notices: ChangeNotice[]) => void) {
  let checkpoint = 0;
  const waiters = new Set<{ position: number; resolve: () => void }>();
  const advance = (position: number) => {
    if (position <= checkpoint) return;
    checkpoint = position;
    for (const w of waiters)
      if (w.position <= checkpoint) {
        waiters.delete(w);
        w.resolve();
      }
  };
  const readStored = async () => {
    const doc = await documents.collection(READ_MODELS.checkpoints).get('main');
    const position = typeof doc?.position === 'number' ? doc.position : 0;
    advance(position);
    return position;
  };
  let unsubscribe: (() => Promise<void>) | null = null;
  return {
    async start() {
      unsubscribe = await bus.subscribe((notices, position) => {
        onNotices?.(notices);
        advance(position);
      });
      await readStored().catch(() => 0);
    },
    async stop() {
      await unsubscribe?.();
    },
    current: () => checkpoint,
    /** resolves true once the read models include `position`, false after `timeoutMs` */
    async waitFor(position: number, timeoutMs = 3000): Promise<boolean> {
      if (position <= checkpoint) return true;
      // a notice may have been missed (e.g. subscribed late): check the stored checkpoint once
      if ((await readStored().catch(() => 0)) >= position) return true;
      return new Promise<boolean>((resolve) => {
        const waiter = {
          position,
          resolve: () => {
            clearTimeout(timer);
            resolve(true);
          },
        };
        const timer = setTimeout(async () => {
          waiters.delete(waiter);
          resolve((await readStored().catch(() => 0)) >= position);
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
  };
}
export type PositionTracker = ReturnType<typeof createPositionTracker>;
