import type { ChangeBus, ChangeNotice, DocumentStore } from '@ats/storage';
import { READ_MODELS } from './names';

/**
 * Knows how far the read models have caught up (the projector's checkpoint), from change
 * notices, and lets a read wait for a position: read-your-writes with `minPosition`.
 *
 * It also knows, per read model, the checkpoint of the last batch that changed it (from the
 * notices' `readModel`), so a cached result can be kept for as long as the read models it reads
 * have not moved (`positionOf`), whatever else the projector commits meanwhile (the access log,
 * feeds, analytics). That knowledge is only as good as the notices: wherever one may have been
 * missed (a start, a committed batch whose notices never came), every read model counts as
 * changed there (`floor`).
 */
export function createPositionTracker(documents: DocumentStore, bus: ChangeBus, onNotices?: (notices: ChangeNotice[]) => void) {
  let checkpoint = 0;
  // the checkpoint named by the last notice batch received
  let noticed = 0;
  // a checkpoint read from the store that no notice batch has named yet
  let awaited = 0;
  // up to here, any read model may have changed without a notice saying so
  let floor = 0;
  const changedAt = new Map<string, number>();
  const listeners = new Set<(notices: ChangeNotice[], position: number) => void>();
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
  const onBatch = (notices: ChangeNotice[], position: number) => {
    for (const notice of notices) if (position > (changedAt.get(notice.readModel) ?? 0)) changedAt.set(notice.readModel, position);
    // every committed batch is announced with its own checkpoint: a later one arriving while the
    // stored checkpoint we saw was never announced means that batch's notices were lost
    if (awaited > noticed && position > awaited) floor = Math.max(floor, position);
    noticed = Math.max(noticed, position);
    advance(position);
    for (const listener of listeners) listener(notices, position);
  };
  const readStored = async () => {
    const doc = await documents.collection(READ_MODELS.checkpoints).get('main');
    const position = typeof doc?.position === 'number' ? doc.position : 0;
    if (position > noticed) awaited = Math.max(awaited, position);
    advance(position);
    return position;
  };
  let unsubscribe: (() => Promise<void>) | null = null;
  return {
    async start() {
      unsubscribe = await bus.subscribe((notices, position) => {
        onNotices?.(notices);
        onBatch(notices, position);
      });
      // subscribed first: whatever committed before this read is in the store, after it in a notice
      const stored = await readStored().catch(() => 0);
      noticed = Math.max(noticed, stored);
      floor = Math.max(floor, stored);
    },
    async stop() {
      await unsubscribe?.();
    },
    current: () => checkpoint,
    /** the position up to which any read model may have changed without a notice (moves when notices were lost) */
    floor: () => floor,
    /** called for every notice batch, after the positions above took it in */
    onBatch(listener: (notices: ChangeNotice[], position: number) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /**
     * A version of what `readModels` hold now: it changes whenever a batch changes one of them
     * (or may have: see `floor`), and not when the projector commits only other read models.
     * While a committed checkpoint's notices are still on the way it is the checkpoint itself.
     */
    positionOf(readModels: readonly string[]): number {
      if (checkpoint > noticed) return checkpoint;
      let at = floor;
      for (const name of readModels) at = Math.max(at, changedAt.get(name) ?? 0);
      return at;
    },
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
