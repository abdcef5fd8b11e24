import { describe, expect, it } from 'vitest';
import { EMPTY_JOB_FORM, JobEditSchema, JobFormSchema, toCreateJobBody, toUpdateJobBody } from './job-form';

describe('job form', () => {
  it('converts money text to numbers, omits empties and sends the client id as a number', () => {
    const parsed = JobFormSchema.parse({ ...EMPTY_JOB_FORM, title: ' CFO ', salaryMin: '250', salaryMax: '', clientId: '7' });
    expect(toCreateJobBody(parsed)).toEqual({
      title: 'CFO',
      salaryMin: 250,
      clientId: 7,
      type: 'full-time',
      priority: 'medium',
      status: 'open',
      openings: 1,
      feePercentage: 20,
    });
  });
  it('edits every field: emptied optional ones are cleared, fee and openings are numbers, the base revision rides along', () => {
    const parsed = JobEditSchema.parse({
      ...EMPTY_JOB_FORM,
      title: 'CFO',
      department: '',
      openings: '3',
      feePercentage: '22.5',
      status: 'filled',
    });
    expect(toUpdateJobBody(parsed, 4)).toMatchObject({
      title: 'CFO',
      department: null,
      clientId: null,
      openings: 3,
      feePercentage: 22.5,
      status: 'filled',
      baseRevision: 4,
    });
    const bad = JobEditSchema.safeParse({ ...EMPTY_JOB_FORM, title: 'CFO', openings: '0', feePercentage: '120' });
    expect(bad.error?.issues.map((i) => i.path.join('.'))).toEqual(['openings', 'feePercentage']);
  });
  it('requires a title and refuses non-numbers', () => {
    const result = JobFormSchema.safeParse({ ...EMPTY_JOB_FORM, salaryMax: 'lots' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual(expect.arrayContaining(['Job title is required', 'Invalid input']));
  });
  it('does not check minimum below maximum', () => {
    expect(JobFormSchema.safeParse({ ...EMPTY_JOB_FORM, title: 'X', salaryMin: '300', salaryMax: '100' }).success).toBe(true);
  });
});
