import { describe, expect, it } from 'vitest';
import type { Application } from '@ats/contracts';
import { createRevisionGate, moveCardInColumns, moveInSummary, patchRecord, type CachedColumn } from './live-patch';

const card = (id: number, stage: Application['stage'], appliedAt: string): Application =>
  ({
    id,
    stage,
    appliedAt,
    candidateId: id * 10,
    jobId: 1,
    stageChangedAt: null,
    stageChangedBy: null,
    candidate: { firstName: `C${id}`, lastName: 'X', email: `c${id}@x.example`, location: null, skills: [] },
    job: { title: 'Role', company: null },
  }) as unknown as Application;
const column = (...items: Application[]): CachedColumn => ({ pages: [{ items, hasMore: false }], pageParams: [0] });
const key = (stage: string, filter: object = {}) => ['applications', 'list', filter, stage] as const;
const ids = (c: CachedColumn | undefined) => c?.pages.flatMap((p) => p.items.map((i) => i.id));

describe('moveCardInColumns', () => {
  const phone_screen = column(card(3, 'phone_screen', '2026-03-03'), card(2, 'phone_screen', '2026-03-02'));
  const interview = column(card(5, 'interview', '2026-03-05'), card(1, 'interview', '2026-03-01'));
  const patch = {
    id: 2,
    revision: 7,
    fields: { stage: 'interview', jobId: 1, candidateId: 20, stageChangedBy: { id: 'u', name: 'Riley Chen' } },
  };

  it('moves the card out of its column into its new stage at its place, with the new values', () => {
    const { columns, moves } = moveCardInColumns(
      [
        [key('phone_screen'), phone_screen],
        [key('interview'), interview],
      ],
      patch,
    );
    const out = new Map(columns.map(([k, c]) => [k[3], c]));
    expect(ids(out.get('phone_screen'))).toEqual([3]);
    expect(ids(out.get('interview'))).toEqual([5, 2, 1]);
    const moved = out.get('interview')!.pages[0]!.items[1]!;
    expect(moved.stage).toBe('interview');
    expect(moved.stageChangedBy).toEqual({ id: 'u', name: 'Riley Chen' });
    expect(moved.candidate.firstName).toBe('C2');
    expect(moves).toEqual([{ filter: {}, from: 'phone_screen', to: 'interview' }]);
  });

  it('keeps a single card when it is already in its new column (own optimistic move, repeated notice)', () => {
    const already = column(card(2, 'interview', '2026-03-02'));
    const { columns, moves } = moveCardInColumns(
      [
        [key('phone_screen'), column()],
        [key('interview'), already],
      ],
      patch,
    );
    expect(moves).toEqual([]);
    expect(columns.map(([k, c]) => [k[3], ids(c)])).toEqual([['interview', [2]]]);
  });

  it('moves within each board filter separately and leaves filters without the card alone', () => {
    const f = { job: 1 };
    const other = { job: 9 };
    const { columns } = moveCardInColumns(
      [
        [key('phone_screen', f), phone_screen],
        [key('interview', f), column()],
        [key('phone_screen', other), column(card(8, 'phone_screen', '2026-01-01'))],
        [key('interview', other), column()],
      ],
      patch,
    );
    expect(columns.map(([k, c]) => [k[2], k[3], ids(c)])).toEqual([
      [f, 'phone_screen', [3]],
      [f, 'interview', [2]],
    ]);
  });

  it('removes the card from its old column when the new column is not cached', () => {
    const { columns } = moveCardInColumns([[key('phone_screen'), phone_screen]], patch);
    expect(columns.map(([k, c]) => [k[3], ids(c)])).toEqual([['phone_screen', [3]]]);
  });

  it('ignores a patch without a valid stage', () => {
    expect(moveCardInColumns([[key('phone_screen'), phone_screen]], { id: 2, revision: 1, fields: { stage: 'nowhere' } }).columns).toEqual(
      [],
    );
  });
});

describe('moveInSummary', () => {
  it('moves one count from a stage to another', () => {
    expect(
      moveInSummary({ total: 3, stages: { phone_screen: 2, interview: 1 } } as never, 'phone_screen', 'interview').stages,
    ).toMatchObject({
      phone_screen: 1,
      interview: 2,
    });
  });
});

describe('patchRecord', () => {
  const candidate = { id: 3, firstName: 'Ada', lastName: 'Byron', phone: null as string | null, updatedAt: 'a' };
  it('takes the changed fields the record has, and never adds others', () => {
    expect(patchRecord(candidate, { lastName: 'Lovelace', phone: '555', updatedAt: 'b', secret: 'x' })).toEqual({
      id: 3,
      firstName: 'Ada',
      lastName: 'Lovelace',
      phone: '555',
      updatedAt: 'b',
    });
  });
  it('returns the same object when nothing changes, and nothing for an uncached record', () => {
    expect(patchRecord(candidate, { lastName: 'Byron' })).toBe(candidate);
    expect(patchRecord(undefined, { lastName: 'x' })).toBeUndefined();
  });
});

describe('createRevisionGate', () => {
  it('accepts newer revisions per document and refuses older or repeated ones (out-of-order notices)', () => {
    const gate = createRevisionGate();
    expect(gate.accept('applications', { id: 2, revision: 7 })).toBe(true);
    expect(gate.accept('applications', { id: 2, revision: 5 })).toBe(false);
    expect(gate.accept('applications', { id: 2, revision: 7 })).toBe(false);
    expect(gate.accept('candidates', { id: 2, revision: 5 })).toBe(true);
    expect(gate.accept('applications', { id: 2, revision: 9 })).toBe(true);
  });
});
