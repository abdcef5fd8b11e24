import { memo, type CSSProperties } from 'react';
import { useDraggable } from '@dnd-kit/core';
import { CSS } from '@dnd-kit/utilities';
import Box from '@mui/joy/Box';
import Typography from '@mui/joy/Typography';
import { format } from 'date-fns';
import type { CalendarItem } from '@ats/contracts';
import { VisuallyHidden } from '@/components/visually-hidden';
import { STATUS_COLOR, candidateName, eventDetailsText } from '../utils/interview-display';

/** One interview in a view: a focusable button (Enter opens it) that a writer can drag to another slot. */
export const EventButton = memo(function EventButton({
  interview,
  onOpen,
  draggable,
  compact = false,
  style,
}: {
  interview: CalendarItem;
  onOpen: (interview: CalendarItem) => void;
  draggable: boolean;
  /** one line (month view) instead of the time above the name (week view) */
  compact?: boolean;
  style?: CSSProperties;
}) {
  const movable = draggable && interview.status === 'scheduled';
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({
    id: `interview:${interview.id}`,
    data: { interview },
    disabled: !movable,
  });
  const color = STATUS_COLOR[interview.status];
  const struck = interview.status === 'cancelled';
  return (
    <Box
      component="button"
      type="button"
      ref={setNodeRef}
      {...attributes}
      {...listeners}
      // dnd-kit's role/description say "draggable"; the button opens the interview
      role={undefined}
      aria-roledescription={undefined}
      aria-describedby={undefined}
      aria-disabled={undefined}
      aria-pressed={undefined}
      data-testid={`calendar-event-${interview.id}`}
      data-interview-id={interview.id}
      onClick={() => onOpen(interview)}
      style={{ ...style, transform: CSS.Translate.toString(transform), zIndex: isDragging ? 10 : style?.zIndex }}
      sx={{
        all: 'unset',
        boxSizing: 'border-box',
        display: 'block',
        width: '100%',
        overflow: 'hidden',
        cursor: movable ? 'grab' : 'pointer',
        borderRadius: 'sm',
        px: 0.75,
        py: compact ? 0.25 : 0.5,
        bgcolor: `${color}.softBg`,
        color: `${color}.softColor`,
        borderLeft: '3px solid',
        borderLeftColor: `${color}.solidBg`,
        boxShadow: isDragging ? 'md' : 'none',
        '&:hover': { bgcolor: `${color}.softHoverBg` },
        '&:focus-visible': { outline: '2px solid', outlineColor: 'focusVisible', outlineOffset: 1 },
      }}
    >
      {compact ? (
        <Typography level="body-xs" noWrap sx={{ color: 'inherit', textDecoration: struck ? 'line-through' : 'none' }}>
          <b>{format(new Date(interview.scheduledAt), 'p')}</b> {candidateName(interview)}
        </Typography>
      ) : (
        <>
          <Typography level="body-xs" noWrap sx={{ color: 'inherit', fontWeight: 'lg' }}>
            {format(new Date(interview.scheduledAt), 'p')}
          </Typography>
          <Typography level="body-xs" noWrap sx={{ color: 'inherit', textDecoration: struck ? 'line-through' : 'none' }}>
            {candidateName(interview)}
            {interview.job ? ` · ${interview.job.title}` : ''}
          </Typography>
        </>
      )}
      {/* the visible text starts the button's name; the rest is read, not painted */}
      <VisuallyHidden>{eventDetailsText(interview)}</VisuallyHidden>
    </Box>
  );
});
