import { useEffect, useMemo, useRef } from 'react';
import { useDroppable } from '@dnd-kit/core';
import Box from '@mui/joy/Box';
import Typography from '@mui/joy/Typography';
import { differenceInMinutes, format, isSameDay, startOfDay } from 'date-fns';
import type { CalendarItem } from '@ats/contracts';
import { layoutDay } from '../utils/layout-day';
import { formatAnchor } from '../utils/calendar-range';
import { EventButton } from './event-button';

/** Pixels per hour of the week grid; a minute is HOUR_PX / 60. */
export const HOUR_PX = 48;
export const MINUTE_PX = HOUR_PX / 60;
const HOURS = Array.from({ length: 24 }, (_, h) => h);
const GUTTER = 56;

function DayColumn({
  day,
  interviews,
  now,
  onOpen,
  canEdit,
}: {
  day: Date;
  interviews: CalendarItem[];
  now: Date;
  onOpen: (i: CalendarItem) => void;
  canEdit: boolean;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: `day:${formatAnchor(day)}`, data: { day } });
  const lanes = useMemo(
    () => layoutDay(interviews.map((i) => ({ id: i.id, start: new Date(i.scheduledAt).getTime(), end: new Date(i.endsAt).getTime() }))),
    [interviews],
  );
  const today = isSameDay(day, now);
  return (
    <Box
      ref={setNodeRef}
      role="group"
      aria-label={format(day, 'EEEE, MMMM d')}
      data-testid={`week-day-${formatAnchor(day)}`}
      sx={{
        position: 'relative',
        height: HOUR_PX * 24,
        borderLeft: '1px solid',
        borderColor: 'divider',
        bgcolor: isOver ? 'primary.softBg' : today ? 'background.level1' : 'transparent',
        backgroundImage: (theme) =>
          `repeating-linear-gradient(to bottom, transparent 0, transparent ${HOUR_PX - 1}px, ${theme.vars.palette.divider} ${HOUR_PX - 1}px, ${theme.vars.palette.divider} ${HOUR_PX}px)`,
      }}
    >
      {interviews.map((i) => {
        const start = new Date(i.scheduledAt);
        const top = Math.max(0, differenceInMinutes(start, startOfDay(day))) * MINUTE_PX;
        const height = Math.max(20, i.duration * MINUTE_PX - 2);
        const lane = lanes.get(i.id) ?? { lane: 0, lanes: 1 };
        return (
          <EventButton
            key={i.id}
            interview={i}
            onOpen={onOpen}
            draggable={canEdit}
            // too short for two lines (under 45 minutes): the time and the name on one
            compact={height < 42}
            style={{
              position: 'absolute',
              top,
              height,
              left: `calc(${(lane.lane / lane.lanes) * 100}% + 2px)`,
              width: `calc(${100 / lane.lanes}% - 4px)`,
              zIndex: 1,
            }}
          />
        );
      })}
      {today && (
        <Box
          data-testid="now-line"
          aria-hidden
          sx={{
            position: 'absolute',
            left: 0,
            right: 0,
            top: differenceInMinutes(now, startOfDay(now)) * MINUTE_PX,
            height: 2,
            bgcolor: 'danger.500',
            zIndex: 2,
            pointerEvents: 'none',
            '&::before': {
              content: '""',
              position: 'absolute',
              left: -5,
              top: -4,
              width: 10,
              height: 10,
              borderRadius: '50%',
              bgcolor: 'danger.500',
            },
          }}
        />
      )}
    </Box>
  );
}

/** Seven days side by side on a 24-hour grid, scrolled to the working day, with today's time line. */
export function WeekView({
  days,
  interviews,
  now,
  onOpen,
  canEdit,
}: {
  days: Date[];
  interviews: CalendarItem[];
  now: Date;
  onOpen: (i: CalendarItem) => void;
  canEdit: boolean;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // open on the working day (from 7 am), not at midnight
    if (scroller.current) scroller.current.scrollTop = 7 * HOUR_PX;
  }, []);
  const byDay = useMemo(() => {
    const map = new Map<string, CalendarItem[]>();
    for (const i of interviews) {
      const key = formatAnchor(new Date(i.scheduledAt));
      map.set(key, [...(map.get(key) ?? []), i]);
    }
    return map;
  }, [interviews]);
  const columns = `${GUTTER}px repeat(${days.length}, minmax(96px, 1fr))`;
  const minWidth = GUTTER + days.length * 96;
  return (
    <Box sx={{ border: '1px solid', borderColor: 'divider', borderRadius: 'md', overflow: 'hidden' }} data-testid="week-view">
      {/* one scroller for the day names and the hours: they scroll sideways together; focusable for the keyboard */}
      <Box ref={scroller} sx={{ maxHeight: 'min(70vh, 720px)', overflow: 'auto' }} tabIndex={0} role="region" aria-label="Week">
        <Box
          data-testid="week-header"
          sx={{
            display: 'grid',
            gridTemplateColumns: columns,
            minWidth,
            borderBottom: '1px solid',
            borderColor: 'divider',
            position: 'sticky',
            top: 0,
            zIndex: 3,
            bgcolor: 'background.surface',
          }}
        >
          <Box />
          {days.map((day) => (
            <Box key={day.toISOString()} sx={{ py: 1, textAlign: 'center', borderLeft: '1px solid', borderColor: 'divider' }}>
              <Typography level="body-xs" textColor="text.secondary" textTransform="uppercase">
                {format(day, 'EEE')}
              </Typography>
              <Typography
                level="title-md"
                textColor={isSameDay(day, now) ? 'primary.plainColor' : 'text.primary'}
                sx={{ fontWeight: isSameDay(day, now) ? 'xl' : 'md' }}
              >
                {format(day, 'd')}
              </Typography>
            </Box>
          ))}
        </Box>
        <Box sx={{ display: 'grid', gridTemplateColumns: columns, minWidth }}>
          <Box aria-hidden sx={{ position: 'relative', height: HOUR_PX * 24 }}>
            {HOURS.map((h) => (
              <Typography
                key={h}
                level="body-xs"
                textColor="text.secondary"
                sx={{ position: 'absolute', top: h * HOUR_PX - 7, right: 6, display: h === 0 ? 'none' : 'block' }}
              >
                {format(new Date(2000, 0, 1, h), 'h a')}
              </Typography>
            ))}
          </Box>
          {days.map((day) => (
            <DayColumn
              key={day.toISOString()}
              day={day}
              interviews={byDay.get(formatAnchor(day)) ?? []}
              now={now}
              onOpen={onOpen}
              canEdit={canEdit}
            />
          ))}
        </Box>
      </Box>
    </Box>
  );
}
