import Box from '@mui/joy/Box';
import ListItem from '@mui/joy/ListItem';
import ListItemContent from '@mui/joy/ListItemContent';
import ListItemDecorator from '@mui/joy/ListItemDecorator';
import Typography from '@mui/joy/Typography';
import type { Activity } from '@ats/contracts';
import { activityStyle } from '@/lib/activity-style';
import { timeAgo } from '@/lib/format';

/** One feed line (SPEC §2.3): its type's icon and colour, the description, the relative time. */
export function ActivityItem({ activity, now, showDate = false }: { activity: Activity; now: Date; showDate?: boolean }) {
  const { icon: Icon, color } = activityStyle(activity.type);
  return (
    <ListItem data-testid="activity-item" sx={{ alignItems: 'flex-start', py: 1 }}>
      <ListItemDecorator sx={{ mr: 1.5 }}>
        <Box
          aria-hidden
          sx={{
            width: 36,
            height: 36,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            bgcolor: `${color}.softBg`,
            color: `${color}.softColor`,
          }}
        >
          <Icon size={18} />
        </Box>
      </ListItemDecorator>
      <ListItemContent sx={{ minWidth: 0 }}>
        <Typography level="body-sm" textColor="text.primary" sx={{ overflowWrap: 'anywhere' }}>
          {activity.description}
        </Typography>
        <Typography
          level="body-xs"
          textColor="text.tertiary"
          component="time"
          dateTime={activity.createdAt}
          title={new Date(activity.createdAt).toLocaleString()}
        >
          {timeAgo(activity.createdAt, now)}
          {showDate && ` · ${new Date(activity.createdAt).toLocaleString()}`}
        </Typography>
      </ListItemContent>
    </ListItem>
  );
}
