import { getRouteApi } from '@tanstack/react-router';
import { CandidatesPage } from '@/features/candidates/components/candidates-page';

const route = getRouteApi('/candidates');

export function CandidatesScreen() {
  const { search } = route.useSearch();
  const navigate = route.useNavigate();
  return (
    <CandidatesPage
      search={search ?? ''}
      onSearchChange={(term) => void navigate({ search: (prev) => ({ ...prev, search: term || undefined }), replace: true })}
    />
  );
}
