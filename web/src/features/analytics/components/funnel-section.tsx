import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { STAGE_LABELS } from '@ats/contracts';
import { useAnalyticsFigure } from '../api/get-figure';
import type { AnalyticsFilters } from '../filters';
import { ChartCard } from './chart-card';
import { axisProps, chartColors, tooltipProps } from './chart-theme';

export function FunnelSection({ filters }: { filters: AnalyticsFilters }) {
  const { data, isPending, isError } = useAnalyticsFigure('analyticsFunnel', filters);
  const rows = (data?.stages ?? []).map((s) => ({
    stage: STAGE_LABELS[s.stage] ?? s.stage,
    reached: s.reached,
    passThrough: s.passThrough === null ? null : `${s.passThrough}%`,
    rejectedHere: s.rejectedHere,
  }));
  return (
    <ChartCard
      id="funnel"
      title="Funnel"
      description={`Applications created in the range (${data?.cohort ?? 0}): how many reached each stage, pass-through from the previous stage, and how many were rejected there.`}
      columns={[
        { key: 'stage', label: 'Stage' },
        { key: 'reached', label: 'Reached' },
        { key: 'passThrough', label: 'Pass-through' },
        { key: 'rejectedHere', label: 'Rejected at this stage' },
      ]}
      rows={rows}
      isPending={isPending}
      isError={isError}
      isEmpty={data?.cohort === 0}
      emptyText="No applications were created in this range."
      chart={
        <ResponsiveContainer>
          <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
            <CartesianGrid stroke={chartColors.grid} vertical={false} />
            <XAxis dataKey="stage" {...axisProps} />
            <YAxis allowDecimals={false} {...axisProps} />
            <Tooltip {...tooltipProps} />
            <Legend />
            <Bar dataKey="reached" name="Reached" fill={chartColors.primary} isAnimationActive={false} />
            <Bar dataKey="rejectedHere" name="Rejected at this stage" fill={chartColors.danger} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      }
    />
  );
}
