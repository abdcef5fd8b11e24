type Waiter = { position: number; resolve: (ok: boolean) => void; timer: ReturnType<typeof setTimeout> };

/** Read-your-writes: callers waiting until the checkpoint reaches a position, each with a timeout. */
export class PositionWaiters {
  private readonly waiters = new Set<Waiter>();

  /** `current` reads the checkpoint, so a timeout still answers true if it got there meanwhile */
  constructor(private readonly current: () => number) {}

  waitFor(position: number, timeoutMs: number): Promise<boolean> {
    if (this.current() >= position) return Promise.resolve(true);
    return new Promise((resolve) => {
      const waiter: Waiter = {
        position,
        resolve,
        timer: setTimeout(() => {
          this.waiters.delete(waiter);
          resolve(this.current() >= position);
        }, timeoutMs),
      };
      this.waiters.add(waiter);
    });
  }

  /** resolves everyone the checkpoint has reached */
  settle(): void {
    for (const waiter of this.waiters) {
      if (waiter.position <= this.current()) {
        clearTimeout(waiter.timer);
        this.waiters.delete(waiter);
        waiter.resolve(true);
      }
    }
  }

  /** on stop: nobody waits for a checkpoint that will not move any more */
  releaseAll(): void {
    for (const waiter of this.waiters) {
      clearTimeout(waiter.timer);
      waiter.resolve(this.current() >= waiter.position);
    }
    this.waiters.clear();
  }
}
