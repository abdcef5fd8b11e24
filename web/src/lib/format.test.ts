import { describe, expect, it } from 'vitest';
import { formatSalaryK, initials, timeAgo, titleCase } from './format';

describe('format', () => {
  it('makes initials from first and last name', () => {
    expect(initials('ada', 'Lovelace')).toBe('AL');
    expect(initials('', null)).toBe('?');
  });
  it('shows salaries in thousands', () => {
    expect(formatSalaryK(185)).toBe('$185k');
    expect(formatSalaryK(null)).toBeNull();
  });
  it('says how long ago, with "ago"', () => {
    const now = new Date('2025-01-01T12:00:00Z');
    expect(timeAgo('2025-01-01T11:55:00Z', now)).toBe('5 minutes ago');
    expect(timeAgo('2025-01-01T12:00:05Z', now)).toBe('less than a minute ago');
  });
  it('capitalises enum values', () => {
    expect(titleCase('offer_extended')).toBe('Offer Extended');
  });
});
