import Box from '@mui/joy/Box';
import CircularProgress from '@mui/joy/CircularProgress';

/** Shown by the router while a screen's code is still loading. */
export function PageLoader() {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', py: 12 }} role="status" aria-label="Loading">
      <CircularProgress size="md" />
    </Box>
  );
}
