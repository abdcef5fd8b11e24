import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import Card from '@mui/joy/Card';
import { Briefcase, Plus, SquareKanban } from 'lucide-react';
import { limits, type Job } from '@ats/contracts';
import { CardGrid } from '@/components/card-grid';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { ExportCsvButton, ImportCsvButton } from '@/components/data-io';
import { ButtonLink } from '@/components/router-links';
import { SearchInput } from '@/components/search-input';
import {
  AiToolkitDialog,
  AttachCandidatesDialog,
  LazyAddJobDialog,
  LazyEditJobDialog,
  PostLinkedinDialog,
} from '@/components/lazy-dialogs';
import { toast } from '@/components/toast';
import { FIRST_PAINT_GRID_CARDS, useAfterFirstPaint } from '@/hooks/use-after-first-paint';
import { useNow } from '@/hooks/use-now';
import { serverMessage } from '@/lib/api-client';
import { jobName } from '@/lib/attach';
import { jobHealthQuery } from '@/lib/job-health';
import { useRealtimeRoom } from '@/lib/realtime';
import { useAnalyzeJob } from '../api/analyze-job';
import { useJobs } from '../api/get-jobs';
import { useJobDeletion } from '../hooks/use-job-deletion';
import { JobCard, JobCardSkeleton, type JobCardAction } from './job-card';

interface JobsPageProps {
  search: string;
  onSearchChange: (search: string) => void;
  /** false for a read-only user: no Add Job Order and no card actions (Post, AI, Toolkit, Delete) */
  canEdit: boolean;
}

/** SPEC §2.12: job orders, live through the `jobs` room. */
export function JobsPage({ search, onSearchChange, canEdit }: JobsPageProps) {
  useRealtimeRoom('jobs');
  const { data, isPending, isError, error } = useJobs({ search });
  const [adding, setAdding] = useState(false);
  const deletion = useJobDeletion();
  const now = useNow(3_600_000);
  // the stale chips (job health, live through the same room); a failure only leaves the chips out
  const health = useQuery(jobHealthQuery());
  const healthByJob = useMemo(() => new Map((health.data?.rows ?? []).map((row) => [row.jobId, row])), [health.data]);
  // B8: the first render with cards shows the few a screen holds, the rest right after its paint
  const allShown = useAfterFirstPaint((data?.length ?? 0) > FIRST_PAINT_GRID_CARDS);
  const shown = useMemo(() => (allShown ? data : data?.slice(0, FIRST_PAINT_GRID_CARDS)), [allShown, data]);

  const [dialog, setDialog] = useState<{ action: 'post' | 'toolkit' | 'edit' | 'attach'; job: Job } | null>(null);
  const analyzeJob = useAnalyzeJob();
  const onAction = (action: JobCardAction, job: Job) => {
    if (action !== 'ai') return setDialog({ action, job });
    analyzeJob.mutate(job.id, {
      onSuccess: (result) =>
        toast({
          title: 'AI Analysis Complete',
          description: `${job.title}: ${result.requiredSkills.slice(0, 4).join(', ') || 'requirements analysed'} (confidence ${Math.round(result.confidence * 100)}%).`,
        }),
      onError: () => toast({ variant: 'destructive', title: 'Analysis Failed', description: 'Failed to analyze job requirements' }),
    });
  };

  return (
    <>
      <PageHeader
        title="Job Orders"
        subtitle="Open searches for your clients, from sourcing to placement."
        actions={
          <>
            <ButtonLink to="/jobs/pipeline" variant="outlined" color="neutral" startDecorator={<SquareKanban size={18} />}>
              Pipeline
            </ButtonLink>
            <ExportCsvButton list="jobs" filters={{ search }} />
            {canEdit && <ImportCsvButton kind="jobs" />}
            {canEdit && (
              <Button startDecorator={<Plus size={18} />} onClick={() => setAdding(true)}>
                Add Job Order
              </Button>
            )}
          </>
        }
      />
      <Box sx={{ mb: 2.5 }}>
        <SearchInput value={search} onChange={onSearchChange} placeholder="Search jobs..." label="Search jobs" />
      </Box>
      {isPending ? (
        <CardGrid aria-busy="true" aria-label="Loading job orders">
          {Array.from({ length: limits.listSkeletons }, (_, index) => (
            <JobCardSkeleton key={index} />
          ))}
        </CardGrid>
      ) : isError ? (
        <Card variant="soft" color="danger">
          <EmptyState title="Could not load job orders" description={serverMessage(error) ?? error.message} />
        </Card>
      ) : data.length === 0 ? (
        <Card variant="outlined">
          <EmptyState
            icon={<Briefcase size={28} />}
            title="No job orders found"
            description={
              search
                ? 'Try adjusting your search terms'
                : canEdit
                  ? 'Start by adding your first job order'
                  : 'No job orders have been added yet'
            }
          />
        </Card>
      ) : (
        <CardGrid aria-label="Job orders">
          {(shown ?? data).map((job) => (
            <JobCard
              key={job.id}
              job={job}
              now={now}
              health={healthByJob.get(job.id)}
              onAction={canEdit ? onAction : undefined}
              onDelete={canEdit ? deletion.askDelete : undefined}
              deleting={deletion.deletingId === job.id}
              analyzing={analyzeJob.isPending && analyzeJob.variables === job.id}
            />
          ))}
        </CardGrid>
      )}
      {canEdit && <LazyAddJobDialog open={adding} onClose={() => setAdding(false)} />}
      {canEdit && deletion.dialog}
      {canEdit && dialog && (
        <>
          <PostLinkedinDialog open={dialog.action === 'post'} onClose={() => setDialog(null)} job={dialog.job} />
          <AiToolkitDialog open={dialog.action === 'toolkit'} onClose={() => setDialog(null)} job={dialog.job} />
          <LazyEditJobDialog
            open={dialog.action === 'edit'}
            onClose={() => setDialog(null)}
            // the job as the list has it now: the open form says when someone else saved it
            job={data?.find((j) => j.id === dialog.job.id) ?? dialog.job}
          />
          <AttachCandidatesDialog
            open={dialog.action === 'attach'}
            onClose={() => setDialog(null)}
            job={{ id: dialog.job.id, name: jobName(dialog.job) }}
          />
        </>
      )}
    </>
  );
}
