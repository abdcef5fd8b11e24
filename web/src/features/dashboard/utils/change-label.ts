import type { MetricChange } from '@ats/contracts';

/** '+12.5% vs last month', '-3% vs last year', 'No change vs last month', 'Up from 0 vs last month'. */
export function changeLabel(change: MetricChange): string {
  if (change.changePct === null) return change.current === 0 ? `No change ${change.label}` : `Up from 0 ${change.label}`;
  if (change.changePct === 0) return `No change ${change.label}`;
  return `${change.changePct > 0 ? '+' : ''}${change.changePct}% ${change.label}`;
}

/** the label's colour: up is good for every card */
export const changeTone = (change: MetricChange): 'success' | 'danger' | 'neutral' =>
  change.current > change.previous ? 'success' : change.current < change.previous ? 'danger' : 'neutral';
