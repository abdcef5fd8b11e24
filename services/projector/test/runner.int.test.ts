import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DomainEvent } from '@ats/events';
import {
  allProjections,
  candidatesProjection,
  CHECKPOINT_COLLECTION,
  createProjector,
  DEAD_LETTER_COLLECTION,
  DECODE_STAGE,
  REBUILT_EVENT_TYPE,
  RETIRED_COLLECTIONS,
  type DeadLetterDoc,
  type Projection,
  type Projector,
  type RebuildProgress,
  SPLIT_COMMIT_FROM,
} from '../src/index';
import {
  applicationCreated,
  candidateDeleted,
  candidateRegistered,
  clientCreated,
  contactAdded,
  idReserved,
  jobCreated,
  noteAdded,
  stageChanged,
  userRegistered,
} from './support/fixtures';
import { allDocs, openTestStores } from './support/stores';

type Stores = Awaited<ReturnType<typeof openTestStores>>;

const READ_MODELS = allProjections.map((p) => p.collection.name);
const maria = { id: 'u2', name: 'Maria Chen' };

/** A small but complete day at the agency. */
const story = (): DomainEvent[] => [
  userRegistered(),
  idReserved('client', 1),
  clientCreated(),
  contactAdded({ isPrimary: true }),
  idReserved('job', 1),
  jobCreated(),
  idReserved('candidate', 1),
  { type: 'CandidateEmailReserved', data: { email: 'ada@example.com', candidateId: 1 } },
  candidateRegistered(),
  candidateRegistered({ candidateId: 2, firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com' }),
  noteAdded(),
  applicationCreated(),
  stageChanged('applied', 'interview'),
  applicationCreated({ applicationId: 2, candidateId: 2 }),
  stageChanged('applied', 'placed', { applicationId: 2, candidateId: 2 }),
  candidateDeleted(2),
];

async function snapshot(stores: Stores) {
  const out: Record<string, unknown[]> = {};
  for (const name of READ_MODELS) out[name] = await allDocs(stores.documentStore, name);
  return out;
}

describe('projection runner on PGlite', () => {
  let stores: Stores;
  const running: Projector[] = [];
  const projector = (options: { projections?: readonly Projection[]; batchSize?: number; commitBudgetMs?: number } = {}) => {
    const p = createProjector({
      eventStore: stores.eventStore,
      documentStore: stores.documentStore,
      changeBus: stores.changeBus,
      projections: options.projections ?? allProjections,
      batchSize: options.batchSize ?? 500,
      retryBackoffMs: 1,
      ...(options.commitBudgetMs ? { commitBudgetMs: options.commitBudgetMs } : {}),
    });
    running.push(p);
    return p;
  };

  beforeEach(async () => {
    stores = await openTestStores();
  });
  afterEach(async () => {
    for (const p of running.splice(0)) await p.stop();
    await stores.close();
  });

  it('projects the log into documents, commits the checkpoint and publishes notices', async () => {
    let last = 0;
    for (const event of story()) last = await stores.append(event, { actor: maria });
    const runner = projector();
    await runner.start();
    expect(await runner.waitFor(last, 10_000)).toBe(true);
    expect(runner.checkpoint).toBe(last);

    expect((await allDocs(stores.documentStore, 'candidates')).map((c) => [c.id, c.firstName, c.createdBy])).toEqual([[1, 'Ada', 'u2']]);
    expect(await stores.documentStore.collection('clients').get(1)).toMatchObject({ companyName: 'Acme Corp', contactName: 'Wile Coyote' });
    expect(await stores.documentStore.collection('jobs').get(1)).toMatchObject({ title: 'VP Engineering', clientId: 1 });
    expect(await allDocs(stores.documentStore, 'applications')).toMatchObject([
      { id: 1, stage: 'interview', stageChangedBy: maria },
      { id: 2, stage: 'placed' },
    ]);
    expect(await allDocs(stores.documentStore, 'notes')).toMatchObject([{ id: 1, candidateId: 1, authorName: 'Maria Chen' }]);
    expect(await allDocs(stores.documentStore, 'users')).toMatchObject([{ id: 'u2', active: true }]);
    const feed = await stores.documentStore.collection('activities').find({ sort: [['position', 'asc']] });
    expect(feed.map((a) => a.description)).toEqual([
      'New client: Acme Corp',
      'Wile Coyote was added as the primary contact at Acme Corp',
      'New job order: VP Engineering at Acme Corp',
      'Ada Lovelace was added as a candidate by Maria Chen',
      'Grace Hopper was added as a candidate by Maria Chen',
      'Maria Chen added a note on Ada Lovelace',
      'Ada Lovelace was attached to VP Engineering by Maria Chen',
      'Maria Chen moved Ada Lovelace to Interview',
      'Grace Hopper was attached to VP Engineering by Maria Chen',
      'Grace Hopper was placed as VP Engineering at Acme Corp by Maria Chen',
      'Grace Hopper was removed from candidates',
    ]);
    expect(await stores.documentStore.collection(CHECKPOINT_COLLECTION).get('main')).toMatchObject({ id: 'main', position: last });

    // one batch: every notice carries the batch checkpoint; the lookup is internal and silent
    const notices = stores.published.flatMap((p) => p.notices);
    expect(stores.published.at(-1)?.checkpoint).toBe(last);
    expect(notices.every((n) => n.position === last)).toBe(true);
    expect(notices.some((n) => n.readModel === 'activity_lookup')).toBe(false);
    expect(notices).toContainEqual({
      position: last,
      readModel: 'candidates',
      ids: [1, 2],
      eventType: 'CandidateRegistered',
      actor: maria,
      refs: { candidateId: [1, 2] },
    });
    expect(notices).toContainEqual({
      position: last,
      readModel: 'applications',
      ids: [1, 2],
      eventType: 'ApplicationStageChanged',
      actor: maria,
      refs: { applicationId: [1, 2], candidateId: [1, 2], jobId: [1] },
      // what a board needs to draw the moves at once (issue 19): each card's new stage
      patches: [
        { id: 1, revision: expect.any(Number), fields: expect.objectContaining({ stage: 'interview', candidateId: 1, jobId: 1 }) },
        { id: 2, revision: expect.any(Number), fields: expect.objectContaining({ stage: 'placed', candidateId: 2, jobId: 1 }) },
      ],
    });

    const status = await runner.status();
    expect(status).toMatchObject({ running: true, checkpoint: last, head: last, lag: 0, deadLettered: 0 });
  });

  it('follows live appends, one committed batch at a time, and publishes even when nothing changed', async () => {
    const runner = projector();
    await runner.start();
    const first = await stores.append(candidateRegistered());
    expect(await runner.waitFor(first, 5_000)).toBe(true);
    expect(await stores.documentStore.collection('candidates').get(1)).toMatchObject({ firstName: 'Ada' });

    const reservation = await stores.append(idReserved('candidate', 2));
    expect(await runner.waitFor(reservation, 5_000)).toBe(true);
    expect(stores.published.at(-1)).toEqual({ notices: [], checkpoint: reservation });

    expect(await runner.waitFor(reservation + 1000, 50)).toBe(false);
  });

  it('projects a live event with one read and one write of the read models, the checkpoint in that write', async () => {
    let last = 0;
    for (const event of story()) last = await stores.append(event, { actor: maria });
    const runner = projector();
    await runner.start();
    expect(await runner.waitFor(last, 10_000)).toBe(true);
    // statements sent outside a transaction (a transaction's go through its own client)
    const sql = stores.sql!;
    const query = sql.query.bind(sql);
    const sent: string[] = [];
    Object.assign(sql, {
      query: (text: string, params?: readonly unknown[]) => {
        sent.push(text);
        return query(text, params);
      },
    });
    const moved = await (async () => {
      try {
        const position = await stores.append(stageChanged('interview', 'offer'), { actor: maria });
        expect(await runner.waitFor(position, 5_000)).toBe(true);
        return position;
      } finally {
        Object.assign(sql, { query });
      }
    })();
    const readModelStatements = sent.filter((text) => text.includes('"doc_'));
    expect(readModelStatements).toHaveLength(2);
    // the documents of every collection the event touches, at once
    expect(readModelStatements[0]).toContain('UNION ALL');
    expect(readModelStatements[0]).toContain('"doc_applications"');
    // all of them written with the checkpoint, atomically
    expect(readModelStatements[1]).toMatch(/^WITH b AS/);
    expect(readModelStatements[1]).toContain('"doc_applications"');
    expect(readModelStatements[1]).toContain('"doc_projection_checkpoints"');
    expect(await stores.documentStore.collection('applications').get(1)).toMatchObject({ stage: 'offer' });
    expect(await stores.documentStore.collection(CHECKPOINT_COLLECTION).get('main')).toMatchObject({ position: moved });
    expect(stores.published.at(-1)?.notices).toContainEqual(
      expect.objectContaining({ readModel: 'applications', ids: [1], eventType: 'ApplicationStageChanged', position: moved }),
    );
  });

  it('coalesces the events of several commands that arrive during a commit into the next batch', async () => {
    // the first live commit is held until the next events have been delivered
    let hold: Promise<void> | null = null;
    let release = () => {};
    let held = () => {};
    const holding = new Promise<void>((resolve) => (held = resolve));
    const store = stores.documentStore;
    const documentStore = new Proxy(store, {
      get(target, property, receiver) {
        if (property !== 'writeAcross') return Reflect.get(target, property, receiver) as unknown;
        return async (writes: Parameters<NonNullable<typeof store.writeAcross>>[0]) => {
          const wait = hold;
          hold = null;
          if (wait) {
            held();
            await wait;
          }
          return target.writeAcross!(writes);
        };
      },
    });
    let delivered = 0;
    const eventStore = new Proxy(stores.eventStore, {
      get(target, property, receiver) {
        if (property !== 'subscribe') return Reflect.get(target, property, receiver) as unknown;
        return (options: Parameters<typeof target.subscribe>[0]) =>
          target.subscribe({
            ...options,
            onEvent: (event) => {
              delivered++;
              return options.onEvent(event);
            },
          });
      },
    });
    const runner = createProjector({
      eventStore,
      documentStore,
      changeBus: stores.changeBus,
      projections: allProjections,
      retryBackoffMs: 1,
    });
    running.push(runner);
    await runner.start();
    hold = new Promise<void>((resolve) => (release = resolve));
    const first = await stores.append(candidateRegistered());
    await holding;
    let last = first;
    for (let i = 2; i <= 6; i++) last = await stores.append(candidateRegistered({ candidateId: i, email: `c${i}@example.com` }));
    while (delivered < 6) await new Promise((resolve) => setImmediate(resolve));
    release();
    expect(await runner.waitFor(last, 10_000)).toBe(true);
    // two commits: the lone first event, then the five that came while it ran
    expect(stores.published.map((p) => p.checkpoint)).toEqual([first, last]);
    const registered = stores.published.map((p) => p.notices.find((n) => n.readModel === 'candidates')?.ids);
    expect(registered).toEqual([[1], [2, 3, 4, 5, 6]]);
    expect(await stores.documentStore.collection('candidates').count()).toBe(6);
  });

  it('commits batches of batchSize and never applies an event twice across restarts', async () => {
    const events = Array.from({ length: 25 }, (_, i) => candidateRegistered({ candidateId: i + 1, email: `c${i + 1}@example.com` }));
    let last = 0;
    for (const event of events.slice(0, 10)) last = await stores.append(event);

    const first = projector({ batchSize: 4 });
    await first.start();
    expect(await first.waitFor(last, 10_000)).toBe(true);
    // 10 events in batches of at most 4
    expect(stores.published.length).toBeGreaterThanOrEqual(3);
    await first.stop();

    for (const event of events.slice(10)) last = await stores.append(event);
    stores.published.length = 0;
    const second = projector({ batchSize: 4 });
    await second.start();
    expect(second.checkpoint).toBeLessThan(last);
    expect(await second.waitFor(last, 10_000)).toBe(true);

    expect(await stores.documentStore.collection('candidates').count()).toBe(25);
    // one feed line per registration: nothing was projected twice
    expect(await stores.documentStore.collection('activities').count()).toBe(25);
    const renotified = stores.published
      .flatMap((p) => p.notices)
      .filter((n) => n.readModel === 'candidates')
      .flatMap((n) => n.ids);
    expect(renotified.sort((a, b) => Number(a) - Number(b))).toEqual(Array.from({ length: 15 }, (_, i) => i + 11));
  });

  it('commits a backlog in smaller batches while commits run over the budget, and loses nothing', async () => {
    const events = Array.from({ length: 400 }, (_, i) => candidateRegistered({ candidateId: i + 1, email: `c${i + 1}@example.com` }));
    let last = 0;
    for (const event of events) last = await stores.append(event);
    // every commit is over a budget this small: after the first batch, MIN_LIVE_BATCH (100) at most
    const runner = projector({ batchSize: 150, commitBudgetMs: 0.001 });
    await runner.start();
    expect(await runner.waitFor(last, 20_000)).toBe(true);
    const checkpoints = stores.published.map((p) => p.checkpoint);
    const sizes = checkpoints.map((c, i) => c - (checkpoints[i - 1] ?? 0));
    expect(sizes[0]).toBe(150);
    expect(sizes.slice(1).every((n) => n <= 100)).toBe(true);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(last);
    expect(await stores.documentStore.collection('candidates').count()).toBe(400);
    expect(await stores.documentStore.collection('activities').count()).toBe(400);
  });

  it('backfills a read model added (or whose version was bumped) since the last run, from the whole log', async () => {
    let last = 0;
    for (const event of story()) last = await stores.append(event, { actor: maria });
    const without = allProjections.filter((p) => p.name !== 'deleted_records' && p.name !== 'notes');
    const first = projector({ projections: without });
    await first.start();
    expect(await first.waitFor(last, 10_000)).toBe(true);
    await first.stop();
    expect(await stores.documentStore.collection('deleted_records').count()).toBe(0);
    expect((await stores.documentStore.collection(CHECKPOINT_COLLECTION).get('main'))?.readModels).not.toContain('deleted_records');

    // the next version adds deleted_records and notes, and changes what candidates hold
    const bumped = (candidatesProjection.version ?? 1) + 1;
    const candidatesV3: Projection = {
      ...candidatesProjection,
      version: bumped,
      evolve: (doc, event, context) => {
        const next = candidatesProjection.evolve(doc, event, context);
        return next ? { ...next, v3: true } : next;
      },
    };
    const upgraded = allProjections.map((p) => (p.name === 'candidates' ? candidatesV3 : p));
    const second = projector({ projections: upgraded });
    await second.start();
    await expect
      .poll(async () => (await stores.documentStore.collection(CHECKPOINT_COLLECTION).get('main'))?.readModels, { timeout: 10_000 })
      .toContain(`candidates@${bumped}`);
    expect(await allDocs(stores.documentStore, 'deleted_records')).toMatchObject([{ id: 'candidate-2', kind: 'candidate', entityId: 2 }]);
    expect(await allDocs(stores.documentStore, 'notes')).toMatchObject([{ id: 1, candidateId: 1 }]);
    expect(await allDocs(stores.documentStore, 'candidates')).toMatchObject([{ id: 1, v3: true }]);
    // the read models it already had were not touched: one feed line per event, not two
    expect(await stores.documentStore.collection('activities').count()).toBe(11);
    await second.stop();

    // a third start finds nothing new to backfill
    const third = projector({ projections: upgraded });
    await third.start();
    expect((await third.status()).rebuilding).toBe(false);
  });

  it('retries a throwing projection, dead-letters the event and carries on', async () => {
    let calls = 0;
    const fragile: Projection = {
      ...candidatesProjection,
      evolve(doc, event, context) {
        if (event.type === 'CandidateRegistered' && event.data.email === 'poison@example.com') {
          calls += 1;
          throw new Error('cannot handle this candidate');
        }
        return candidatesProjection.evolve(doc, event, context);
      },
    };
    const projections = allProjections.map((p) => (p === candidatesProjection ? fragile : p));
    const runner = projector({ projections });
    await runner.start();

    await stores.append(candidateRegistered({ candidateId: 1 }));
    const poison = await stores.append(candidateRegistered({ candidateId: 2, email: 'poison@example.com', firstName: 'Poison' }));
    const unknown = await stores.appendRaw({ type: 'SomethingFromTheFuture', data: { x: 1 } });
    const invalid = await stores.appendRaw({ type: 'CandidateRegistered', data: { candidateId: 'not a number' } });
    const last = await stores.append(candidateRegistered({ candidateId: 3, email: 'c3@example.com' }));
    expect(await runner.waitFor(last, 10_000)).toBe(true);

    expect(calls).toBe(3);
    expect((await allDocs(stores.documentStore, 'candidates')).map((c) => c.id)).toEqual([1, 3]);
    // the other read models still took the poison event
    expect((await stores.documentStore.collection('activities').find({ where: { position: poison } }))[0]).toMatchObject({
      description: 'Poison Lovelace was added as a candidate by Test User',
    });

    const deadLetters = (await allDocs(stores.documentStore, DEAD_LETTER_COLLECTION)) as DeadLetterDoc[];
    expect(deadLetters.map((d) => [d.position, d.projection, d.eventType, d.attempts])).toEqual(
      expect.arrayContaining([
        [poison, 'candidates', 'CandidateRegistered', 3],
        [invalid, DECODE_STAGE, 'CandidateRegistered', 1],
      ]),
    );
    expect(deadLetters).toHaveLength(2);
    expect(deadLetters.find((d) => d.projection === 'candidates')).toMatchObject({
      error: 'Error: cannot handle this candidate',
      stream: expect.any(String),
      failedAt: expect.any(String),
    });
    expect(deadLetters.some((d) => d.position === unknown)).toBe(false);
    expect((await runner.status()).deadLettered).toBe(2);
  });

  it('rebuilds every read model into fresh collections and swaps them in, identical', async () => {
    let last = 0;
    for (const event of story()) last = await stores.append(event, { actor: maria });
    const runner = projector({ batchSize: 3 });
    await runner.start();
    expect(await runner.waitFor(last, 10_000)).toBe(true);
    const before = await snapshot(stores);
    // damage a read model: a rebuild must repair it
    await stores.documentStore.collection('candidates').upsert({ ...(before.candidates![0] as { id: number }), firstName: 'Corrupted' });
    stores.published.length = 0;

    const progress: RebuildProgress[] = [];
    const result = await runner.rebuild({ onProgress: (p) => progress.push(p) });

    expect(result).toMatchObject({ position: last, events: story().length, deadLetters: 0 });
    expect(await snapshot(stores)).toEqual(before);
    expect(progress.at(0)?.phase).toBe('replaying');
    expect(progress.map((p) => p.phase)).toContain('swapping');
    expect(progress.at(-1)).toMatchObject({ phase: 'done', position: last, head: last, events: story().length });
    // positions only move forward
    expect(progress.map((p) => p.position)).toEqual([...progress.map((p) => p.position)].sort((a, b) => a - b));
    expect(
      stores.published
        .flatMap((p) => p.notices)
        .filter((n) => n.eventType === REBUILT_EVENT_TYPE)
        .map((n) => n.readModel),
    ).toEqual(allProjections.filter((p) => p.notify !== false).map((p) => p.name));
    // the rebuild copies are gone and the swapped collections keep their search fields
    expect(await stores.documentStore.collection('candidates__rebuild').count()).toBe(0);
    expect(await stores.documentStore.collection('candidates').find({ search: 'LOVELACE' })).toHaveLength(1);

    // and the live runner keeps projecting into the swapped-in collections
    const next = await stores.append(
      candidateRegistered({ candidateId: 7, email: 'c7@example.com', firstName: 'Katherine', lastName: 'Johnson' }),
    );
    expect(await runner.waitFor(next, 5_000)).toBe(true);
    expect(await stores.documentStore.collection('candidates').get(7)).toMatchObject({ firstName: 'Katherine' });
    expect((await stores.documentStore.collection('activities').find({ sort: [['position', 'desc']], limit: 1 }))[0]).toMatchObject({
      description: 'Katherine Johnson was added as a candidate by Test User',
    });
  });

  it('rebuilds while events keep arriving, and without a running projector', async () => {
    const events = Array.from({ length: 60 }, (_, i) =>
      candidateRegistered({ candidateId: i + 1, email: `c${i + 1}@example.com`, firstName: `C${i + 1}` }),
    );
    for (const event of events.slice(0, 40)) await stores.append(event);

    // not started: the rebuild projects up to the head and leaves the checkpoint there
    const cold = projector({ batchSize: 7 });
    const coldResult = await cold.rebuild();
    expect(coldResult.position).toBe(await stores.eventStore.headPosition());
    expect(cold.checkpoint).toBe(coldResult.position);
    expect(await stores.documentStore.collection('candidates').count()).toBe(40);

    const runner = projector({ batchSize: 7 });
    await runner.start();
    const appending = (async () => {
      let last = 0;
      for (const event of events.slice(40)) last = await stores.append(event);
      return last;
    })();
    const rebuilt = runner.rebuild({ readModels: ['candidates', 'activity_lookup', 'activities'] });
    const [last] = await Promise.all([appending, rebuilt]);
    expect(await runner.waitFor(last, 10_000)).toBe(true);

    expect(await stores.documentStore.collection('candidates').count()).toBe(60);
    expect(await stores.documentStore.collection('activities').count()).toBe(60);
    const feed = await stores.documentStore.collection('activities').find({ sort: [['position', 'asc']] });
    expect(feed.map((a) => a.description)).toEqual(events.map((_, i) => `C${i + 1} Lovelace was added as a candidate by Test User`));
  });

  it('refuses a second rebuild at the same time and unknown read models', async () => {
    const runner = projector();
    await expect(runner.rebuild({ readModels: ['nope'] })).rejects.toThrow(/Unknown read models: nope/);
    const first = runner.rebuild();
    await expect(runner.rebuild()).rejects.toThrow(/already running/);
    await first;
  });

  it('rebuilds thousands of events quickly', async () => {
    const total = 5_000;
    const perCandidate: DomainEvent[][] = [];
    for (let i = 1; i <= total / 5; i++) {
      perCandidate.push([
        idReserved('candidate', i),
        candidateRegistered({ candidateId: i, email: `c${i}@example.com` }),
        noteAdded({ noteId: i, candidateId: i }),
        applicationCreated({ applicationId: i, candidateId: i }),
        stageChanged('applied', 'interview', { applicationId: i, candidateId: i }),
      ]);
    }
    await stores.append(clientCreated());
    await stores.append(jobCreated());
    for (const events of perCandidate) await stores.append(events);

    const runner = projector();
    const started = performance.now();
    const result = await runner.rebuild();
    const seconds = (performance.now() - started) / 1000;
    console.info(
      `[projector] rebuilt ${result.events} events in ${seconds.toFixed(2)} s (${Math.round(result.events / seconds)} events/s) on in-memory PGlite`,
    );
    expect(result.events).toBe(total + 2);
    expect(await stores.documentStore.collection('applications').count({ where: { stage: 'interview' } })).toBe(total / 5);
    expect(await stores.documentStore.collection('activities').count()).toBe((total / 5) * 4 + 2);
  });
  it('drops the collections of retired read models at start (an upgraded installation does not carry them)', async () => {
    let last = 0;
    for (const event of story()) last = await stores.append(event, { actor: maria });
    // what an earlier version left: analytics_sources and a rebuild copy of it
    for (const name of RETIRED_COLLECTIONS) {
      await stores.documentStore.collection(name).upsert({ id: 'c1', candidateId: 1 });
      await stores.documentStore.collection(`${name}__rebuild`).upsert({ id: 'c1', candidateId: 1 });
      expect(await stores.documentStore.collection(name).count()).toBe(1);
    }
    const runner = projector();
    await runner.start();
    expect(await runner.waitFor(last, 10_000)).toBe(true);
    for (const name of RETIRED_COLLECTIONS) {
      expect(await stores.documentStore.collection(name).count()).toBe(0);
      expect(await stores.documentStore.collection(`${name}__rebuild`).count()).toBe(0);
    }
    expect(RETIRED_COLLECTIONS).toContain('analytics_sources');
    expect(allProjections.map((p) => p.collection.name)).not.toContain('analytics_sources');
  });
  it('with a commit budget, writes a large live batch a turn after reading it (requests go between); a small one in the same turn', async () => {
    const runner = projector({ commitBudgetMs: 30 });
    await runner.start();
    // what happens in which order: the batch's read, a turn of the event loop queued by it, its write
    const steps: string[] = [];
    const store = stores.documentStore as typeof stores.documentStore & {
      getAcross: NonNullable<typeof stores.documentStore.getAcross>;
      writeAcross: NonNullable<typeof stores.documentStore.writeAcross>;
    };
    const getAcross = store.getAcross.bind(store);
    const writeAcross = store.writeAcross.bind(store);
    store.getAcross = (...args) => {
      steps.push('read');
      setImmediate(() => steps.push('turn'));
      return getAcross(...args);
    };
    store.writeAcross = (...args) => {
      steps.push('write');
      return writeAcross(...args);
    };
    const big = Array.from({ length: SPLIT_COMMIT_FROM }, (_, i) =>
      candidateRegistered({ candidateId: i + 1, email: `c${i + 1}@example.com` }),
    );
    const bigLast = await stores.append(big);
    expect(await runner.waitFor(bigLast, 10_000)).toBe(true);
    await new Promise((resolve) => setImmediate(resolve));
    expect(steps).toEqual(['read', 'turn', 'write']);
    steps.length = 0;
    const lone = await stores.append(candidateRegistered({ candidateId: 99, email: 'lone@example.com' }));
    expect(await runner.waitFor(lone, 10_000)).toBe(true);
    await new Promise((resolve) => setImmediate(resolve));
    expect(steps).toEqual(['read', 'write', 'turn']);
    expect(await stores.documentStore.collection('candidates').count()).toBe(SPLIT_COMMIT_FROM + 1);
    expect(stores.published.map((p) => p.checkpoint)).toEqual([bigLast, lone]);
  });
});
