import { useCallback, useMemo } from 'react';
import { getRouteApi } from '@tanstack/react-router';
import Button from '@mui/joy/Button';
import { Rewind } from 'lucide-react';
import { AsOfBanner, AsOfControl } from '@/components/history/as-of';
import { lazyComponent } from '@/components/lazy-dialogs';
import { useCanEdit } from '@/features/auth';
import { useJobs } from '@/features/jobs/api/get-jobs';
import { PipelinePage } from '@/features/pipeline/components/pipeline-page';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { jobName } from '@/lib/attach';
import { useRealtimeRoom } from '@/lib/realtime';

const route = getRouteApi('/jobs/pipeline');

// a past board and its replay are opened from the live one: their code is not on its first paint
const AsOfBoard = lazyComponent(() => import('@/features/pipeline/components/as-of-board').then((m) => m.AsOfBoard));
const PipelineReplay = lazyComponent(() => import('@/features/pipeline/components/pipeline-replay').then((m) => m.PipelineReplay));

/** Composes the board with the job list (jobs feature) for its filter. */
export function PipelineScreen() {
  const { search, job, asOf, replay } = route.useSearch();
  const navigate = route.useNavigate();
  const canEdit = useCanEdit();
  useRealtimeRoom('jobs');
  useDocumentTitle('Pipeline');
  const { data: jobs } = useJobs();
  const selectedJob = jobs?.find((candidate) => candidate.id === job);
  const jobOptions = useMemo(() => (jobs ?? []).map(({ id, title }) => ({ id, title })), [jobs]);
  const onSearchChange = useCallback(
    (term: string) => void navigate({ search: (prev) => ({ ...prev, search: term || undefined }), replace: true }),
    [navigate],
  );
  const onJobChange = useCallback(
    (id: number | undefined) => void navigate({ search: (prev) => ({ ...prev, job: id }), replace: true }),
    [navigate],
  );
  const toNow = () => void navigate({ search: (prev) => ({ ...prev, asOf: undefined, replay: undefined }) });
  // a past board is one job's: its events are what the server folds
  const historyActions = job ? (
    <>
      <AsOfControl value={asOf} onChange={(next) => void navigate({ search: (prev) => ({ ...prev, asOf: next, replay: undefined }) })} />
      {!replay && (
        <Button
          size="sm"
          variant="outlined"
          color="neutral"
          startDecorator={<Rewind size={16} />}
          // from a past board, the replay starts at that moment: "the weeks after it"
          onClick={() => void navigate({ search: (prev) => ({ ...prev, replay: true }) })}
        >
          Replay
        </Button>
      )}
    </>
  ) : undefined;
  const pastView =
    job && replay ? (
      <PipelineReplay jobId={job} from={asOf} onLeave={toNow} />
    ) : job && asOf ? (
      <>
        <AsOfBanner asOf={asOf} what={`the board of ${selectedJob?.title ?? 'this job'}`} onBackToNow={toNow} />
        <AsOfBoard jobId={job} asOf={asOf} headingLevel="h2" />
      </>
    ) : undefined;
  return (
    <PipelinePage
      historyActions={historyActions}
      pastView={pastView}
      canEdit={canEdit && !pastView}
      search={search ?? ''}
      job={job}
      jobs={jobOptions}
      onSearchChange={onSearchChange}
      onJobChange={onJobChange}
      selectedJobName={selectedJob ? jobName(selectedJob) : undefined}
    />
  );
}
