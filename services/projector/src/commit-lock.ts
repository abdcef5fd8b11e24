/** Serialises batch commits and the rebuild swap: each runs after the previous one settled. */
export class CommitLock {
  private tail: Promise<void> = Promise.resolve();

  run<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.tail.then(fn);
    this.tail = run.then(
      () => {},
      () => {},
    );
    return run;
  }
}
