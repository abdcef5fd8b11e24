import { describe, expect, it } from 'vitest';
import { changeLabel, changeTone } from './change-label';

const change = (current: number, previous: number, changePct: number | null) => ({
  current,
  previous,
  changePct,
  label: 'vs last month',
  comparison: '1 Nov 2026 – 24 Nov 2026 vs 1 Oct 2026 – 24 Oct 2026',
});

describe('changeLabel', () => {
  it('signs the percentage and names the comparison', () => {
    expect(changeLabel(change(9, 8, 12.5))).toBe('+12.5% vs last month');
    expect(changeLabel(change(6, 8, -25))).toBe('-25% vs last month');
    expect(changeTone(change(6, 8, -25))).toBe('danger');
  });
  it('says so when nothing changed or there is nothing to compare with', () => {
    expect(changeLabel(change(4, 4, 0))).toBe('No change vs last month');
    expect(changeLabel(change(0, 0, null))).toBe('No change vs last month');
    expect(changeLabel(change(3, 0, null))).toBe('Up from 0 vs last month');
    expect(changeTone(change(4, 4, 0))).toBe('neutral');
  });
});
