import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { STAGE_LABELS } from '@ats/contracts';
import { useAnalyticsFigure } from '../api/get-figure';
import type { AnalyticsFilters } from '../filters';
import { ChartCard } from './chart-card';
import { axisProps, chartColors, tooltipProps } from './chart-theme';

export function TimeInStageSection({ filters }: { filters: AnalyticsFilters }) {
  const { data, isPending, isError } = useAnalyticsFigure('analyticsTimeInStage', filters);
  const stages = data?.stages ?? [];
  const rows = stages.map((s) => ({
    stage: STAGE_LABELS[s.stage] ?? s.stage,
    completed: s.completed.count,
    median: s.completed.medianDays,
    p75: s.completed.p75Days,
    current: s.current.count,
    currentMedian: s.current.medianDays,
    currentP75: s.current.p75Days,
  }));
  return (
    <ChartCard
      id="time-in-stage"
      title="Time in stage"
      description="Days in each stage from the exact move times: stays that ended in the range, and stays still open at its end shown apart."
      columns={[
        { key: 'stage', label: 'Stage' },
        { key: 'completed', label: 'Completed stays' },
        { key: 'median', label: 'Median days' },
        { key: 'p75', label: 'P75 days' },
        { key: 'current', label: 'Current stays' },
        { key: 'currentMedian', label: 'Current median days' },
        { key: 'currentP75', label: 'Current p75 days' },
      ]}
      rows={rows}
      isPending={isPending}
      isError={isError}
      isEmpty={stages.every((s) => s.completed.count === 0 && s.current.count === 0)}
      emptyText="No stage stays in this range."
      chart={
        <ResponsiveContainer>
          <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
            <CartesianGrid stroke={chartColors.grid} vertical={false} />
            <XAxis dataKey="stage" {...axisProps} />
            <YAxis {...axisProps} unit=" d" />
            <Tooltip {...tooltipProps} />
            <Legend />
            <Bar dataKey="median" name="Median (completed)" fill={chartColors.primary} isAnimationActive={false} />
            <Bar dataKey="p75" name="P75 (completed)" fill={chartColors.secondary} isAnimationActive={false} />
            <Bar dataKey="currentMedian" name="Median (current)" fill={chartColors.success} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      }
    />
  );
}
