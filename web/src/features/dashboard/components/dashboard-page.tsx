import type { ReactNode } from 'react';
import Box from '@mui/joy/Box';
import { useRealtimeRoom } from '@/lib/realtime';
import { ActiveJobsTable } from './active-jobs-table';
import { AiAnalyticsCard } from './ai-analytics-card';
import { DashboardHeader } from './dashboard-header';
import { MetricCards } from './metric-cards';
import { PriorityTasks } from './priority-tasks';
import { RecentActivities } from './recent-activities';
import { TodaysInterviews } from './todays-interviews';

/** SPEC §2.3: the widgets in a 3-column grid, live through the `dashboard` and `feed` rooms. */
export function DashboardPage({
  firstName,
  canEdit,
  onAddNew,
  bell,
  children,
}: {
  firstName: string;
  canEdit: boolean;
  onAddNew: () => void;
  /** the notification bell, composed by the route */
  bell?: ReactNode;
  /** the Quick Add chooser and dialogs, composed by the route */
  children?: ReactNode;
}) {
  useRealtimeRoom('dashboard');
  return (
    <>
      <DashboardHeader firstName={firstName} onAddNew={onAddNew} canAdd={canEdit} bell={bell} />
      <Box sx={{ display: 'grid', gap: 3 }}>
        <MetricCards />
        {/* Short cards share a row, the two long ones (jobs, feed) the next, and each card
            fills its row: no blank block beside a short card. DOM order stays SPEC's. */}
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
            gridTemplateAreas: {
              xs: '"feed" "interviews" "tasks" "jobs" "ai"',
              md: '"interviews tasks" "feed ai" "jobs jobs"',
              lg: '"interviews tasks ai" "jobs jobs feed"',
            },
            alignItems: 'stretch',
            '& > *': { minWidth: 0 },
          }}
          data-testid="dashboard-grid"
        >
          <Box sx={{ gridArea: 'feed', display: 'grid' }}>
            <RecentActivities />
          </Box>
          <Box sx={{ gridArea: 'interviews', display: 'grid' }}>
            <TodaysInterviews canEdit={canEdit} />
          </Box>
          <Box sx={{ gridArea: 'tasks', display: 'grid' }}>
            <PriorityTasks canEdit={canEdit} />
          </Box>
          <Box sx={{ gridArea: 'jobs', display: 'grid' }}>
            <ActiveJobsTable />
          </Box>
          <Box sx={{ gridArea: 'ai', display: 'grid' }}>
            <AiAnalyticsCard />
          </Box>
        </Box>
      </Box>
      {children}
    </>
  );
}
