import { describe, expect, it } from 'vitest';
import { hiddenColumns } from './board-fit';

const columns = ['Applied', 'Phone Screen', 'Interview', 'Final Interview', 'Offer', 'Placed', 'Rejected'].map((label, i) => ({
  label,
  left: i * 244,
  right: i * 244 + 232,
}));

describe('hiddenColumns', () => {
  it('names the stages more than half out of view on either side', () => {
    expect(hiddenColumns(columns, 0, 1136)).toEqual({ left: [], right: ['Placed', 'Rejected'] });
    expect(hiddenColumns(columns, 560, 1696)).toEqual({ left: ['Applied', 'Phone Screen'], right: [] });
    expect(hiddenColumns(columns, 0, 1700)).toEqual({ left: [], right: [] });
  });
});
