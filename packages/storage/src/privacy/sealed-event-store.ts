import { openData, sealData, sealedKeyIdOf, subjectKeyIdOf } from '@ats/events';
import { nodeCipher } from '@ats/events/node';
import { backoffDelay } from '../backoff';
import { StoreUnavailableError, type EventStore, type NewEvent, type RecordedEvent } from '../event-store/port';
import { Wakeup } from '../event-store/subscription-loop';
import type { SubjectKeyStore } from './subject-key-store';

/** the event types after which a process forgets the person's cached key */
const ERASURE_TYPES = new Set(['CandidateErased', 'ClientContactErased', 'CandidateAnonymised']);

/** Opens the sealed personal fields of recorded events, with one key lookup for the lot. */
export async function openEvents<E extends { type: string; data: unknown }>(keys: SubjectKeyStore, events: readonly E[]): Promise<E[]> {
  const ids = new Set<string>();
  for (const event of events) {
    const kid = sealedKeyIdOf(event.data);
    if (kid) ids.add(kid);
  }
  if (ids.size === 0) return [...events];
  const found = await keys.load([...ids]);
  return events.map((event) => {
    const kid = sealedKeyIdOf(event.data);
    return kid ? { ...event, data: openData(event.data, found.get(kid), nodeCipher) } : event;
  });
}

/**
 * The event store with crypto-shredding: appends seal each event's personal fields with the
 * person's data key (created on first use), reads open them (an erased key reads "[erased]", a
 * missing one throws SubjectKeyMissingError). The wrapped store, its hash chain included, only
 * ever sees ciphertext. Keys are cached (LRU) and looked up in batches.
 */
export function createSealedEventStore<S extends EventStore>(inner: S, keys: SubjectKeyStore): S {
  const forgetErased = (events: readonly RecordedEvent[]) => {
    for (const event of events) {
      if (!ERASURE_TYPES.has(event.type)) continue;
      const data = event.data as { candidateId?: number; contactId?: number };
      if (typeof data.candidateId === 'number') keys.evict(`candidate-${data.candidateId}`);
      if (typeof data.contactId === 'number') keys.evict(`contact-${data.contactId}`);
    }
  };
  const open = async (events: RecordedEvent[]) => {
    forgetErased(events);
    return openEvents(keys, events);
  };
  /** seals the personal fields of each list of events, with one key lookup (and creation) for them all */
  const seal = async (lists: ReadonlyArray<readonly NewEvent[]>): Promise<Array<readonly NewEvent[]>> => {
    const ids = lists.flatMap((events) => events.map((e) => subjectKeyIdOf(e.type, e.data))).filter((id): id is string => id !== null);
    if (ids.length === 0) return [...lists];
    const found = await keys.ensure(ids);
    return lists.map((events) =>
      events.map((e) => {
        const kid = subjectKeyIdOf(e.type, e.data);
        return kid ? { ...e, data: sealData(e.type, e.data, found.get(kid)!, nodeCipher) } : e;
      }),
    );
  };
  const sealed: EventStore = {
    async append(stream, events, options) {
      const [out] = await seal([events]);
      return inner.append(stream, out!, options);
    },
    async appendMany(appends) {
      const out = await seal(appends.map((a) => a.events));
      return inner.appendMany(appends.map((a, i) => ({ ...a, events: out[i]! })));
    },
    readStream: async (stream, options) => open(await inner.readStream(stream, options)),
    readAll: async (options) => open(await inner.readAll(options)),
    subscribe: (options) => {
      // Opening reads the person's key from the store. A handler that throws ends the
      // subscription for good (the projector would stand still until restarted), so a store
      // outage while opening is waited out here, with backoff, like the adapter's own reads.
      // the subscription loop's own early-wakeable sleep: stop() wakes it
      const retry = { stopped: false, wakeup: new Wakeup() };
      const subscription = inner.subscribe({
        ...options,
        onEvent: async (event) => {
          for (let failures = 0; ; failures++) {
            let opened: RecordedEvent;
            try {
              [opened] = (await open([event])) as [RecordedEvent];
            } catch (error) {
              if (!(error instanceof StoreUnavailableError) || retry.stopped) throw error;
              options.onError?.(error);
              await retry.wakeup.sleep(backoffDelay(failures));
              if (retry.stopped) return;
              continue;
            }
            return options.onEvent(opened);
          }
        },
      });
      return {
        caughtUp: subscription.caughtUp,
        async stop() {
          retry.stopped = true;
          retry.wakeup.wake();
          await subscription.stop();
        },
      };
    },
    headPosition: () => inner.headPosition(),
    close: () => inner.close(),
  };
  // the adapter's extra methods (migrate, checkpoint, …) stay as they are
  return new Proxy(inner, {
    get(target, prop, receiver) {
      if (Object.prototype.hasOwnProperty.call(sealed, prop)) return sealed[prop as keyof EventStore];
      const value: unknown = Reflect.get(target, prop, receiver);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
