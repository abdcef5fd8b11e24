import { describe, expect, it } from 'vitest';
import { getDefaultStore } from 'jotai';
import { TOAST_DURATION_MS, addToast, dismissToast, removeToast, toast, toastsAtom, type ToastItem } from './toast-store';

const item = (id: string): ToastItem => ({ id, variant: 'default', duration: 5000, title: id });

describe('toast store', () => {
  it('keeps only the newest toast visible', () => {
    expect(addToast([item('1')], item('2')).map((t) => t.id)).toEqual(['2']);
    expect(removeToast([item('1')], '1')).toEqual([]);
  });

  it('shows a toast with defaults and dismisses it', () => {
    const store = getDefaultStore();
    toast({ title: 'First' });
    const { id } = toast({ title: 'Application updated', variant: 'destructive' });
    const list = store.get(toastsAtom);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id, title: 'Application updated', variant: 'destructive', duration: TOAST_DURATION_MS });
    expect(TOAST_DURATION_MS).toBe(5000);
    dismissToast(id);
    expect(store.get(toastsAtom)).toEqual([]);
  });
});
