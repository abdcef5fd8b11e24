import { getRouteApi } from '@tanstack/react-router';
import { Briefcase } from 'lucide-react';
import { DocumentTitle } from '@/components/document-title';
import { EmptyState } from '@/components/empty-state';
import { useCanEdit } from '@/features/auth';
import { JOB_NOT_FOUND, JobDetailPage } from '@/features/jobs/components/job-detail/job-detail-page';
import { FollowToggle } from '@/features/notifications';
import { AsOfBoard } from '@/features/pipeline/components/as-of-board';
import { JobBoard } from '@/features/pipeline/components/job-board';
import { useRealtimeRoom } from '@/lib/realtime';
import { parseId } from '@/lib/search-params';

const route = getRouteApi('/jobs/$id');

/** Composes the job page (jobs feature) with the job's own board (pipeline feature). */
export function JobDetailScreen() {
  const params = route.useParams();
  const { asOf } = route.useSearch();
  const navigate = route.useNavigate();
  const canEdit = useCanEdit();
  const id = parseId(params.id);
  // the board's cards are live through the pipeline room
  useRealtimeRoom(id !== undefined ? 'pipeline' : null);
  // A non-numeric id names no job.
  if (id === undefined) {
    return (
      <>
        <DocumentTitle parts={[JOB_NOT_FOUND, 'Job Orders']} />
        <EmptyState icon={<Briefcase size={28} />} title={JOB_NOT_FOUND} headingLevel="h1" />
      </>
    );
  }
  return (
    <JobDetailPage
      key={id}
      id={id}
      canEdit={canEdit}
      board={asOf ? <AsOfBoard jobId={id} asOf={asOf} /> : <JobBoard jobId={id} canEdit={canEdit} />}
      headerAction={<FollowToggle kind="job" id={id} />}
      asOf={asOf}
      onAsOfChange={(next) => void navigate({ search: (prev) => ({ ...prev, asOf: next }) })}
    />
  );
}
