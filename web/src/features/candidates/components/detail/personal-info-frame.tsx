import type { ReactNode } from 'react';
import Box from '@mui/joy/Box';
import Card from '@mui/joy/Card';
import Typography from '@mui/joy/Typography';

/** The card around the values or the form: its heading and the buttons beside it. */
export function PersonalInfoFrame({ actions, children }: { actions: ReactNode; children: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-labelledby="personal-info-heading" sx={{ gap: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography id="personal-info-heading" level="title-lg" component="h2">
          Personal Information
        </Typography>
        {actions}
      </Box>
      {children}
    </Card>
  );
}
