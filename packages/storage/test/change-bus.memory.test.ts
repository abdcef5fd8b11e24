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
});
