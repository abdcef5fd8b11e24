import { describe, expect, it } from 'vitest';
import {
  daysOpen,
  formatClockTime,
  formatRevenueM,
  formatSalaryK,
  formatSalaryRange,
  initials,
  timeAgo,
  titleCase,
  webHref,
  websiteHref,
} from './format';

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
  it('prefixes websites without a scheme with https://', () => {
    expect(websiteHref('acme.com')).toBe('https://acme.com');
    expect(websiteHref('http://acme.com')).toBe('http://acme.com');
    expect(websiteHref(' HTTPS://acme.com ')).toBe('HTTPS://acme.com');
  });
  it('shows revenue in millions with one decimal', () => {
    expect(formatRevenueM(2_450_000)).toBe('$2.5M');
    expect(formatRevenueM(0)).toBe('$0.0M');
  });
  it('shows clock times with am/pm', () => {
    const local = new Date(2025, 0, 1, 14, 5).toISOString();
    expect(formatClockTime(local)).toBe('2:05 pm');
  });
  it('counts days open and salary ranges', () => {
    expect(daysOpen('2025-01-01T10:00:00', new Date('2025-01-04T09:00:00'))).toBe(3);
    // a filled job order counts up to its fill, not to today (nor past the moment it is viewed at)
    expect(daysOpen('2025-01-01T10:00:00', new Date('2025-06-01T09:00:00'), '2025-02-15T10:00:00')).toBe(45);
    expect(daysOpen('2025-01-01T10:00:00', new Date('2025-01-10T09:00:00'), '2025-02-15T10:00:00')).toBe(9);
    expect(daysOpen('2025-01-01T10:00:00', new Date('2025-01-10T09:00:00'), null)).toBe(9);
    expect(formatSalaryRange(180, 220)).toBe('$180k - $220k');
    expect(formatSalaryRange(null, null)).toBeNull();
  });
});

describe('webHref', () => {
  it('links a web address, with https:// when it has no scheme', () => {
    expect(webHref('meet.example.com/abc')).toBe('https://meet.example.com/abc');
    expect(webHref(' http://localhost:3000/x ')).toBe('http://localhost:3000/x');
  });
  it('is null for what a browser could not open: an erased value, a sentence, nothing', () => {
    expect(webHref('[erased]')).toBeNull();
    expect(webHref('call me on my mobile')).toBeNull();
    expect(webHref('   ')).toBeNull();
    expect(webHref('javascript:alert(1)')).toBeNull();
  });
});
