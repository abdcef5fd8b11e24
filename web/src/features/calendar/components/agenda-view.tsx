import Box from '@mui/joy/Box';
import Chip from '@mui/joy/Chip';
import List from '@mui/joy/List';
import ListItem from '@mui/joy/ListItem';
import ListItemButton from '@mui/joy/ListItemButton';
import Typography from '@mui/joy/Typography';
import { format, isSameDay } from 'date-fns';
import type { CalendarItem } from '@ats/contracts';
import { formatAnchor } from '../utils/calendar-range';
import { STATUS_COLOR, interviewTitle, timeRange } from '../utils/interview-display';

/** Day by day, the interviews of the coming days as a list. */
export function AgendaView({ interviews, now, onOpen }: { interviews: CalendarItem[]; now: Date; onOpen: (i: CalendarItem) => void }) {
  const groups: Array<{ key: string; day: Date; items: CalendarItem[] }> = [];
  for (const i of interviews) {
    const day = new Date(i.scheduledAt);
    const key = formatAnchor(day);
    const last = groups.at(-1);
    if (last && last.key === key) last.items.push(i);
    else groups.push({ key, day, items: [i] });
  }
  return (
    <Box data-testid="agenda-view" sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {groups.map((g) => (
        <Box key={g.key} component="section" aria-labelledby={`agenda-${g.key}`}>
          <Typography
            id={`agenda-${g.key}`}
            level="title-sm"
            textColor={isSameDay(g.day, now) ? 'primary.plainColor' : 'text.secondary'}
            sx={{ mb: 0.5 }}
          >
            {format(g.day, 'EEEE, MMMM d')}
            {isSameDay(g.day, now) ? ' · Today' : ''}
          </Typography>
          <List variant="outlined" sx={{ borderRadius: 'md', '--List-padding': '0px' }}>
            {g.items.map((i) => (
              <ListItem key={i.id}>
                <ListItemButton onClick={() => onOpen(i)} data-testid={`agenda-event-${i.id}`}>
                  <Box
                    sx={{
                      display: 'grid',
                      gridTemplateColumns: { xs: '1fr', sm: '170px 1fr auto' },
                      gap: 1,
                      width: '100%',
                      alignItems: 'center',
                    }}
                  >
                    <Typography level="body-sm" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                      {timeRange(i)}
                    </Typography>
                    <Typography level="body-md" sx={{ textDecoration: i.status === 'cancelled' ? 'line-through' : 'none' }}>
                      {interviewTitle(i)}
                    </Typography>
                    <Chip size="sm" variant="soft" color={STATUS_COLOR[i.status]}>
                      {i.status === 'no_show' ? 'No show' : i.status[0]!.toUpperCase() + i.status.slice(1)}
                    </Chip>
                  </Box>
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </Box>
      ))}
    </Box>
  );
}
