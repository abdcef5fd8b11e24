import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import Card from '@mui/joy/Card';
import CardContent from '@mui/joy/CardContent';
import Chip from '@mui/joy/Chip';
import Divider from '@mui/joy/Divider';
import IconButton from '@mui/joy/IconButton';
import Skeleton from '@mui/joy/Skeleton';
import Tooltip from '@mui/joy/Tooltip';
import Typography from '@mui/joy/Typography';
import type { Job, JobHealthRow } from '@ats/contracts';
import {
  Brain,
  Building2,
  CalendarClock,
  DollarSign,
  MapPin,
  Pencil,
  Send,
  Sparkles,
  Target,
  Trash2,
  UserPlus,
  Users,
  Wand2,
} from 'lucide-react';
import { daysOpen, formatSalaryRange, titleCase } from '@/lib/format';
import { staleReasons } from '@/lib/job-health';
import { JOB_PRIORITY_COLOR, JOB_STATUS_COLOR } from '../utils/job-style';
import { CardDetail } from '@/components/card-detail';
import { RouterLink } from '@/components/router-links';
import { VisuallyHidden } from '@/components/visually-hidden';

export type JobCardAction = 'post' | 'ai' | 'toolkit' | 'edit' | 'attach';

/** One job order (SPEC §2.12). Without `onAction` and `onDelete` (a read-only user) it has no action row. */
export function JobCard({
  job,
  now,
  health,
  onAction,
  onDelete,
  deleting,
  analyzing,
}: {
  job: Job;
  now: Date;
  /** the job's health (issue 15): a Stale chip says why when the 14/30-day rules flag it */
  health?: JobHealthRow | undefined;
  onAction?: (action: JobCardAction, job: Job) => void;
  onDelete?: (job: Job) => void;
  deleting?: boolean;
  analyzing?: boolean;
}) {
  const salary = formatSalaryRange(job.salaryMin, job.salaryMax);
  const days = daysOpen(job.createdAt, now, job.endedAt);
  return (
    <Card
      variant="outlined"
      component="article"
      data-testid={`job-card-${job.id}`}
      aria-labelledby={`job-${job.id}-title`}
      sx={{ gap: 1.5 }}
    >
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography level="title-lg" component="h2" id={`job-${job.id}-title`}>
            <RouterLink to="/jobs/$id" params={{ id: String(job.id) }} color="neutral" data-testid={`job-link-${job.id}`}>
              {job.title}
            </RouterLink>
          </Typography>
          {job.department && (
            <Typography level="body-sm" textColor="text.secondary">
              {job.department}
            </Typography>
          )}
        </Box>
        <Chip size="sm" variant="soft" color={JOB_PRIORITY_COLOR[job.priority] ?? 'neutral'}>
          {titleCase(job.priority)}
        </Chip>
      </Box>

      <CardContent sx={{ gap: 0.75 }}>
        {job.client && (
          <CardDetail icon={<Building2 size={15} />} label="Client">
            <Box component="span" sx={{ fontWeight: 'md', color: 'text.primary' }}>
              {job.client.companyName}
            </Box>
            {job.client.industry && (
              <Box component="span" sx={{ ml: 0.75 }}>
                · {job.client.industry}
              </Box>
            )}
          </CardDetail>
        )}
        {job.location && (
          <CardDetail icon={<MapPin size={15} />} label="Location">
            {job.location}
          </CardDetail>
        )}
        {salary && (
          <CardDetail icon={<DollarSign size={15} />} label="Salary">
            {salary}
          </CardDetail>
        )}
        <CardDetail icon={<Users size={15} />} label="Candidates">
          {job.candidateCount} {job.candidateCount === 1 ? 'candidate' : 'candidates'}
        </CardDetail>
        {job.openings !== undefined && (
          <CardDetail icon={<Target size={15} />} label="Openings">
            <span data-testid={`job-openings-${job.id}`}>
              {job.placedCount ?? 0} of {job.openings} {job.openings === 1 ? 'opening' : 'openings'} filled
            </span>
          </CardDetail>
        )}
        {job.description && (
          <Typography
            level="body-sm"
            textColor="text.secondary"
            sx={{ mt: 0.5, display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
          >
            {job.description}
          </Typography>
        )}
      </CardContent>

      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <Chip size="sm" variant="soft" color={JOB_STATUS_COLOR[job.status] ?? 'neutral'} data-testid={`job-status-${job.id}`}>
          {titleCase(job.status)}
        </Chip>
        {health?.stale && (
          <Tooltip title={staleReasons(health).join('; ')}>
            <Chip size="sm" variant="soft" color="warning" data-testid={`job-stale-${job.id}`}>
              Stale<VisuallyHidden>: {staleReasons(health).join('; ')}</VisuallyHidden>
            </Chip>
          </Tooltip>
        )}
        {job.aiLastAnalyzed && (
          <Chip size="sm" variant="soft" color="success" startDecorator={<Sparkles size={14} aria-hidden />}>
            Ready
          </Chip>
        )}
        <Typography level="body-xs" textColor="text.tertiary" startDecorator={<CalendarClock size={14} aria-hidden />} sx={{ ml: 'auto' }}>
          {days} days open
        </Typography>
      </Box>

      {onAction && onDelete && (
        <>
          <Divider inset="none" sx={{ mt: 'auto' }} />
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
            <Button size="sm" variant="soft" startDecorator={<Send size={14} />} onClick={() => onAction('post', job)}>
              Post
            </Button>
            <Button
              size="sm"
              variant="outlined"
              color="neutral"
              startDecorator={<Brain size={14} />}
              loading={analyzing}
              loadingPosition="start"
              onClick={() => onAction('ai', job)}
            >
              AI
            </Button>
            <Button
              size="sm"
              variant="outlined"
              color="neutral"
              startDecorator={<Pencil size={14} />}
              onClick={() => onAction('edit', job)}
              aria-label={`Edit ${job.title}`}
            >
              Edit
            </Button>
            <Button
              size="sm"
              variant="outlined"
              color="neutral"
              startDecorator={<Wand2 size={14} />}
              onClick={() => onAction('toolkit', job)}
            >
              Toolkit
            </Button>
            <Button
              size="sm"
              variant="outlined"
              color="neutral"
              startDecorator={<UserPlus size={14} />}
              onClick={() => onAction('attach', job)}
              aria-label={`Add candidates to ${job.title}`}
            >
              Add candidates
            </Button>
            <Tooltip title="Delete" enterDelay={700} enterNextDelay={300}>
              <IconButton
                size="sm"
                variant="plain"
                color="danger"
                loading={deleting}
                onClick={() => onDelete(job)}
                aria-label={`Delete ${job.title}`}
                sx={{ ml: 'auto' }}
              >
                <Trash2 size={16} />
              </IconButton>
            </Tooltip>
          </Box>
        </>
      )}
    </Card>
  );
}

export function JobCardSkeleton() {
  return (
    <Card variant="outlined" data-testid="job-card-skeleton" sx={{ gap: 1.5 }}>
      <Skeleton variant="text" level="title-lg" width="60%" />
      <Skeleton variant="text" level="body-sm" width="40%" />
      <Skeleton variant="text" level="body-sm" width="70%" />
      <Skeleton variant="text" level="body-sm" width="50%" />
      <Skeleton variant="text" level="body-sm" width="90%" />
      <Skeleton variant="rectangular" height={28} sx={{ borderRadius: 'sm' }} />
    </Card>
  );
}
