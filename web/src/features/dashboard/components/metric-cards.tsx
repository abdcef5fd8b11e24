import type { ReactNode } from 'react';
import Box from '@mui/joy/Box';
import Card from '@mui/joy/Card';
import Skeleton from '@mui/joy/Skeleton';
import Tooltip from '@mui/joy/Tooltip';
import Typography from '@mui/joy/Typography';
import { Briefcase, DollarSign, Trophy, Users } from 'lucide-react';
import type { DashboardChanges, DashboardMetrics } from '@ats/contracts';
import { formatRevenueM } from '@/lib/format';
import { useDashboardChanges } from '../api/get-dashboard-changes';
import { useDashboardMetrics } from '../api/get-dashboard-metrics';
import { changeLabel, changeTone } from '../utils/change-label';

interface MetricDef {
  label: string;
  change: keyof DashboardChanges;
  icon: ReactNode;
  tone: 'primary' | 'success' | 'warning' | 'neutral';
  value: (m: DashboardMetrics) => string;
}

// SPEC §2.3: the four cards in order; the change labels are computed (issue 15), the compared periods in a tooltip.
const METRICS: MetricDef[] = [
  {
    label: 'Active Candidates',
    change: 'activeCandidates',
    icon: <Users size={20} />,
    tone: 'primary',
    value: (m) => m.activeCandidates.toLocaleString('en-US'),
  },
  {
    label: 'Open Positions',
    change: 'openPositions',
    icon: <Briefcase size={20} />,
    tone: 'warning',
    value: (m) => m.openPositions.toLocaleString('en-US'),
  },
  {
    label: 'Placements This Month',
    change: 'placementsThisMonth',
    icon: <Trophy size={20} />,
    tone: 'success',
    value: (m) => m.placementsThisMonth.toLocaleString('en-US'),
  },
  {
    label: 'Revenue YTD',
    change: 'revenueYTD',
    icon: <DollarSign size={20} />,
    tone: 'neutral',
    value: (m) => formatRevenueM(m.revenueYTD),
  },
];

export function MetricCards() {
  const { data, isPending, isError } = useDashboardMetrics();
  const changes = useDashboardChanges().data;
  return (
    <Box
      component="section"
      aria-label="Key metrics"
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', lg: 'repeat(4, minmax(0, 1fr))' } }}
    >
      {METRICS.map((metric) => (
        <Card key={metric.label} variant="outlined" data-testid="metric-card" sx={{ gap: 0.75, minWidth: 0 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
            <Typography level="body-sm" textColor="text.secondary" sx={{ fontWeight: 'md' }}>
              {metric.label}
            </Typography>
            <Box
              aria-hidden
              sx={{
                display: { xs: 'none', sm: 'grid' },
                placeItems: 'center',
                width: 36,
                height: 36,
                borderRadius: 'md',
                bgcolor: `${metric.tone}.softBg`,
                color: `${metric.tone}.softColor`,
              }}
            >
              {metric.icon}
            </Box>
          </Box>
          <Typography level="h2" component="p" sx={{ fontSize: { xs: 'xl2', md: 'xl3' } }} data-metric={metric.label}>
            {isPending ? <Skeleton variant="text" level="h2" width={80} /> : isError ? '—' : metric.value(data)}
          </Typography>
          <ChangeLine change={changes?.[metric.change] ?? null} />
        </Card>
      ))}
    </Box>
  );
}

/** The change against the comparison period; no line where there is no honest figure (no history to compare with). */
function ChangeLine({ change }: { change: DashboardChanges[keyof DashboardChanges] }) {
  if (!change) return <Typography level="body-xs">&nbsp;</Typography>;
  return (
    <Tooltip title={change.comparison} placement="bottom-start" enterDelay={300}>
      <Typography
        level="body-xs"
        color={changeTone(change)}
        sx={{ fontWeight: 'md', width: 'fit-content' }}
        tabIndex={0}
        data-testid="metric-change"
      >
        {changeLabel(change)}
      </Typography>
    </Tooltip>
  );
}
