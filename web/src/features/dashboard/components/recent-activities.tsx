import Box from '@mui/joy/Box';
import Card from '@mui/joy/Card';
import List from '@mui/joy/List';
import ListItem from '@mui/joy/ListItem';
import ListItemContent from '@mui/joy/ListItemContent';
import ListItemDecorator from '@mui/joy/ListItemDecorator';
import Skeleton from '@mui/joy/Skeleton';
import Typography from '@mui/joy/Typography';
import { Activity as ActivityIcon } from 'lucide-react';
import { ActivityItem } from '@/components/activity-item';
import { ButtonLink } from '@/components/router-links';
import { useNow } from '@/hooks/use-now';
import { useRealtimeRoom } from '@/lib/realtime';
import { RECENT_ACTIVITIES_LIMIT, useRecentActivities } from '../api/get-recent-activities';

const SKELETON_ROWS = 4;

/** The live activity feed (SPEC §2.3), kept fresh through the `feed` room. */
export function RecentActivities() {
  const { data, isPending, isError } = useRecentActivities(RECENT_ACTIVITIES_LIMIT);
  const now = useNow();
  useRealtimeRoom('feed');

  return (
    <Card variant="outlined" component="section" aria-labelledby="recent-activities-heading" sx={{ gap: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography id="recent-activities-heading" level="title-lg" component="h2" startDecorator={<ActivityIcon size={18} aria-hidden />}>
          Recent Activities
        </Typography>
        {/* the full feed, paged and filtered, on its own screen */}
        <ButtonLink size="sm" variant="plain" to="/activity">
          View All
        </ButtonLink>
      </Box>
      {isPending ? (
        <List aria-label="Loading recent activities" aria-busy="true" sx={{ '--List-gap': '12px' }}>
          {Array.from({ length: SKELETON_ROWS }, (_, index) => (
            <ListItem key={index} data-testid="activity-skeleton">
              <ListItemDecorator>
                <Skeleton variant="circular" width={36} height={36} />
              </ListItemDecorator>
              <ListItemContent>
                <Skeleton variant="text" level="body-sm" width="80%" />
                <Skeleton variant="text" level="body-xs" width="30%" />
              </ListItemContent>
            </ListItem>
          ))}
        </List>
      ) : isError ? (
        <Typography level="body-sm" color="danger">
          Could not load recent activities.
        </Typography>
      ) : data.length === 0 ? (
        <Typography level="body-sm" textColor="text.tertiary" sx={{ py: 3, textAlign: 'center' }}>
          No recent activities
        </Typography>
      ) : (
        <List aria-label="Recent activities" sx={{ '--List-gap': '4px', '--ListItem-paddingX': '0px' }}>
          {data.map((activity) => (
            <ActivityItem key={activity.id} activity={activity} now={now} />
          ))}
        </List>
      )}
    </Card>
  );
}
