import type { ReactNode } from 'react';
import Box from '@mui/joy/Box';
import Typography from '@mui/joy/Typography';

/** A centred message for an empty list or a placeholder screen. */
export function EmptyState({
  icon,
  title,
  description,
  action,
  headingLevel = 'h2',
}: {
  icon?: ReactNode;
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  headingLevel?: 'h1' | 'h2' | 'h3';
}) {
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        textAlign: 'center',
        gap: 1,
        py: { xs: 6, md: 10 },
        px: 2,
      }}
    >
      {icon && (
        <Box
          aria-hidden
          sx={{
            display: 'grid',
            placeItems: 'center',
            width: 64,
            height: 64,
            borderRadius: '50%',
            mb: 1,
            bgcolor: 'primary.softBg',
            color: 'primary.softColor',
          }}
        >
          {icon}
        </Box>
      )}
      <Typography level="h4" component={headingLevel}>
        {title}
      </Typography>
      {description && (
        <Typography level="body-md" textColor="text.secondary" sx={{ maxWidth: 480 }}>
          {description}
        </Typography>
      )}
      {action && <Box sx={{ mt: 2 }}>{action}</Box>}
    </Box>
  );
}
