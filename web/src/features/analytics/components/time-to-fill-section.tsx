import Table from '@mui/joy/Table';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useAnalyticsFigure } from '../api/get-figure';
import type { AnalyticsFilters } from '../filters';
import { showDays } from '../utils/range';
import { ChartCard } from './chart-card';
import { axisProps, chartColors, tooltipProps } from './chart-theme';
import { FigureStats } from './figure-stat';

export function TimeToFillSection({ filters }: { filters: AnalyticsFilters }) {
  const { data, isPending, isError } = useAnalyticsFigure('analyticsTimeToFill', filters);
  const rows = (data?.distribution ?? []).map((d) => ({ bucket: d.bucket, fills: d.fills, placements: d.placements }));
  return (
    <ChartCard
      id="time-to-fill"
      title="Time to fill"
      description="Job opened → its first placement (time to fill) and application created → placed (time to place), for placements in the range."
      columns={[
        { key: 'bucket', label: 'Days' },
        { key: 'fills', label: 'Jobs filled' },
        { key: 'placements', label: 'Placements' },
      ]}
      rows={rows}
      isPending={isPending}
      isError={isError}
      isEmpty={data !== undefined && data.timeToPlace.count === 0}
      emptyText="No placements in this range."
      summary={
        data && (
          <>
            <FigureStats
              items={[
                { label: 'Median time to fill', value: showDays(data.timeToFill.medianDays) },
                { label: 'Jobs filled', value: String(data.timeToFill.count) },
                { label: 'Median time to place', value: showDays(data.timeToPlace.medianDays) },
                { label: 'Placements', value: String(data.timeToPlace.count) },
              ]}
            />
            {data.byClient.length > 0 && (
              <Table size="sm" aria-label="Time to fill by client">
                <thead>
                  <tr>
                    <th scope="col">Client</th>
                    <th scope="col">Jobs filled</th>
                    <th scope="col">Median time to fill</th>
                    <th scope="col">Placements</th>
                    <th scope="col">Median time to place</th>
                  </tr>
                </thead>
                <tbody>
                  {data.byClient.map((c) => (
                    <tr key={c.clientId ?? 'none'}>
                      <td>{c.clientName}</td>
                      <td>{c.fills}</td>
                      <td>{showDays(c.medianFillDays)}</td>
                      <td>{c.placements}</td>
                      <td>{showDays(c.medianPlaceDays)}</td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            )}
          </>
        )
      }
      chart={
        <ResponsiveContainer>
          <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
            <CartesianGrid stroke={chartColors.grid} vertical={false} />
            <XAxis dataKey="bucket" {...axisProps} />
            <YAxis allowDecimals={false} {...axisProps} />
            <Tooltip {...tooltipProps} />
            <Legend />
            <Bar dataKey="fills" name="Jobs filled" fill={chartColors.primary} isAnimationActive={false} />
            <Bar dataKey="placements" name="Placements" fill={chartColors.success} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      }
    />
  );
}
