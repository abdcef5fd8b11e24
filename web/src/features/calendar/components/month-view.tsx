import { memo, useMemo } from 'react';
import { useDroppable } from '@dnd-kit/core';
import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import Typography from '@mui/joy/Typography';
import { format, isSameDay, isSameMonth } from 'date-fns';
import type { CalendarItem } from '@ats/contracts';
import { formatAnchor } from '../utils/calendar-range';
import { EventButton } from './event-button';

/** Interviews a month cell lists before "+N more". */
const SHOWN_PER_DAY = 3;

const MonthCell = memo(function MonthCell({
  day,
  anchor,
  interviews,
  today,
  onOpen,
  onShowDay,
  canEdit,
}: {
  day: Date;
  anchor: Date;
  interviews: CalendarItem[];
  today: boolean;
  onOpen: (i: CalendarItem) => void;
  onShowDay: (day: Date) => void;
  canEdit: boolean;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: `day:${formatAnchor(day)}`, data: { day } });
  const more = interviews.length - SHOWN_PER_DAY;
  return (
    <Box
      ref={setNodeRef}
      role="group"
      aria-label={`${format(day, 'EEEE, MMMM d')}: ${interviews.length} interview${interviews.length === 1 ? '' : 's'}`}
      data-testid={`month-day-${formatAnchor(day)}`}
      sx={{
        minHeight: 108,
        p: 0.5,
        display: 'flex',
        flexDirection: 'column',
        gap: 0.25,
        borderTop: '1px solid',
        borderLeft: '1px solid',
        borderColor: 'divider',
        bgcolor: isOver ? 'primary.softBg' : isSameMonth(day, anchor) ? 'transparent' : 'background.level1',
        minWidth: 0,
      }}
    >
      <Typography
        level="body-sm"
        sx={{ alignSelf: 'flex-end', px: 0.5, borderRadius: 'sm', fontWeight: today ? 'xl' : 'md' }}
        textColor={today ? 'primary.plainColor' : isSameMonth(day, anchor) ? 'text.primary' : 'text.secondary'}
      >
        {format(day, 'd')}
      </Typography>
      {interviews.slice(0, SHOWN_PER_DAY).map((i) => (
        <EventButton key={i.id} interview={i} onOpen={onOpen} draggable={canEdit} compact />
      ))}
      {more > 0 && (
        <Button size="sm" variant="plain" sx={{ minHeight: 0, py: 0, justifyContent: 'flex-start' }} onClick={() => onShowDay(day)}>
          +{more} more
        </Button>
      )}
    </Box>
  );
});

/** Whole weeks around a month; each day lists its first interviews and a "+N more" that opens the day's week. */
export function MonthView({
  days,
  anchor,
  interviews,
  now,
  onOpen,
  onShowDay,
  canEdit,
}: {
  days: Date[];
  anchor: Date;
  interviews: CalendarItem[];
  now: Date;
  onOpen: (i: CalendarItem) => void;
  onShowDay: (day: Date) => void;
  canEdit: boolean;
}) {
  const byDay = useMemo(() => {
    const map = new Map<string, CalendarItem[]>();
    for (const i of interviews) {
      const key = formatAnchor(new Date(i.scheduledAt));
      const list = map.get(key);
      if (list) list.push(i);
      else map.set(key, [i]);
    }
    return map;
  }, [interviews]);
  return (
    <Box data-testid="month-view" sx={{ border: '1px solid', borderColor: 'divider', borderRadius: 'md', overflow: 'hidden' }}>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))' }}>
        {days.slice(0, 7).map((d) => (
          <Typography
            key={d.toISOString()}
            level="body-xs"
            textColor="text.secondary"
            textTransform="uppercase"
            sx={{ p: 0.75, textAlign: 'center' }}
          >
            {format(d, 'EEE')}
          </Typography>
        ))}
        {days.map((day) => (
          <MonthCell
            key={day.toISOString()}
            day={day}
            anchor={anchor}
            interviews={byDay.get(formatAnchor(day)) ?? []}
            today={isSameDay(day, now)}
            onOpen={onOpen}
            onShowDay={onShowDay}
            canEdit={canEdit}
          />
        ))}
      </Box>
    </Box>
  );
}
