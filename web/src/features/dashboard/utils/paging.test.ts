import { describe, expect, it } from 'vitest';
import { pageOf } from './paging';

const nine = Array.from({ length: 9 }, (_, i) => i + 1);

describe('pageOf', () => {
  it('shows 8 of 9 on the first page and the ninth on the second', () => {
    expect(pageOf(nine, 0, 8)).toMatchObject({
      rows: [1, 2, 3, 4, 5, 6, 7, 8],
      from: 1,
      to: 8,
      total: 9,
      hasPrevious: false,
      hasNext: true,
    });
    expect(pageOf(nine, 1, 8)).toMatchObject({ rows: [9], from: 9, to: 9, pages: 2, hasPrevious: true, hasNext: false });
  });
  it('keeps the page in range when the list shrinks, and copes with none', () => {
    expect(pageOf(nine.slice(0, 3), 4, 8)).toMatchObject({ page: 0, rows: [1, 2, 3], hasNext: false });
    expect(pageOf([], 0, 8)).toMatchObject({ rows: [], from: 0, to: 0, total: 0, pages: 1 });
  });
});
