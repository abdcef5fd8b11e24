import { describe, expect, it } from 'vitest';
import { buildLinkedinJobId } from './linkedin';

describe('linkedinJobId', () => {
  it('is built from the job id and the current time', () => {
    expect(buildLinkedinJobId(42, new Date(1_700_000_000_000))).toBe('job-42-1700000000000');
  });
  it('differs for two posts of one job at different times', () => {
    expect(buildLinkedinJobId(7, new Date(1))).not.toBe(buildLinkedinJobId(7, new Date(2)));
  });
});
