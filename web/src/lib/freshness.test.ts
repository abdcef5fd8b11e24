import { afterEach, describe, expect, it, vi } from 'vitest';
import { SETTLE_MS, freshnessHint, getFreshness, noteFreshness, resetFreshness, setFreshnessProbe } from './freshness';

afterEach(() => {
  setFreshnessProbe(null);
  resetFreshness();
  vi.useRealTimers();
});

describe('data as of event N', () => {
  it('says nothing while the read models are current or only briefly behind', () => {
    noteFreshness(120, 120, 1_000);
    expect(freshnessHint(getFreshness(), 1_000)).toBeNull();
    noteFreshness(120, 125, 2_000);
    expect(freshnessHint(getFreshness(), 2_000 + SETTLE_MS - 1)).toBeNull();
    // caught up before the gap lasted: never shown
    noteFreshness(125, 125, 3_000);
    expect(freshnessHint(getFreshness(), 10_000)).toBeNull();
  });

  it('shows the position and how far behind once the gap has lasted, with the latest figures', () => {
    noteFreshness(1_200, 1_250, 1_000);
    noteFreshness(1_210, 1_262, 2_000);
    expect(freshnessHint(getFreshness(), 1_000 + SETTLE_MS)).toBe('Showing data as of event 1,210 (52 behind)');
    noteFreshness(1_262, 1_262, 9_000);
    expect(freshnessHint(getFreshness(), 9_000)).toBeNull();
  });

  it('re-checks while behind (so the hint goes away by itself), and not at all while current', () => {
    vi.useFakeTimers();
    const probe = vi.fn();
    setFreshnessProbe(probe);
    noteFreshness(10, 10);
    vi.advanceTimersByTime(60_000);
    expect(probe).not.toHaveBeenCalled();
    noteFreshness(10, 14);
    vi.advanceTimersByTime(SETTLE_MS);
    expect(probe).toHaveBeenCalledTimes(1);
    // the probe's reply: still behind, same figures: checked again later
    noteFreshness(10, 14);
    vi.advanceTimersByTime(10_000);
    expect(probe).toHaveBeenCalledTimes(2);
    noteFreshness(14, 14);
    vi.advanceTimersByTime(60_000);
    expect(probe).toHaveBeenCalledTimes(2);
  });
});
