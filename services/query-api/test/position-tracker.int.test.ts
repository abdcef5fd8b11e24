import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryChangeBus, openStorage, type ChangeBus, type ChangeNotice, type DocumentStore } from '@ats/storage';
import { createPositionTracker, type PositionTracker } from '../src/read-models/position-tracker';

/**
 * The position tracker on a real store (in-memory PGlite) and the in-process change bus: the
 * checkpoint for read-your-writes, and per read model the position of its last change, which
 * the result caches key on.
 */
let storage: Awaited<ReturnType<typeof openStorage>>;
let documents: DocumentStore;
let bus: ChangeBus;
let tracker: PositionTracker;

const commit = (position: number) => documents.collection('projection_checkpoints').upsert({ id: 'main', position });
const notice = (readModel: ChangeNotice['readModel'], position: number): ChangeNotice => ({
  position,
  readModel,
  ids: [1],
  eventType: 'Test',
  actor: null,
});
/** a batch the projector committed and announced */
async function batch(position: number, ...readModels: Array<ChangeNotice['readModel']>) {
  await commit(position);
  await bus.publish(
    readModels.map((m) => notice(m, position)),
    position,
  );
}

beforeAll(async () => {
  storage = await openStorage({ kind: 'embedded' });
  documents = storage.documentStore;
  bus = createMemoryChangeBus();
  await commit(10);
  tracker = createPositionTracker(documents, bus);
  await tracker.start();
});
afterAll(async () => {
  await tracker?.stop();
  await storage?.close();
});

describe('position tracker', () => {
  it('starts from the stored checkpoint: every read model may have changed up to it', () => {
    expect(tracker.current()).toBe(10);
    expect(tracker.positionOf(['candidates'])).toBe(10);
  });

  it('moves a read model’s position only with a batch that changed it', async () => {
    await batch(12, 'record_events', 'candidate_privacy');
    await batch(13);
    expect(tracker.current()).toBe(13);
    expect(tracker.positionOf(['candidates'])).toBe(10);
    expect(tracker.positionOf(['candidates', 'record_events'])).toBe(12);
    await batch(15, 'candidates');
    expect(tracker.positionOf(['candidates'])).toBe(15);
    expect(tracker.positionOf(['applications', 'jobs'])).toBe(10);
  });

  it('answers the checkpoint itself while a committed batch’s notices are on the way', async () => {
    await commit(17);
    // a read with minPosition 17 looks at the store before the notice came
    expect(await tracker.waitFor(17)).toBe(true);
    expect(tracker.positionOf(['applications'])).toBe(17);
    // the notice comes: that batch changed candidates only
    await bus.publish([notice('candidates', 17)], 17);
    expect(tracker.positionOf(['applications'])).toBe(10);
    expect(tracker.positionOf(['candidates'])).toBe(17);
  });

  it('counts every read model as changed when a batch seen in the store was never announced', async () => {
    // batch 19 committed, its notices lost (e.g. Redis down while the projector published)
    await commit(19);
    expect(await tracker.waitFor(19)).toBe(true);
    await batch(21, 'record_events');
    expect(tracker.positionOf(['applications'])).toBe(21);
    expect(tracker.positionOf(['jobs'])).toBe(21);
    await batch(23, 'record_events');
    expect(tracker.positionOf(['jobs'])).toBe(21);
  });
});
