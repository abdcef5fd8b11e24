import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuth, silentLogger } from '@ats/http-kit';
import { ANALYTICS_ACTIVITY, type AnalyticsApplicationDoc } from '@ats/projector';
import { createMemoryChangeBus, openStorage, type ChangeBus, type Doc, type DocumentStore } from '@ats/storage';
import { createQueryApi } from '../src/app';

/**
 * The query side's warm-up after a start (real store: in-memory PGlite, the in-process change bus,
 * the query-api as the server builds it): it loads the Analytics screen's copies, so a read after
 * it reads nothing from those read models, and a read arriving while it loads shares that load.
 */
/**
 * The figures' copy reads `analytics_applications` whole; source effectiveness's copies read a few
 * fields of it and of `analytics_candidates` (counted as `<name> (fields)`).
 */
const COPIES = ['analytics_applications', 'analytics_applications (fields)', 'analytics_candidates (fields)', ANALYTICS_ACTIVITY];
const ROWS = 2500;

let storage: Awaited<ReturnType<typeof openStorage>>;
let bus: ChangeBus;
/** page reads (`find`) of the three copies' read models, by read model */
const pages = new Map<string, number>();
/** while set, the copies' page reads wait for it (a load held under way) */
let gate: Promise<void> | null = null;

/** the store, counting the page reads of the copies' read models */
function counted(documents: DocumentStore): DocumentStore {
  return new Proxy(documents, {
    get(target, key, receiver) {
      if (key !== 'collection') return Reflect.get(target, key, receiver) as unknown;
      return (name: string) => {
        const collection = target.collection(name);
        if (!COPIES.some((copy) => copy.startsWith(name))) return collection;
        return new Proxy(collection, {
          get(c, k, r) {
            if (k !== 'find') return Reflect.get(c, k, r) as unknown;
            return async (...args: Parameters<typeof c.find>) => {
              const counted = args[0]?.fields ? `${name} (fields)` : name;
              if (!COPIES.includes(counted)) return c.find(...args);
              pages.set(counted, (pages.get(counted) ?? 0) + 1);
              await gate;
              return c.find(...args);
            };
          },
        });
      };
    },
  });
}

const app = (id: number): AnalyticsApplicationDoc & Doc => ({
  id,
  candidateId: id,
  jobId: 1 + (id % 3),
  createdAt: '2025-03-01T00:00:00.000Z',
  stage: 'rejected',
  firstPlacedAt: null,
  stays: [
    { stage: 'applied', enteredAt: '2025-03-01T00:00:00.000Z', leftAt: '2025-03-02T00:00:00.000Z', movedBy: null },
    { stage: 'rejected', enteredAt: '2025-03-02T00:00:00.000Z', leftAt: null, movedBy: { id: 'u1', name: 'Ann' } },
  ],
  placements: [],
  detachments: [],
  funnelKey: '0r',
  detached: false,
  standing: null,
  standingPlacedAt: null,
});

async function startApi(analyticsWarmUpLimit?: number) {
  const documents = counted(storage.documentStore);
  const auth = createAuth({ documents, sessionSecret: 'x'.repeat(32), secureCookies: false, bus });
  await auth.init();
  const api = createQueryApi({
    documents,
    bus,
    auth,
    log: silentLogger,
    ...(analyticsWarmUpLimit !== undefined ? { analyticsWarmUpLimit } : {}),
  });
  await api.tracker.start();
  return api;
}

/** holds the copies' page reads until the returned function is called */
function hold(): () => void {
  let release = () => {};
  gate = new Promise<void>((r) => (release = r));
  return () => {
    gate = null;
    release();
  };
}

/** until the warm-up has asked for the first page of the applications (their copy is loading) */
async function loading() {
  while (!pages.get('analytics_applications')) await new Promise((r) => setTimeout(r, 1));
}

const query = { from: '2025-01-01', to: '2025-12-31' };

beforeAll(async () => {
  storage = await openStorage({ kind: 'embedded' });
  bus = createMemoryChangeBus();
  const rows = storage.documentStore.collection<AnalyticsApplicationDoc & Doc>('analytics_applications');
  // three pages of the loader
  const all = Array.from({ length: ROWS }, (_, i) => app(i + 1));
  if (rows.upsertMany) await rows.upsertMany(all);
  else for (const doc of all) await rows.upsert(doc);
  await storage.documentStore.collection('projection_checkpoints').upsert({ id: 'main', position: 1 });
});
afterAll(async () => {
  await bus?.close();
  await storage?.close();
});

describe('the analytics warm-up', () => {
  it('loads the Analytics copies: a read after it loads nothing', async () => {
    const api = await startApi();
    pages.clear();
    await api.warmUp();
    // one load each: the applications in three pages (whole, and source effectiveness's fields), the (empty) candidates and activity in one
    expect(Object.fromEntries(pages)).toEqual({
      analytics_applications: 3,
      'analytics_applications (fields)': 3,
      'analytics_candidates (fields)': 1,
      [ANALYTICS_ACTIVITY]: 1,
    });
    pages.clear();
    const funnel = await api.queries.analyticsFunnel(query);
    const time = await api.queries.analyticsTimeInStage(query);
    await api.queries.sourceEffectiveness(query);
    await api.queries.recruiterActivity(query);
    expect(funnel).toMatchObject({ cohort: ROWS, rejected: ROWS });
    expect(time.stages[0]!.completed).toEqual({ count: ROWS, medianDays: 1, p75Days: 1 });
    expect(Object.fromEntries(pages)).toEqual({});
    await api.analyticsIndex.stop();
    await api.tracker.stop();
  });

  it('shares its load with the reads that arrive meanwhile', async () => {
    const api = await startApi();
    pages.clear();
    const release = hold();
    const warming = api.warmUp();
    await loading();
    // five reads arrive while the first page is held
    const asked = Promise.all(Array.from({ length: 5 }, () => api.queries.analyticsFunnel(query)));
    await new Promise((r) => setTimeout(r, 20));
    expect(pages.get('analytics_applications')).toBe(1);
    release();
    const reads = await asked;
    await warming;
    expect(reads.map((r) => r.cohort)).toEqual(Array(5).fill(ROWS));
    // one load of the applications (three pages), not one per read
    expect(pages.get('analytics_applications')).toBe(3);
    pages.clear();
    await api.queries.analyticsFunnel({ ...query, to: '2025-12-30' });
    expect(pages.get('analytics_applications')).toBeUndefined();
    await api.analyticsIndex.stop();
    await api.tracker.stop();
  });

  it('leaves the copies of more applications than its limit to the first Analytics read (idle memory of a large agency)', async () => {
    const api = await startApi(ROWS - 1);
    pages.clear();
    await api.warmUp();
    expect(Object.fromEntries(pages)).toEqual({});
    const funnel = await api.queries.analyticsFunnel(query);
    expect(funnel).toMatchObject({ cohort: ROWS, rejected: ROWS });
    expect(pages.get('analytics_applications')).toBe(3);
    await api.analyticsIndex.stop();
    await api.tracker.stop();
  });

  it('ends a load under way when stopped (a server closing does not wait for it)', async () => {
    const api = await startApi();
    pages.clear();
    const release = hold();
    const warming = api.warmUp();
    await loading();
    await api.analyticsIndex.stop();
    release();
    await expect(warming).rejects.toThrow(/stopped while it loaded/);
    // the page under way was the last
    expect(pages.get('analytics_applications')).toBe(1);
    await api.tracker.stop();
  });
});
