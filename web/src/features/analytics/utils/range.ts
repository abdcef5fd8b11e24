import { format, startOfMonth, subMonths } from 'date-fns';
import type { AnalyticsFilters } from '../filters';

/** The default range: the last twelve calendar months, this one included, up to today. */
export function defaultRange(today = new Date()): Pick<AnalyticsFilters, 'from' | 'to'> {
  return { from: format(startOfMonth(subMonths(today, 11)), 'yyyy-MM-dd'), to: format(today, 'yyyy-MM-dd') };
}

/** days with one decimal, or a dash when there is no figure */
export const showDays = (d: number | null) => (d === null ? '—' : `${d} d`);

export const showDollars = (n: number) => `$${n.toLocaleString('en-US')}`;
