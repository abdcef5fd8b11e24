import { describe, expect, it } from 'vitest';
import type { Application, PipelineSummary } from '@ats/contracts';
import { insertIntoPages, loadedApplications, moveInSummary, nextPageOffset, removeFromPages, type ColumnPages } from './move-application';

const app = (id: number, stage: Application['stage'], day = id): Application => ({
  id,
  stage,
  appliedAt: `2025-01-${String(day).padStart(2, '0')}T00:00:00.000Z`,
  candidateId: id * 10,
  jobId: 1,
  stageChangedAt: null,
  stageChangedBy: null,
  candidate: { firstName: 'A', lastName: String(id), email: `a${id}@x.io`, location: null, skills: [] },
  job: { title: 'CFO', location: null, client: null },
});

// newest first, two pages of two, more on the server
const column = (): ColumnPages => ({
  pages: [
    { items: [app(9, 'applied'), app(7, 'applied')], hasMore: true },
    { items: [app(5, 'applied'), app(3, 'applied')], hasMore: true },
  ],
  pageParams: [0, 2],
});
const ids = (data: ColumnPages) => loadedApplications(data).map((a) => a.id);

describe('when a card leaves a column', () => {
  it('is taken out of its page and handed back', () => {
    const before = column();
    const { data, removed } = removeFromPages(before, 5);
    expect(removed?.id).toBe(5);
    expect(ids(data)).toEqual([9, 7, 3]);
    expect(data.pages[0]).toBe(before.pages[0]);
    expect(ids(before)).toEqual([9, 7, 5, 3]);
  });
  it('leaves the column alone when the card is not there', () => {
    const before = column();
    expect(removeFromPages(before, 42)).toEqual({ data: before, removed: null });
  });
});

describe('when a card enters a column', () => {
  it('lands at its place in the server order (newest first)', () => {
    expect(ids(insertIntoPages(column(), app(6, 'interview')))).toEqual([9, 7, 6, 5, 3]);
    expect(ids(insertIntoPages(column(), app(10, 'interview')))).toEqual([10, 9, 7, 5, 3]);
  });
  it('orders cards applied at the same time by the higher id first', () => {
    expect(ids(insertIntoPages(column(), app(8, 'interview', 7)))).toEqual([9, 8, 7, 5, 3]);
  });
  it('stays in sight at the end when it sorts after everything loaded', () => {
    expect(ids(insertIntoPages(column(), app(1, 'interview')))).toEqual([9, 7, 5, 3, 1]);
  });
  it('fills an empty column', () => {
    expect(ids(insertIntoPages({ pages: [], pageParams: [] }, app(1, 'offer')))).toEqual([1]);
  });
  it('is never shown twice', () => {
    expect(ids(insertIntoPages(column(), app(5, 'applied')))).toEqual([9, 7, 5, 3]);
  });
});

describe('paging a column', () => {
  it('starts the next page after the cards held now', () => {
    expect(nextPageOffset(column().pages)).toBe(4);
    expect(nextPageOffset(removeFromPages(column(), 9).data.pages)).toBe(3);
  });
  it('stops when the server had no full page', () => {
    expect(nextPageOffset([{ items: [app(1, 'applied')], hasMore: false }])).toBeUndefined();
    expect(nextPageOffset([])).toBeUndefined();
  });
  it('shows a card fetched twice once', () => {
    const shifted: ColumnPages = {
      pages: [
        { items: [app(9, 'applied'), app(7, 'applied')], hasMore: true },
        { items: [app(7, 'applied'), app(5, 'applied')], hasMore: false },
      ],
      pageParams: [0, 2],
    };
    expect(ids(shifted)).toEqual([9, 7, 5]);
  });
});

describe('moveInSummary', () => {
  const summary: PipelineSummary = {
    total: 3,
    stages: { applied: 2, phone_screen: 0, interview: 1, final_interview: 0, offer: 0, placed: 0, rejected: 0 },
  };
  it('counts one less where the card left and one more where it landed, same total', () => {
    expect(moveInSummary(summary, 'applied', 'offer')).toEqual({ total: 3, stages: { ...summary.stages, applied: 1, offer: 1 } });
  });
  it('never counts below zero', () => {
    expect(moveInSummary(summary, 'placed', 'applied').stages.placed).toBe(0);
  });
});
