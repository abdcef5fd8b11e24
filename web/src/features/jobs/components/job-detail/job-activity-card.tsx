import Box from '@mui/joy/Box';
import Card from '@mui/joy/Card';
import Skeleton from '@mui/joy/Skeleton';
import Typography from '@mui/joy/Typography';
import { timeAgo } from '@/lib/format';
import { useJobActivities } from '../../api/get-job';

/** What happened to this job and its applications, newest first. */
export function JobActivityCard({ jobId, now }: { jobId: number; now: Date }) {
  const { data, isPending, isError } = useJobActivities(jobId);
  return (
    <Card variant="outlined" component="section" aria-labelledby="job-activity-heading" data-testid="job-activity" sx={{ gap: 1 }}>
      <Typography id="job-activity-heading" level="title-lg" component="h2">
        Activity
      </Typography>
      {isPending ? (
        <Box role="status" aria-label="Loading activity">
          <Skeleton variant="text" level="body-sm" width="80%" />
          <Skeleton variant="text" level="body-sm" width="60%" />
        </Box>
      ) : isError ? (
        <Typography color="danger">Could not load the activity.</Typography>
      ) : data.length === 0 ? (
        <Typography level="body-sm" textColor="text.tertiary">
          No activity yet
        </Typography>
      ) : (
        <Box component="ul" aria-label="Job activity" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.75 }}>
          {data.map((activity) => (
            <Box component="li" key={activity.id} sx={{ display: 'flex', gap: 1, alignItems: 'baseline' }}>
              <Typography level="body-sm" sx={{ flex: 1 }}>
                {activity.description}
              </Typography>
              <Typography level="body-xs" textColor="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                {timeAgo(activity.createdAt, now)}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </Card>
  );
}
