import { describe, expect, it } from 'vitest';
import { createMemoryChangeBus } from '../src/change-bus/memory-change-bus';
import type { ChangeNotice } from '../src/change-bus/port';

const notice: ChangeNotice = {
  position: 7,
  readModel: 'candidates',
  ids: [3],
  eventType: 'CandidateRenamed',
  actor: { id: 'u1', name: 'Ada' },
  refs: { candidateId: [3] },
};

describe('memory change bus', () => {
  it('delivers every published batch with its checkpoint to every subscriber until it unsubscribes', async () => {
    const bus = createMemoryChangeBus();
    const first: Array<[ChangeNotice[], number]> = [];
    const second: Array<[ChangeNotice[], number]> = [];
    const unsubscribeFirst = await bus.subscribe((notices, checkpoint) => void first.push([notices, checkpoint]));
    await bus.subscribe((notices, checkpoint) => void second.push([notices, checkpoint]));

    await bus.publish([notice], 7);
    await unsubscribeFirst();
    await bus.publish([], 8);

    expect(first).toEqual([[[notice], 7]]);
    expect(second).toEqual([
      [[notice], 7],
      [[], 8],
    ]);
    await bus.close();
  });

  it('isolates subscribers from each other: copies, and a throwing handler does not stop delivery', async () => {
    const bus = createMemoryChangeBus();
    const received: ChangeNotice[][] = [];
    await bus.subscribe((notices) => {
      notices[0]!.ids.push(99);
      throw new Error('handler bug');
    });
    await bus.subscribe((notices) => void received.push(notices));
    const original = console.error;
    console.error = () => {};
    try {
      await bus.publish([notice], 7);
    } finally {
      console.error = original;
    }
    expect(received).toEqual([[notice]]);
    expect(notice.ids).toEqual([3]);
  });

  it('delivers what a network bus would: the notices as JSON', async () => {
    const bus = createMemoryChangeBus();
    const received: ChangeNotice[][] = [];
    await bus.subscribe((notices) => void received.push(notices));
    const withPatch = { ...notice, patches: [{ id: 3, set: { updatedAt: new Date(0), note: undefined } }] } as unknown as ChangeNotice;
    await bus.publish([withPatch], 7);
    expect(received).toEqual([[JSON.parse(JSON.stringify(withPatch))]]);
    expect((received[0]![0] as unknown as { patches: Array<{ set: Record<string, unknown> }> }).patches[0]!.set).toEqual({
      updatedAt: '1970-01-01T00:00:00.000Z',
    });
    await bus.close();
  });
});
