import { describe, expect, it } from 'vitest';
import { toastPlacement } from './toast-placement';

const desktop = { width: 1440, height: 900 };

describe('toastPlacement', () => {
  it('keeps the usual corner with no dialog', () => {
    expect(toastPlacement(desktop, null, false)).toEqual({ edge: 'bottom', maxWidth: 420 });
    expect(toastPlacement({ width: 390, height: 844 }, null, true)).toEqual({ edge: 'top', maxWidth: 420 });
  });
  it('goes beside a dialog when a toast fits to its right', () => {
    expect(toastPlacement(desktop, { top: 12, bottom: 888, left: 360, right: 1080 }, false)).toEqual({ edge: 'bottom', maxWidth: 360 });
  });
  it('goes to the larger free band when there is no room beside, above when neither is big enough', () => {
    const wide = { width: 1280, height: 720 };
    expect(toastPlacement(wide, { top: 12, bottom: 708, left: 280, right: 1100 }, false)).toEqual({ edge: 'top', maxWidth: 420 });
    expect(toastPlacement({ width: 390, height: 844 }, { top: 12, bottom: 500, left: 12, right: 378 }, true)).toEqual({
      edge: 'bottom',
      maxWidth: 420,
    });
    expect(toastPlacement({ width: 390, height: 844 }, { top: 300, bottom: 700, left: 12, right: 378 }, true).edge).toBe('top');
  });
});
