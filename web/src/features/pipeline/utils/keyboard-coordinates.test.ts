import { describe, expect, it } from 'vitest';
import { nextColumnRect } from './keyboard-coordinates';

const column = (left: number, id: string) => ({ id, left, top: 100, width: 200, height: 400 });
const columns = [column(0, 'applied'), column(212, 'phone_screen'), column(424, 'interview')];

describe('nextColumnRect', () => {
  it('picks the neighbouring column to the right or left', () => {
    expect(nextColumnRect(columns, 100, 1)?.id).toBe('phone_screen');
    expect(nextColumnRect(columns, 312, 1)?.id).toBe('interview');
    expect(nextColumnRect(columns, 312, -1)?.id).toBe('applied');
  });
  it('stays put at the ends of the board', () => {
    expect(nextColumnRect(columns, 524, 1)).toBeNull();
    expect(nextColumnRect(columns, 100, -1)).toBeNull();
  });
});
