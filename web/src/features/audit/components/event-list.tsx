import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import Box from '@mui/joy/Box';
import CircularProgress from '@mui/joy/CircularProgress';
import Typography from '@mui/joy/Typography';
import type { ChainedAuditEvent } from '@ats/contracts';
import { formatDateTime } from '@/lib/format';
import { humanizeType } from '../utils/event-groups';

const ROW_HEIGHT = 60;
/** rows drawn above and below the visible ones */
const OVERSCAN = 6;

export const eventRowId = (position: number) => `audit-event-${position}`;

/**
 * The events as a virtualised listbox: only the rows in sight (and a few around) are in the
 * page, so a long log scrolls smoothly. Arrow keys, Home and End move the selection; scrolling
 * near the end asks for the next page.
 */
export function EventList({
  events,
  selected,
  onSelect,
  onEndReached,
  loadingMore,
}: {
  events: readonly ChainedAuditEvent[];
  selected: number | undefined;
  onSelect: (position: number) => void;
  onEndReached: () => void;
  loadingMore: boolean;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const [view, setView] = useState({ top: 0, height: 600 });
  const index = selected === undefined ? -1 : events.findIndex((e) => e.position === selected);

  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const measure = () => setView({ top: element.scrollTop, height: element.clientHeight });
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    return () => observer?.disconnect();
  }, []);

  const first = Math.max(0, Math.floor(view.top / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(events.length, Math.ceil((view.top + view.height) / ROW_HEIGHT) + OVERSCAN);
  const onEndReachedRef = useRef(onEndReached);
  onEndReachedRef.current = onEndReached;
  useEffect(() => {
    if (last >= events.length - OVERSCAN && events.length > 0) onEndReachedRef.current();
  }, [last, events.length]);

  /** keeps a row in sight (the selection moved by keyboard) */
  const reveal = (row: number) => {
    const element = scroller.current;
    if (!element) return;
    const top = row * ROW_HEIGHT;
    if (top < element.scrollTop) element.scrollTop = top;
    else if (top + ROW_HEIGHT > element.scrollTop + element.clientHeight) element.scrollTop = top + ROW_HEIGHT - element.clientHeight;
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (events.length === 0) return;
    const moves: Record<string, number> = {
      ArrowDown: Math.min(events.length - 1, index + 1),
      ArrowUp: Math.max(0, index < 0 ? 0 : index - 1),
      Home: 0,
      End: events.length - 1,
      PageDown: Math.min(events.length - 1, index + 10),
      PageUp: Math.max(0, index - 10),
    };
    const next = moves[e.key];
    if (next === undefined) return;
    e.preventDefault();
    reveal(next);
    onSelect(events[next]!.position);
  };

  return (
    <Box
      ref={scroller}
      role="listbox"
      tabIndex={0}
      aria-label="Events"
      aria-activedescendant={index >= 0 ? eventRowId(selected!) : undefined}
      onKeyDown={onKeyDown}
      onScroll={(e) => setView({ top: e.currentTarget.scrollTop, height: e.currentTarget.clientHeight })}
      sx={{
        position: 'relative',
        height: { xs: '55vh', lg: 'calc(100vh - 340px)' },
        minHeight: 320,
        overflowY: 'auto',
        borderRadius: 'md',
        border: '1px solid',
        borderColor: 'divider',
        bgcolor: 'background.surface',
        '&:focus-visible': { outline: '2px solid', outlineColor: 'focusVisible', outlineOffset: 2 },
      }}
    >
      <Box role="presentation" sx={{ position: 'relative', height: events.length * ROW_HEIGHT + (loadingMore ? 48 : 0) }}>
        {events.slice(first, last).map((event, offset) => {
          const row = first + offset;
          const isSelected = event.position === selected;
          return (
            <Box
              key={event.position}
              id={eventRowId(event.position)}
              role="option"
              aria-selected={isSelected}
              onClick={() => onSelect(event.position)}
              sx={{
                position: 'absolute',
                top: row * ROW_HEIGHT,
                left: 0,
                right: 0,
                height: ROW_HEIGHT,
                px: 1.5,
                display: 'grid',
                gridTemplateColumns: '72px minmax(0, 1fr) auto',
                alignItems: 'center',
                columnGap: 1.5,
                cursor: 'pointer',
                borderBottom: '1px solid',
                borderColor: 'divider',
                bgcolor: isSelected ? 'primary.softBg' : undefined,
                // the selected row's secondary texts take the soft colour, readable on its background in both schemes
                ...(isSelected ? { '& .MuiTypography-root': { color: 'primary.softColor' } } : {}),
                '&:hover': { bgcolor: isSelected ? 'primary.softBg' : 'background.level1' },
              }}
            >
              <Typography level="body-xs" sx={{ fontFamily: 'code', color: 'text.tertiary' }}>
                #{event.position}
              </Typography>
              <Box sx={{ minWidth: 0 }}>
                <Typography level="title-sm" noWrap>
                  {humanizeType(event.type)}
                </Typography>
                <Typography level="body-xs" noWrap sx={{ fontFamily: 'code' }}>
                  {event.stream} · {event.metadata.actor.name}
                </Typography>
              </Box>
              <Typography level="body-xs" sx={{ whiteSpace: 'nowrap' }}>
                {formatDateTime(event.metadata.occurredAt)}
              </Typography>
            </Box>
          );
        })}
        {loadingMore && (
          <Box sx={{ position: 'absolute', bottom: 8, left: 0, right: 0, display: 'flex', justifyContent: 'center' }}>
            <CircularProgress size="sm" aria-label="Loading more events" />
          </Box>
        )}
      </Box>
    </Box>
  );
}
