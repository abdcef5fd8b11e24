import { getRouteApi } from '@tanstack/react-router';
import { useCanEdit } from '@/features/auth';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { ClientsPage } from '@/features/clients/components/clients-page';

const route = getRouteApi('/clients');

export function ClientsScreen() {
  const { search } = route.useSearch();
  const navigate = route.useNavigate();
  const canEdit = useCanEdit();
  useDocumentTitle('Clients');
  return (
    <ClientsPage
      search={search ?? ''}
      canEdit={canEdit}
      onSearchChange={(term) => void navigate({ search: (prev) => ({ ...prev, search: term || undefined }), replace: true })}
    />
  );
}
