import { formatDistance } from 'date-fns';

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
