import { describe, expect, it } from 'vitest';
import { day, flag, moment, oneOf, parseId, positiveInt, searchSchema, text } from './search-params';

describe('search-params', () => {
  it('keeps only the known fields, each checked; a bad value is dropped', () => {
    const schema = searchSchema({ search: text({ max: 5 }), job: positiveInt(), view: oneOf(['day', 'week']) });
    expect(schema.parse({ search: '  abc ', job: '12', view: 'month', other: 'x' })).toStrictEqual({
      search: 'abc',
      job: 12,
      view: undefined,
    });
    expect(schema.parse({})).toStrictEqual({});
    expect(schema.parse({ search: 'abcdef' }).search).toBeUndefined();
  });

  it('text: strings only unless coerced, trimmed before the length checks, with pattern and check', () => {
    expect(text()(123)).toBeUndefined();
    expect(text({ coerce: true })(123)).toBe('123');
    expect(text({ coerce: true })(true)).toBe('true');
    expect(text({ min: 1 })('   ')).toBeUndefined();
    expect(text({ trim: false, max: 3 })(' ab ')).toBeUndefined();
    expect(day()('2026-11-24')).toBe('2026-11-24');
    expect(day()('24.11.2026')).toBeUndefined();
    expect(moment()('2026-11-24T10:00:00Z')).toBe('2026-11-24T10:00:00Z');
    expect(moment()('soon')).toBeUndefined();
  });

  it('positiveInt: whole positive safe numbers from digits or numbers', () => {
    const id = positiveInt();
    expect(id('7')).toBe(7);
    expect(id(7)).toBe(7);
    expect(id('0')).toBeUndefined();
    expect(id(-3)).toBeUndefined();
    expect(id('1.5')).toBeUndefined();
    expect(id('abc')).toBeUndefined();
    expect(id(2 ** 53)).toBeUndefined();
    expect(id({})).toBeUndefined();
  });

  it('oneOf and flag', () => {
    expect(oneOf(['true', 'false'], { coerce: true })(false)).toBe('false');
    expect(oneOf(['true', 'false'])(false)).toBeUndefined();
    expect(flag()(true)).toBe(true);
    expect(flag()(0)).toBe(false);
  });

  it('parseId: digits only, 1–15 of them, positive', () => {
    expect(parseId('42')).toBe(42);
    expect(parseId('0')).toBeUndefined();
    expect(parseId('4a')).toBeUndefined();
    expect(parseId('1234567890123456')).toBeUndefined();
    expect(parseId(42)).toBeUndefined();
  });
});
