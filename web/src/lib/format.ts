import { differenceInCalendarDays, format, formatDistance } from 'date-fns';

/** Initials of first and last name, for an avatar without a picture. */
export function initials(first: string | null | undefined, last: string | null | undefined): string {
  const letters = `${first?.trim().charAt(0) ?? ''}${last?.trim().charAt(0) ?? ''}`.toUpperCase();
  return letters || '?';
}

/** Salary figures are in thousands of dollars (SPEC §9): 185 → "$185k". */
export function formatSalaryK(value: number | null | undefined): string | null {
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  return `$${Number.isInteger(value) ? value : value.toFixed(1)}k`;
}

/** "5 minutes ago" (SPEC §2.3); a time slightly in the future (clock skew) counts as now. */
export function timeAgo(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return formatDistance(date.getTime() > now.getTime() ? now : date, now, { addSuffix: true });
}

/** "applied" → "Applied", "offer_extended" → "Offer Extended". */
export function titleCase(value: string): string {
  return value
    .split(/[_\s-]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** SPEC §2.10: a website link, with https:// prefixed when no scheme is given. */
export function websiteHref(website: string): string {
  const trimmed = website.trim();
  return /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
}

/**
 * The link for a stored web address (https:// added when missing), or null when the value is no
 * web address a browser could open: an erased one ("[erased]"), a typed sentence. Shown as text then.
 */
export function webHref(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed === '' || /\s/.test(trimmed)) return null;
  const href = websiteHref(trimmed);
  try {
    const url = new URL(href);
    return url.hostname.includes('.') || url.hostname === 'localhost' ? href : null;
  } catch {
    return null;
  }
}

/** "Mar 4, 2025" for an ISO date; '' for a missing or bad one. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : format(date, 'MMM d, yyyy');
}

/** SPEC §2.7: "Mar 4, 2025 3:07 PM". */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : format(date, 'MMM d, yyyy h:mm a');
}

/** SPEC §2.3: interview times as hour:minute with an am/pm marker, "9:30 am". */
export function formatClockTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : format(date, 'h:mm aaa');
}

/** SPEC §2.12: whole days since creation. */
export function daysOpen(createdAt: string, now: Date = new Date(), endedAt?: string | null): number {
  const date = new Date(createdAt);
  if (Number.isNaN(date.getTime())) return 0;
  // a filled or closed job order stopped counting when it ended
  const ended = endedAt ? new Date(endedAt) : null;
  const until = ended && !Number.isNaN(ended.getTime()) && ended < now ? ended : now;
  return Math.max(0, differenceInCalendarDays(until, date));
}

/** SPEC §2.3: revenue in millions with one decimal, "$2.4M". */
export function formatRevenueM(value: number): string {
  return `$${(value / 1_000_000).toFixed(1)}M`;
}

/** A salary range in $k, "$180k - $220k", "From $180k", "Up to $220k", or null. */
export function formatSalaryRange(min: number | null | undefined, max: number | null | undefined): string | null {
  const lo = formatSalaryK(min);
  const hi = formatSalaryK(max);
  if (lo && hi) return `${lo} - ${hi}`;
  if (lo) return `From ${lo}`;
  if (hi) return `Up to ${hi}`;
  return null;
}
