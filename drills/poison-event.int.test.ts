/**
 * Drill: a poison event. One projection throws for one event, every time. The runner retries it,
 * dead-letters it with the error, reports it (status, log, the dead-letter collection), and
 * carries on with the events after it: the other read models still get the poison event, every
 * later event is projected, and the checkpoint moves past it (a restart does not replay it).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  allProjections,
  candidatesProjection,
  createProjector,
  DEAD_LETTER_COLLECTION,
  type DeadLetterDoc,
  type Projection,
  type ProjectorLogger,
} from '@ats/projector';
import { candidateRegistered, noteAdded, openTestStores } from '@ats/projector/testing';

const POISON_CANDIDATE = 666;

function poisoned(calls: { count: number }): Projection {
  return {
    ...candidatesProjection,
    evolve(doc, event, ctx) {
      if (event.type === 'CandidateRegistered' && (event.data as { candidateId: number }).candidateId === POISON_CANDIDATE) {
        calls.count++;
        throw new Error('poison: this projection cannot digest candidate 666');
      }
      return candidatesProjection.evolve(doc, event, ctx);
    },
  };
}

describe('poison event drill', () => {
  let stores: Awaited<ReturnType<typeof openTestStores>>;
  beforeEach(async () => {
    stores = await openTestStores();
  });
  afterEach(async () => stores?.close());

  it('is retried, dead-lettered and reported, and the projector carries on after it', async () => {
    const calls = { count: 0 };
    const errors: Array<{ msg: string; fields?: Record<string, unknown> }> = [];
    const log: ProjectorLogger = { info() {}, warn() {}, error: (msg, fields) => errors.push({ msg, fields }) };
    const projections = allProjections.map((p) => (p === candidatesProjection ? poisoned(calls) : p));
    const projector = createProjector({ ...stores, projections, log, attempts: 3, retryBackoffMs: 5 });
    await projector.start();

    await stores.append(candidateRegistered({ candidateId: 1, email: 'one@example.com' }));
    const poison = await stores.append(
      candidateRegistered({ candidateId: POISON_CANDIDATE, firstName: 'Poison', lastName: 'Pill', email: 'poison@example.com' }),
    );
    await stores.append(candidateRegistered({ candidateId: 2, email: 'two@example.com' }));
    const last = await stores.append(noteAdded({ noteId: 9, candidateId: 2, content: 'after the poison' }));
    expect(await projector.waitFor(last, 10_000)).toBe(true);

    // retried: the configured number of attempts, then given up
    expect(calls.count).toBe(3);
    // dead-lettered with the error and the event's coordinates
    const dead = await stores.documentStore.collection<DeadLetterDoc>(DEAD_LETTER_COLLECTION).find({});
    expect(dead).toHaveLength(1);
    expect(dead[0]).toMatchObject({ position: poison, eventType: 'CandidateRegistered', projection: 'candidates', attempts: 3 });
    expect(dead[0]!.error).toContain('poison');
    // reported: status and the error log
    const status = await projector.status();
    expect(status.deadLettered).toBe(1);
    expect(status.lag).toBe(0);
    expect(errors.some((e) => e.msg.includes('dead-lettered') && e.fields?.position === poison)).toBe(true);

    // carried on: the events after it are projected, and the other read models got the poison event
    const candidates = stores.documentStore.collection('candidates');
    expect(await candidates.get(1)).not.toBeNull();
    expect(await candidates.get(2)).not.toBeNull();
    expect(await candidates.get(POISON_CANDIDATE)).toBeNull();
    expect((await stores.documentStore.collection('notes').find({})).map((n) => n.content)).toEqual(['after the poison']);
    const feed = await stores.documentStore.collection('activities').find({});
    expect(feed.some((a) => String(a.description).includes('Poison Pill'))).toBe(true);

    // live events keep flowing after the dead letter
    const later = await stores.append(candidateRegistered({ candidateId: 3, email: 'three@example.com' }));
    expect(await projector.waitFor(later, 5000)).toBe(true);
    expect(await candidates.get(3)).not.toBeNull();
    await projector.stop();

    // a restart does not replay the poison event: the checkpoint is past it
    const again = createProjector({ ...stores, projections, log, attempts: 3, retryBackoffMs: 5 });
    await again.start();
    const tail = await stores.append(candidateRegistered({ candidateId: 4, email: 'four@example.com' }));
    expect(await again.waitFor(tail, 5000)).toBe(true);
    expect(calls.count).toBe(3);
    expect(await stores.documentStore.collection(DEAD_LETTER_COLLECTION).count()).toBe(1);

    // and a rebuild reports the same single dead letter rather than stopping
    const rebuilt = await again.rebuild();
    expect(rebuilt.deadLetters).toBe(1);
    expect(calls.count).toBe(6);
    expect(await stores.documentStore.collection(DEAD_LETTER_COLLECTION).count()).toBe(1);
    expect(await candidates.get(4)).not.toBeNull();
    await again.stop();
  });
});
