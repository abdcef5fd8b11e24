import type { ReactNode } from 'react';
import Box from '@mui/joy/Box';
import Card from '@mui/joy/Card';
import Typography from '@mui/joy/Typography';

/** A dashboard widget: a titled card with an optional action on the right. */
export function WidgetCard({
  id,
  title,
  icon,
  action,
  children,
}: {
  id: string;
  title: string;
  icon: ReactNode;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card variant="outlined" component="section" aria-labelledby={`${id}-heading`} data-testid={id} sx={{ gap: 1.5, minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, minHeight: 32, flexWrap: 'wrap' }}>
        <Typography id={`${id}-heading`} level="title-lg" component="h2" startDecorator={icon}>
          {title}
        </Typography>
        {action}
      </Box>
      {children}
    </Card>
  );
}

export function EmptyLine({ children }: { children: ReactNode }) {
  return (
    <Typography level="body-sm" textColor="text.tertiary" sx={{ py: 3, textAlign: 'center' }}>
      {children}
    </Typography>
  );
}
