import { useCallback, useMemo } from 'react';
import { getRouteApi } from '@tanstack/react-router';
import { useCanEdit } from '@/features/auth';
import { useJobs } from '@/features/jobs/api/get-jobs';
import { PipelinePage } from '@/features/pipeline/components/pipeline-page';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { jobName } from '@/lib/attach';
import { useRealtimeRoom } from '@/lib/realtime';

const route = getRouteApi('/jobs/pipeline');

/** Composes the board with the job list (jobs feature) for its filter. */
export function PipelineScreen() {
  const { search, job } = route.useSearch();
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
  return (
    <PipelinePage
      search={search ?? ''}
      job={job}
      jobs={jobOptions}
      onSearchChange={onSearchChange}
      onJobChange={onJobChange}
      canEdit={canEdit}
      selectedJobName={selectedJob ? jobName(selectedJob) : undefined}
    />
  );
}
