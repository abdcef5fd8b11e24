import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import Card from '@mui/joy/Card';
import List from '@mui/joy/List';
import Skeleton from '@mui/joy/Skeleton';
import Typography from '@mui/joy/Typography';
import { ActivityItem } from '@/components/activity-item';
import { PageHeader } from '@/components/page-header';
import { useNow } from '@/hooks/use-now';
import { useRealtimeRoom } from '@/lib/realtime';
import { useActivityFeed } from '../api/get-activity-feed';
import { toFeedQuery, type ActivitySearch } from '../utils/feed-filters';
import { ActivityFilters } from './activity-filters';

/** The full activity feed: every line, newest first, a page at a time, filtered, live through the `feed` room. */
export function ActivityFeedPage({ search, onSearchChange }: { search: ActivitySearch; onSearchChange: (next: ActivitySearch) => void }) {
  const { data, isPending, isError, hasNextPage, isFetchingNextPage, fetchNextPage } = useActivityFeed(toFeedQuery(search));
  const now = useNow();
  useRealtimeRoom('feed');
  const lines = data?.pages.flatMap((page) => page.items) ?? [];
  const filtered = Boolean(search.type || search.user || search.from || search.to);

  return (
    <Box>
      <PageHeader title="Activity" subtitle="Everything that happened in the agency, newest first." />
      <ActivityFilters search={search} onChange={onSearchChange} />
      <Card variant="outlined" component="section" aria-labelledby="activity-feed-heading" sx={{ gap: 1, mt: 2 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', justifyContent: 'space-between', gap: 1 }}>
          <Typography id="activity-feed-heading" level="title-lg" component="h2">
            Activities
          </Typography>
          {!isPending && !isError && (
            <Typography level="body-sm" textColor="text.secondary" data-testid="activity-count" aria-live="polite">
              {lines.length === 0 ? '' : `Showing ${lines.length}${hasNextPage ? '' : ' (all)'}`}
            </Typography>
          )}
        </Box>
        {isPending ? (
          <List aria-label="Loading activities" aria-busy="true">
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} variant="text" level="body-sm" sx={{ my: 1 }} />
            ))}
          </List>
        ) : isError ? (
          <Typography level="body-sm" color="danger">
            Could not load the activity feed.
          </Typography>
        ) : lines.length === 0 ? (
          <Typography level="body-sm" textColor="text.tertiary" sx={{ py: 3, textAlign: 'center' }}>
            {filtered ? 'No activities match these filters' : 'No recent activities'}
          </Typography>
        ) : (
          <List aria-label="Activity feed" sx={{ '--List-gap': '4px', '--ListItem-paddingX': '0px' }}>
            {lines.map((activity) => (
              <ActivityItem key={activity.id} activity={activity} now={now} showDate />
            ))}
          </List>
        )}
        {hasNextPage && (
          <Box sx={{ display: 'flex', justifyContent: 'center', pt: 1 }}>
            <Button
              variant="outlined"
              color="neutral"
              loading={isFetchingNextPage}
              loadingPosition="start"
              onClick={() => void fetchNextPage({ cancelRefetch: false })}
            >
              Load older activities
            </Button>
          </Box>
        )}
      </Card>
    </Box>
  );
}
