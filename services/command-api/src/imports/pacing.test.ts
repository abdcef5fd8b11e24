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

  it('moves halfway toward the size that fits the budget, after fast batches and after a slow one', () => {
    const sizer = new BatchSizer(20, 30);
    sizer.observe(30, 15); // 0.5 ms a row: 40 rows fit
    expect(sizer.size).toBe(35);
    sizer.observe(35, 35); // 1 ms a row: 20 fit
    expect(sizer.size).toBe(28); // (35 + 20) / 2, rounded
    sizer.observe(28, 7); // 0.25 ms a row: 80 fit
    expect(sizer.size).toBe(MAX_CANDIDATE_BATCH);
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
