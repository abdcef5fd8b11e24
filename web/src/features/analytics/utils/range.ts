import { format, startOfMonth, subDays, subMonths } from 'date-fns';
import type { AnalyticsFilters } from '../filters';

/** The default range: the last twelve calendar months, this one included, up to today. */
export function defaultRange(today = new Date()): Pick<AnalyticsFilters, 'from' | 'to'> {
  return { from: format(startOfMonth(subMonths(today, 11)), 'yyyy-MM-dd'), to: format(today, 'yyyy-MM-dd') };
}

/** days with one decimal, or a dash when there is no figure */
export const showDays = (d: number | null) => (d === null ? '—' : `${d} d`);

export const showDollars = (n: number) => `$${n.toLocaleString('en-US')}`;

/** The named periods a manager picks instead of typing two dates. */
export const PERIODS = [
  { value: 'last-12-months', label: 'Last 12 months' },
  { value: 'this-month', label: 'This month' },
  { value: 'last-month', label: 'Last month' },
  { value: 'this-quarter', label: 'This quarter' },
  { value: 'last-quarter', label: 'Last quarter' },
  { value: 'year-to-date', label: 'Year to date' },
  { value: 'last-year', label: 'Last year' },
] as const;
export type Period = (typeof PERIODS)[number]['value'];

const ymd = (d: Date) => format(d, 'yyyy-MM-dd');

/** A named period's first and last day (both included; the current ones end today). */
export function periodRange(period: Period, today = new Date()): Pick<AnalyticsFilters, 'from' | 'to'> {
  const quarterStart = (d: Date) => new Date(d.getFullYear(), Math.floor(d.getMonth() / 3) * 3, 1);
  switch (period) {
    case 'last-12-months':
      return defaultRange(today);
    case 'this-month':
      return { from: ymd(startOfMonth(today)), to: ymd(today) };
    case 'last-month':
      return { from: ymd(startOfMonth(subMonths(today, 1))), to: ymd(subDays(startOfMonth(today), 1)) };
    case 'this-quarter':
      return { from: ymd(quarterStart(today)), to: ymd(today) };
    case 'last-quarter': {
      const start = quarterStart(today);
      return { from: ymd(subMonths(start, 3)), to: ymd(subDays(start, 1)) };
    }
    case 'year-to-date':
      return { from: ymd(new Date(today.getFullYear(), 0, 1)), to: ymd(today) };
    case 'last-year':
      return { from: ymd(new Date(today.getFullYear() - 1, 0, 1)), to: ymd(new Date(today.getFullYear() - 1, 11, 31)) };
  }
}

/** The named period a range is, or null (a custom range). */
export function periodOf(range: Pick<AnalyticsFilters, 'from' | 'to'>, today = new Date()): Period | null {
  const found = PERIODS.find((p) => {
    const r = periodRange(p.value, today);
    return r.from === range.from && r.to === range.to;
  });
  return found?.value ?? null;
}
