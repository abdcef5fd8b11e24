/**
 * Group commit: work items that arrive while one transaction is under way wait, then go together
 * in the next one (at most `max` at a time), one group after another. `together` runs a group in
 * one transaction and answers, item by item, a result or a refusal that wrote nothing; if it
 * throws, the transaction broke and each item of the group runs again `alone`, so only the one
 * that broke it fails.
 */
export interface GroupCommitOptions<I, R> {
  max: number;
  alone(item: I): Promise<R>;
  together(items: readonly I[]): Promise<Array<{ result: R } | { refused: unknown }>>;
  /** told when a group's transaction broke, before its items run alone */
  broken?(error: unknown): void;
}

export function createGroupCommit<I, R>(options: GroupCommitOptions<I, R>): (item: I) => Promise<R> {
  type Pending = { item: I; resolve: (result: R) => void; reject: (error: unknown) => void };
  let queue: Pending[] = [];
  let draining = false;

  async function commit(group: Pending[]): Promise<void> {
    if (group.length === 1) {
      const [only] = group;
      await options.alone(only!.item).then(only!.resolve, only!.reject);
      return;
    }
    let outcomes: Array<{ result: R } | { refused: unknown }>;
    try {
      outcomes = await options.together(group.map((p) => p.item));
    } catch (error) {
      options.broken?.(error);
      for (const pending of group) await options.alone(pending.item).then(pending.resolve, pending.reject);
      return;
    }
    group.forEach((pending, i) => {
      const outcome = outcomes[i]!;
      if ('result' in outcome) pending.resolve(outcome.result);
      else pending.reject(outcome.refused);
    });
  }

  async function drain(): Promise<void> {
    draining = true;
    try {
      while (queue.length > 0) {
        const group = queue.slice(0, options.max);
        queue = queue.slice(group.length);
        await commit(group);
      }
    } finally {
      draining = false;
    }
  }

  return (item) =>
    new Promise<R>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (!draining) void drain();
    });
}
