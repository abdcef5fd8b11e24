import type { ReactNode } from 'react';
import Box from '@mui/joy/Box';
import Typography from '@mui/joy/Typography';

/** One icon-led line on a list card (email, phone, location…), with its label for screen readers. */
export function CardDetail({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Typography
      level="body-sm"
      textColor="text.secondary"
      startDecorator={
        <Box component="span" aria-hidden sx={{ display: 'flex', color: 'text.tertiary' }}>
          {icon}
        </Box>
      }
      sx={{ minWidth: 0, wordBreak: 'break-word', alignItems: 'center' }}
    >
      <Box component="span" sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
        {label}:{' '}
      </Box>
      {children}
    </Typography>
  );
}
