import type { ReactElement } from 'react';
import Box from '@mui/joy/Box';
import Tooltip from '@mui/joy/Tooltip';
import type { SxProps } from '@mui/joy/styles/types/theme';

export const READ_ONLY_HINT = 'Read-only access';

const WRAPPER_SX = {
  display: 'inline-flex',
  borderRadius: 'sm',
  '&:focus-visible': { outline: '2px solid var(--joy-palette-focusVisible)', outlineOffset: '2px' },
} as const;

/**
 * Wraps a control that stays in place for a read-only user (hiding it would leave a form or a
 * prompt without its button): the caller disables the control, and this says why on hover and
 * focus. A disabled element fires no pointer events, so the hint sits on a focusable wrapper.
 */
export function ReadOnlyTooltip({ readOnly, children, sx }: { readOnly: boolean; children: ReactElement; sx?: SxProps }) {
  if (!readOnly) return children;
  return (
    <Tooltip title={READ_ONLY_HINT} describeChild enterDelay={200}>
      <Box component="span" tabIndex={0} data-read-only="" sx={[WRAPPER_SX, ...(Array.isArray(sx) ? sx : [sx])]}>
        {children}
      </Box>
    </Tooltip>
  );
}
