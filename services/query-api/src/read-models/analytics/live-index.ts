import type { StoredAnalyticsApplicationDoc } from '@ats/projector';
import { REBUILT_EVENT_TYPE } from '@ats/projector';
import type { ChangeBus, Doc, DocumentStore } from '@ats/storage';
import { READ_MODELS } from '../names';
import { ApplicationsIndex } from './applications-index';

type AppDoc = StoredAnalyticsApplicationDoc & Doc;

/** an in-memory copy of a read model's rows: what `createLiveCopy` keeps current */
export interface CopyOf<T extends Doc> {
  put(doc: T): void;
  remove(id: T['id']): void;
}

/** rows per store read while loading: a page is parsed in a few milliseconds, so the event loop stays free */
const PAGE = 1000;
/** how long a read waits for the change notice of a position the checkpoint already shows before it reloads everything */
const NOTICE_WAIT_MS = 1000;

export interface LiveIndexOptions {
  /** change notices name the applications that changed; absent = reload whenever the checkpoint moved */
  bus?: Pick<ChangeBus, 'subscribe'>;
  /** the read models' checkpoint (the query side's position tracker); absent = reload on every read */
  checkpoint?: () => number;
}

/**
 * The query side's in-memory copy of `analytics_applications` (see `ApplicationsIndex`), kept
 * current by `createLiveCopy`.
 */
export function createLiveApplicationsIndex(documents: DocumentStore, options: LiveIndexOptions = {}) {
  return createLiveCopy<AppDoc, ApplicationsIndex>(
    documents,
    READ_MODELS.analyticsApplications,
    () => new ApplicationsIndex(),
    Number,
    options,
  );
}
export type LiveApplicationsIndex = ReturnType<typeof createLiveApplicationsIndex>;

/**
 * An in-memory copy of one read model (`readModel`: its collection, and the name its change
 * notices carry), kept current from the read model itself: loaded once in pages, then each change notice of the read
 * model marks its applications, and the next read fetches just those rows. A read is answered from
 * a copy that includes at least the checkpoint at the time it asked (read-your-writes holds); a
 * rebuild of the read model, or a position whose notice never came, reloads the whole copy.
 * Concurrent reads share one load / refresh.
 */
export function createLiveCopy<T extends Doc, C extends CopyOf<T>>(
  documents: DocumentStore,
  readModel: string,
  make: () => C,
  /** a document id from a notice's id (notices carry strings) */
  idOf: (raw: string) => T['id'],
  /** `fields`: read only these fields of each document (a copy that keeps a few of them) */
  options: LiveIndexOptions & { fields?: readonly string[] } = {},
) {
  const fields = options.fields ? { fields: options.fields } : {};
  const collection = () => documents.collection<T>(readModel);
  const checkpoint = options.checkpoint ?? (() => Number.NaN);
  let index: C | null = null;
  /** the copy holds every change up to this position */
  let appliedTo = -1;
  /** the latest position a notice batch was seen for, and the applications changed since the last refresh */
  let seen = -1;
  const dirty = new Set<string>();
  let reload = true;
  let syncing: Promise<void> | null = null;
  const noticeWaiters = new Set<() => void>();
  let subscribed: Promise<() => Promise<void>> | null = null;
  /** set by `stop`: a load under way ends at its next page (a server closing does not wait for a whole warm-up) */
  let stopped = false;

  function subscribe() {
    if (!options.bus) return Promise.resolve(null);
    subscribed ??= options.bus.subscribe((notices, position) => {
      for (const n of notices) {
        if (n.readModel !== readModel) continue;
        // a rebuild, or a notice that does not say which applications changed: read everything again
        if (n.eventType === REBUILT_EVENT_TYPE || n.ids.length === 0) reload = true;
        else for (const id of n.ids) dirty.add(String(id));
      }
      seen = Math.max(seen, position);
      for (const wake of noticeWaiters) wake();
    });
    return subscribed;
  }

  function waitForNotice(position: number): Promise<void> {
    if (seen >= position) return Promise.resolve();
    return new Promise((resolve) => {
      const check = () => {
        if (seen >= position) finish();
      };
      const finish = () => {
        clearTimeout(timer);
        noticeWaiters.delete(check);
        resolve();
      };
      const timer = setTimeout(finish, NOTICE_WAIT_MS);
      noticeWaiters.add(check);
    });
  }

  async function loadAll(): Promise<void> {
    // everything committed by now is read below; notices from here on mark what changes meanwhile
    const upTo = Math.max(seen, checkpoint() || 0);
    reload = false;
    dirty.clear();
    const next = make();
    // pages in id order, each starting after the last id read (an offset would re-read every row before it:
    // 250 pages of 250,000 rows took 15 s); a row changed meanwhile is marked by its notice
    for (let after: T['id'] | undefined; ;) {
      if (stopped) throw new Error(`the copy of ${readModel} was stopped while it loaded`);
      const page = await collection().find({ limit: PAGE, ...fields, ...(after === undefined ? {} : { after }) });
      for (const doc of page) next.put(doc);
      if (page.length < PAGE) break;
      after = page.at(-1)!.id;
    }
    index = next;
    appliedTo = upTo;
  }

  async function refresh(into: C): Promise<void> {
    const upTo = seen;
    const ids = [...dirty];
    dirty.clear();
    for (let i = 0; i < ids.length; i += PAGE) {
      const chunk = ids.slice(i, i + PAGE);
      const docs = await collection().getMany(chunk.map(idOf), fields);
      const found = new Set(docs.map((d) => String(d.id)));
      for (const doc of docs) into.put(doc);
      for (const id of chunk) if (!found.has(id)) into.remove(idOf(id));
    }
    appliedTo = Math.max(appliedTo, upTo);
  }

  function sync(): Promise<void> {
    syncing ??= (async () => {
      if (reload || !index || !options.bus) await loadAll();
      else await refresh(index);
    })().finally(() => {
      syncing = null;
    });
    return syncing;
  }

  return {
    /** true once the copy has been loaded (a read then costs only the refresh of what changed) */
    loaded: () => index !== null,
    /** the copy, current as of (at least) the checkpoint when called */
    async current(): Promise<C> {
      await subscribe();
      const target = checkpoint();
      if (!options.bus || Number.isNaN(target)) {
        // nothing tells what changed: reload when the checkpoint moved (every time without one)
        if (!index || Number.isNaN(target) || target > appliedTo) {
          reload = true;
          await sync();
        }
        return index!;
      }
      if (seen < target) {
        // a first load not yet started reads everything anyway; a copy in use, or a load under way (the
        // start-up warm-up), waits briefly for the notice that names the changes, then shares that load
        if ((index || syncing) && !reload) await waitForNotice(target);
        // the checkpoint shows a position whose notice never came: what changed is unknown
        if (seen < target) {
          seen = target;
          reload = true;
        }
      }
      // a sync already under way may have started before our changes: go round until they are in
      while (!index || reload || appliedTo < target) await sync();
      return index;
    },
    /** ends the change-notice subscription (taken at the first read) and a load under way */
    async stop(): Promise<void> {
      stopped = true;
      const unsubscribe = await subscribed?.catch(() => null);
      subscribed = null;
      await unsubscribe?.();
    },
  };
}
