import Box from '@mui/joy/Box';
import { PageHeader } from '@/components/page-header';
import { RecentActivities } from './recent-activities';

/** SPEC §2.3; this slice has the greeting and the live activity feed. */
export function DashboardPage({ firstName }: { firstName: string }) {
  return (
    <>
      <PageHeader title="Dashboard" subtitle={`Welcome back, ${firstName}. Here's your recruiting overview.`} />
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: 'repeat(3, 1fr)' } }}>
        <Box sx={{ gridColumn: { lg: 'span 2' } }}>
          <RecentActivities />
        </Box>
      </Box>
    </>
  );
}
