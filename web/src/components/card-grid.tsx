import type { ReactNode } from 'react';
import Box from '@mui/joy/Box';

/** The 1/2/3-column card grid of the list screens. */
export function CardGrid({ children, ...rest }: { children: ReactNode; 'aria-label': string; 'aria-busy'?: 'true' }) {
  return (
    <Box
      component="section"
      {...rest}
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
        alignItems: 'stretch',
      }}
    >
      {children}
    </Box>
  );
}
