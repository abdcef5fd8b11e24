/**
 * Projection health over a real projector: a poisoned projection dead-letters an event, the
 * overview shows it, Retry rebuilds the read model (the dead letter stays while the projection
 * still fails, goes once it handles the event), Skip dismisses it; a checkpoint that stopped
 * moving behind the log is reported as stalled.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  allProjections,
  candidatesProjection,
  CHECKPOINT_COLLECTION,
  CHECKPOINT_ID,
  createProjectionAdmin,
  createProjector,
  type Projection,
} from '@ats/projector';
import { candidateRegistered, openTestStores } from '@ats/projector/testing';

const POISON = 666;

describe('projection admin', () => {
  let stores: Awaited<ReturnType<typeof openTestStores>>;
  beforeEach(async () => {
    stores = await openTestStores();
  });
  afterEach(async () => stores?.close());

  it('lists a dead letter; Retry re-projects its read model, Skip dismisses it', async () => {
    const bug = { present: true };
    const poisoned: Projection = {
      ...candidatesProjection,
      evolve(doc, event, ctx) {
        if (bug.present && event.type === 'CandidateRegistered' && (event.data as { candidateId: number }).candidateId === POISON) {
          throw new Error('poison: cannot digest candidate 666');
        }
        return candidatesProjection.evolve(doc, event, ctx);
      },
    };
    const projections = allProjections.map((p) => (p === candidatesProjection ? poisoned : p));
    const projector = createProjector({ ...stores, projections, attempts: 2, retryBackoffMs: 1 });
    const admin = createProjectionAdmin({
      documentStore: stores.documentStore,
      projections,
      projector,
      headPosition: () => stores.eventStore.headPosition(),
    });
    await projector.start();
    await stores.append(candidateRegistered({ candidateId: 1, email: 'one@example.com' }));
    const poison = await stores.append(candidateRegistered({ candidateId: POISON, email: 'poison@example.com' }));
    expect(await projector.waitFor(poison, 10_000)).toBe(true);

    const row = async () => (await admin.overview()).readModels.find((r) => r.name === 'candidates')!;
    expect((await row()).deadLetters).toEqual([
      expect.objectContaining({ position: poison, eventType: 'CandidateRegistered', projection: 'candidates', attempts: 2 }),
    ]);
    const id = (await row()).deadLetters[0]!.id;

    // still broken: the rebuild finds the same failure again
    expect(admin.rebuild(['candidates']).status).toBe('running');
    expect(() => admin.rebuild()).toThrow(/already running/);
    await expect.poll(async () => (await admin.overview()).rebuild?.status, { timeout: 20_000 }).toBe('done');
    expect((await row()).deadLetters.map((d) => d.id)).toEqual([id]);

    // fixed: Retry rebuilds candidates and the event is projected, the dead letter gone
    bug.present = false;
    await admin.retry(id);
    await expect.poll(async () => (await admin.overview()).rebuild?.status, { timeout: 20_000 }).toBe('done');
    expect((await row()).deadLetters).toEqual([]);
    expect(await stores.documentStore.collection('candidates').get(POISON)).not.toBeNull();
    const overview = await admin.overview();
    expect(overview.rebuild).toMatchObject({ percent: 100, readModels: ['candidates'], error: null });

    // Skip: a dead letter dismissed; an unknown one is a 404
    bug.present = true;
    admin.rebuild(['candidates']);
    await expect.poll(async () => (await row()).deadLetters.length, { timeout: 20_000 }).toBe(1);
    await expect.poll(async () => (await admin.overview()).rebuild?.status, { timeout: 20_000 }).toBe('done');
    await admin.skip(id);
    expect((await row()).deadLetters).toEqual([]);
    await expect(admin.skip(id)).rejects.toMatchObject({ status: 404 });
    await projector.stop();
  });

  it('reports stalled when the log moved on and the checkpoint did not, and 501 without a projector', async () => {
    const projector = createProjector({ ...stores, projections: allProjections });
    await projector.start();
    const first = await stores.append(candidateRegistered({ candidateId: 1, email: 'one@example.com' }));
    expect(await projector.waitFor(first, 10_000)).toBe(true);
    await projector.stop();
    await stores.append(candidateRegistered({ candidateId: 2, email: 'two@example.com' }));

    let now = new Date();
    const admin = createProjectionAdmin({
      documentStore: stores.documentStore,
      projections: allProjections,
      headPosition: () => stores.eventStore.headPosition(),
      stalledAfterMs: 60_000,
      now: () => now,
    });
    const saved = await stores.documentStore.collection<{ id: string; updatedAt: string }>(CHECKPOINT_COLLECTION).get(CHECKPOINT_ID);
    let overview = await admin.overview();
    expect(overview).toMatchObject({ checkpoint: first, lag: 1, controllable: false });
    expect(overview.readModels.every((r) => r.state === 'live')).toBe(true);
    now = new Date(Date.parse(saved!.updatedAt) + 61_000);
    overview = await admin.overview();
    expect(overview.readModels.every((r) => r.state === 'stalled')).toBe(true);
    expect(() => admin.rebuild()).toThrow(/own service/);
    await expect(admin.skip('x')).rejects.toMatchObject({ status: 501 });
  });
});
