import { describe, expect, it } from 'vitest';
import { actionColumns } from './card-action-row';

describe('actionColumns', () => {
  it('never leaves one button alone on a row', () => {
    for (let count = 2; count <= 8; count++) {
      const columns = actionColumns(count);
      const lastRow = count % columns || columns;
      expect(lastRow, `${count} buttons in ${columns} columns`).toBeGreaterThan(1);
    }
    expect(actionColumns(5)).toBe(3);
    expect(actionColumns(6)).toBe(3);
    expect(actionColumns(3)).toBe(3);
  });
});
