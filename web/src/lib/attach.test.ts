import { describe, expect, it } from 'vitest';
import {
  attachFailureReason,
  candidatesAddedSummary,
  detachQuestion,
  filterPickerOptions,
  jobName,
  jobsAddedSummary,
  type PickerOption,
} from './attach';

const options: PickerOption[] = [
  { id: 1, label: 'Chief Financial Officer', detail: 'Orion Partners', attached: true },
  { id: 2, label: 'CFO', detail: 'Zürich Capital', attached: false },
  { id: 3, label: 'Head of Sales', detail: 'Orion Partners', attached: false },
];

describe('filterPickerOptions', () => {
  it('keeps options whose label or detail hold every typed word, case- and accent-insensitively', () => {
    expect(filterPickerOptions(options, 'orion').map((o) => o.id)).toEqual([3, 1]);
    expect(filterPickerOptions(options, 'ZURICH cfo').map((o) => o.id)).toEqual([2]);
    expect(filterPickerOptions(options, 'orion sales').map((o) => o.id)).toEqual([3]);
    expect(filterPickerOptions(options, 'nobody')).toEqual([]);
  });

  it('offers everything for an empty query, the attached last', () => {
    expect(filterPickerOptions(options, '  ').map((o) => o.id)).toEqual([2, 3, 1]);
  });
});

describe('summaries', () => {
  it('names a job with its client', () => {
    expect(jobName({ title: 'CFO', client: { companyName: 'Orion' } })).toBe('CFO (Orion)');
    expect(jobName({ title: 'CFO', client: null })).toBe('CFO');
  });

  it('counts candidates added to a job', () => {
    const ok = (name: string) => ({ name, ok: true });
    expect(candidatesAddedSummary([ok('A'), ok('B'), ok('C')], 'CFO (Orion)')).toEqual({
      title: '3 candidates added to CFO (Orion)',
      variant: 'default',
    });
    expect(candidatesAddedSummary([ok('Jane Doe')], 'CFO (Orion)').title).toBe('Jane Doe added to CFO (Orion)');
  });

  it('reports a partial or total failure per item', () => {
    const partial = candidatesAddedSummary(
      [
        { name: 'Jane Doe', ok: true },
        { name: 'John Roe', ok: false, reason: 'already attached' },
      ],
      'CFO (Orion)',
    );
    expect(partial).toEqual({
      title: '1 of 2 candidates added to CFO (Orion)',
      description: 'Not added: John Roe (already attached).',
      variant: 'destructive',
    });
    expect(candidatesAddedSummary([{ name: 'John Roe', ok: false, reason: 'no longer exists' }], 'CFO').title).toBe(
      'No candidates added to CFO',
    );
  });

  it('counts jobs a candidate was added to', () => {
    expect(jobsAddedSummary([{ name: 'CFO (Orion)', ok: true }], 'Jane Doe').title).toBe('Jane Doe added to CFO (Orion)');
    expect(
      jobsAddedSummary(
        [
          { name: 'CFO', ok: true },
          { name: 'COO', ok: true },
        ],
        'Jane Doe',
      ).title,
    ).toBe('Jane Doe added to 2 jobs');
    const failed = jobsAddedSummary(
      [
        { name: 'CFO', ok: true },
        { name: 'COO', ok: false, reason: 'no longer exists' },
      ],
      'Jane Doe',
    );
    expect(failed).toMatchObject({ title: 'Jane Doe added to 1 of 2 jobs', description: 'Not added: COO (no longer exists).' });
    expect(jobsAddedSummary([{ name: 'COO', ok: false }], 'Jane Doe').title).toBe('Jane Doe was not added to any job');
  });

  it('words failures and the detach question', () => {
    expect(attachFailureReason(409)).toBe('already attached');
    expect(attachFailureReason(404)).toBe('no longer exists');
    expect(attachFailureReason(500, 'boom')).toBe('boom');
    expect(attachFailureReason(undefined)).toBe('could not be saved');
    expect(detachQuestion('Jane Doe', 'CFO (Orion)')).toBe('Remove Jane Doe from CFO (Orion)? The stage history stays in the log.');
  });
});
