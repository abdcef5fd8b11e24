import { describe, expect, it } from 'vitest';
import { ClientFormSchema, EMPTY_CLIENT_FORM, toUpdateClientBody } from './client-form';

describe('client edit form', () => {
  it('sends every field, emptied ones as null, with the base revision', () => {
    const parsed = ClientFormSchema.parse({ ...EMPTY_CLIENT_FORM, companyName: ' Acme ', notes: '', priority: 'high', status: 'inactive' });
    expect(toUpdateClientBody(parsed, 3)).toEqual({
      companyName: 'Acme',
      industry: null,
      website: null,
      description: null,
      address: null,
      priority: 'high',
      status: 'inactive',
      notes: null,
      baseRevision: 3,
    });
  });
  it('requires a company name with the spec message', () => {
    const result = ClientFormSchema.safeParse(EMPTY_CLIENT_FORM);
    expect(result.error?.issues.map((i) => i.message)).toEqual(['Company name is required']);
  });
});
