import { describe, expect, it } from 'vitest';
import { fieldChanges, formatFieldValue } from './field-changes';

describe('fieldChanges', () => {
  it('names each changed field with its label and shows old → new', () => {
    const before = { currentTitle: 'VP Finance', salaryExpectation: 250, status: 'active', skills: ['Audit'], updatedAt: 'a' };
    const after = { currentTitle: 'CFO', salaryExpectation: 280, status: 'active', skills: ['Audit', 'M&A'], updatedAt: 'b' };
    expect(fieldChanges('candidate', before, after)).toEqual([
      { field: 'currentTitle', label: 'Current Job Title', from: 'VP Finance', to: 'CFO' },
      { field: 'salaryExpectation', label: 'Salary Expectation', from: '$250,000', to: '$280,000' },
      { field: 'skills', label: 'Skills', from: 'Audit', to: 'Audit, M&A' },
    ]);
  });

  it('shows a source as the profile names it', () => {
    expect(fieldChanges('candidate', { source: null }, { source: 'professional_network' })).toEqual([
      { field: 'source', label: 'Source', from: null, to: 'Professional network' },
    ]);
  });

  it('shows a stage by its label', () => {
    expect(fieldChanges('application', { stage: 'interview' }, { stage: 'offer' })).toEqual([
      { field: 'stage', label: 'Stage', from: 'Interview', to: 'Offer' },
    ]);
  });

  it('lists the fields a record was created with, and nothing when it goes away', () => {
    expect(fieldChanges('client', null, { companyName: 'Acme', industry: null, website: '' })).toEqual([
      { field: 'companyName', label: 'Company Name', from: null, to: 'Acme' },
    ]);
    expect(fieldChanges('client', { companyName: 'Acme' }, null)).toEqual([]);
  });

  it('treats a cleared value as empty and ignores unlabelled fields and equal values', () => {
    expect(fieldChanges('candidate', { phone: '123', revision: 1 }, { phone: null, revision: 2 })).toEqual([
      { field: 'phone', label: 'Phone', from: '123', to: null },
    ]);
    expect(fieldChanges('candidate', { phone: null }, { phone: '' })).toEqual([]);
  });

  it('resolves id fields to names', () => {
    const resolve = (field: string, value: unknown) => (field === 'clientId' && value === 3 ? 'Acme' : null);
    expect(fieldChanges('job', { clientId: 2 }, { clientId: 3 }, resolve)).toEqual([
      { field: 'clientId', label: 'Client', from: '#2', to: 'Acme' },
    ]);
  });

  it('formats money, percentages and enums', () => {
    expect(formatFieldValue('hourlyRateMax', 150)).toBe('$150');
    expect(formatFieldValue('feePercentage', 25)).toBe('25%');
    expect(formatFieldValue('priority', 'high')).toBe('High');
    expect(formatFieldValue('type', 'full_time')).toBe('Full time');
  });
});
