import { describe, expect, it } from 'vitest';
import { applyRowFixes } from './fix-rows';

describe('applyRowFixes', () => {
  it('mends the fixed rows under their columns and keeps the rest, quotes and accents included', () => {
    const csv = '\uFEFFFirst Name,E-mail,City\r\nZoë,zoe@example.org,"Paris, FR"\r\n\r\nAna,not-an-email,"New York, NY"\r\n';
    // Ana's row is line 4 of the file (the blank line 3 counts)
    const fixed = applyRowFixes(csv, { '4': { 'E-mail': 'ana@example.org' } });
    expect(fixed).toBe('First Name,E-mail,City\r\nZoë,zoe@example.org,"Paris, FR"\r\nAna,ana@example.org,"New York, NY"\r\n');
  });
});
