import { getRouteApi } from '@tanstack/react-router';
import { useCanEdit } from '@/features/auth';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { JobsPage } from '@/features/jobs/components/jobs-page';

const route = getRouteApi('/jobs');

export function JobsScreen() {
  const { search } = route.useSearch();
  const navigate = route.useNavigate();
  const canEdit = useCanEdit();
  useDocumentTitle('Job Orders');
  return (
    <JobsPage
      search={search ?? ''}
      canEdit={canEdit}
      onSearchChange={(term) => void navigate({ search: (prev) => ({ ...prev, search: term || undefined }), replace: true })}
    />
  );
}
