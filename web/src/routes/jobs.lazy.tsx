import { getRouteApi } from '@tanstack/react-router';
import { JobsPage } from '@/features/jobs/components/jobs-page';

const route = getRouteApi('/jobs');

export function JobsScreen() {
  const { search } = route.useSearch();
  const navigate = route.useNavigate();
  return (
    <JobsPage
      search={search ?? ''}
      onSearchChange={(term) => void navigate({ search: (prev) => ({ ...prev, search: term || undefined }), replace: true })}
    />
  );
}
