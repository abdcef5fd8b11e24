import { describe, expect, it } from 'vitest';
import { scrollHintOf } from './use-scroll-hint';

describe('scrollHintOf', () => {
  it('says nothing when everything fits', () => {
    expect(scrollHintOf({ scrollLeft: 0, scrollWidth: 800, clientWidth: 800 })).toEqual({ left: false, right: false });
    expect(scrollHintOf({ scrollLeft: 0, scrollWidth: 800.5, clientWidth: 800 })).toEqual({ left: false, right: false });
  });
  it('points at the hidden side(s)', () => {
    expect(scrollHintOf({ scrollLeft: 0, scrollWidth: 1700, clientWidth: 1100 })).toEqual({ left: false, right: true });
    expect(scrollHintOf({ scrollLeft: 300, scrollWidth: 1700, clientWidth: 1100 })).toEqual({ left: true, right: true });
    expect(scrollHintOf({ scrollLeft: 600, scrollWidth: 1700, clientWidth: 1100 })).toEqual({ left: true, right: false });
  });
});
