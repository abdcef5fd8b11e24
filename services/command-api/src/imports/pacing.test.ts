import { describe, expect, it } from 'vitest';
import { CANDIDATE_BATCH } from './batch';
import { BatchSizer, MAX_CANDIDATE_BATCH, MIN_CANDIDATE_BATCH } from './pacing';

describe('BatchSizer (import batches sized to a CPU-time budget)', () => {
  it('starts at CANDIDATE_BATCH and keeps it without a budget', () => {
    const sizer = new BatchSizer(undefined);
    expect(sizer.size).toBe(CANDIDATE_BATCH);
    sizer.observe(CANDIDATE_BATCH, 500);
    sizer.observe(CANDIDATE_BATCH, 0.5);
    expect(sizer.size).toBe(CANDIDATE_BATCH);
  });

  it('moves halfway toward the size that fits the budget, after a slow batch and after fast ones', () => {
    const sizer = new BatchSizer(20, 30);
    sizer.observe(30, 30); // 1 ms a row: 20 rows fit
    expect(sizer.size).toBe(25);
    sizer.observe(25, 25);
    expect(sizer.size).toBe(23); // (25 + 20) / 2, rounded
    sizer.observe(23, 11.5); // 0.5 ms a row: 40 fit
    expect(sizer.size).toBe(32);
  });

  it('stays within its bounds however slow or fast a batch was', () => {
    const sizer = new BatchSizer(20);
    for (let i = 0; i < 5; i++) sizer.observe(sizer.size, 1000);
    expect(sizer.size).toBe(MIN_CANDIDATE_BATCH);
    for (let i = 0; i < 5; i++) sizer.observe(sizer.size, 0.1);
    expect(sizer.size).toBe(MAX_CANDIDATE_BATCH);
  });

  it('ignores a short batch (a chunk’s end) and a batch timed at zero', () => {
    const sizer = new BatchSizer(20, 30);
    sizer.observe(7, 100);
    sizer.observe(30, 0);
    expect(sizer.size).toBe(30);
  });
});
