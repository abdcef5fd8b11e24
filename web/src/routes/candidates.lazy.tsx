import { getRouteApi } from '@tanstack/react-router';
import { useCanEdit } from '@/features/auth';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { CandidatesPage } from '@/features/candidates/components/candidates-page';

const route = getRouteApi('/candidates');

export function CandidatesScreen() {
  const { search } = route.useSearch();
  const navigate = route.useNavigate();
  const canEdit = useCanEdit();
  useDocumentTitle('Candidates');
  return (
    <CandidatesPage
      search={search ?? ''}
      canEdit={canEdit}
      onSearchChange={(term) => void navigate({ search: (prev) => ({ ...prev, search: term || undefined }), replace: true })}
    />
  );
}
