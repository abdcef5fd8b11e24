import Box from '@mui/joy/Box';
import CircularProgress from '@mui/joy/CircularProgress';
import Typography from '@mui/joy/Typography';

/** SPEC §2.3: 'Loading dashboard...' */
export function DashboardLoading() {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', gap: 2, py: 12 }} role="status">
      <CircularProgress />
      <Typography textColor="text.secondary">Loading dashboard...</Typography>
    </Box>
  );
}
