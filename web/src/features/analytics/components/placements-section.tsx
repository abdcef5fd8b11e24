import Box from '@mui/joy/Box';
import Table from '@mui/joy/Table';
import Typography from '@mui/joy/Typography';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useAnalyticsFigure } from '../api/get-figure';
import type { AnalyticsFilters } from '../filters';
import { showDollars } from '../utils/range';
import { ChartCard } from './chart-card';
import { axisProps, chartColors, tooltipProps } from './chart-theme';
import { FigureStats } from './figure-stat';

function BreakdownTable({ label, rows }: { label: string; rows: Array<{ key: string; name: string; placements: number; fees: number }> }) {
  if (rows.length === 0) return null;
  return (
    <Table size="sm" aria-label={label} sx={{ minWidth: 0 }}>
      <thead>
        <tr>
          <th scope="col">{label}</th>
          <th scope="col">Placements</th>
          <th scope="col">Fees</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key}>
            <td>{r.name}</td>
            <td>{r.placements}</td>
            <td>{showDollars(r.fees)}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

export function PlacementsSection({ filters }: { filters: AnalyticsFilters }) {
  const { data, isPending, isError } = useAnalyticsFigure('analyticsPlacements', filters);
  const rows = (data?.months ?? []).map((m) => ({
    month: m.month,
    placements: m.placements,
    fees: m.fees,
    lastYearPlacements: m.lastYearPlacements,
    lastYearFees: m.lastYearFees,
  }));
  return (
    <ChartCard
      id="placements"
      title="Placements and fees"
      description="Placements standing at the end of the range and their fees from the placement records, by month against the same month last year."
      columns={[
        { key: 'month', label: 'Month' },
        { key: 'placements', label: 'Placements' },
        { key: 'fees', label: 'Fees ($)' },
        { key: 'lastYearPlacements', label: 'Placements last year' },
        { key: 'lastYearFees', label: 'Fees last year ($)' },
      ]}
      rows={rows}
      isPending={isPending}
      isError={isError}
      isEmpty={rows.every((r) => r.placements === 0 && r.lastYearPlacements === 0)}
      emptyText="No placements in this range or the same months last year."
      summary={
        data && (
          <>
            <FigureStats
              items={[
                { label: 'Placements', value: String(data.totals.placements) },
                { label: 'Fee revenue', value: showDollars(data.totals.fees) },
              ]}
            />
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
              <BreakdownTable
                label="Client"
                rows={data.byClient.map((c) => ({ key: String(c.clientId), name: c.clientName, placements: c.placements, fees: c.fees }))}
              />
              <Box>
                <BreakdownTable
                  label="Recruiter"
                  rows={data.byRecruiter.map((r) => ({ key: String(r.userId), name: r.name, placements: r.placements, fees: r.fees }))}
                />
                {data.byRecruiter.length > 0 && (
                  <Typography level="body-xs" textColor="text.secondary">
                    Recruiter: the user who moved the candidate to Placed.
                  </Typography>
                )}
              </Box>
            </Box>
          </>
        )
      }
      chart={
        <ResponsiveContainer>
          <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
            <CartesianGrid stroke={chartColors.grid} vertical={false} />
            <XAxis dataKey="month" {...axisProps} />
            <YAxis {...axisProps} tickFormatter={(v: number) => `$${Math.round(v / 1000)}k`} />
            <Tooltip {...tooltipProps} formatter={(v) => showDollars(Number(v))} />
            <Legend />
            <Bar dataKey="fees" name="Fees" fill={chartColors.primary} isAnimationActive={false} />
            <Bar dataKey="lastYearFees" name="Fees, same month last year" fill={chartColors.secondary} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      }
    />
  );
}
