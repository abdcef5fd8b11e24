import { describe, expect, it } from 'vitest';
import { canEdit } from './permissions';

describe('canEdit', () => {
  it('lets admins, managers and recruiters change things', () => {
    expect(canEdit({ role: 'admin' })).toBe(true);
    expect(canEdit({ role: 'manager' })).toBe(true);
    expect(canEdit({ role: 'recruiter' })).toBe(true);
  });

  it('keeps an auditor read-only', () => {
    expect(canEdit({ role: 'auditor' })).toBe(false);
  });

  it('allows nothing while the user is unknown or signed out', () => {
    expect(canEdit(undefined)).toBe(false);
    expect(canEdit(null)).toBe(false);
  });
});
