import { getRouteApi } from '@tanstack/react-router';
import { ClientsPage } from '@/features/clients/components/clients-page';

const route = getRouteApi('/clients');

export function ClientsScreen() {
  const { search } = route.useSearch();
  const navigate = route.useNavigate();
  return (
    <ClientsPage
      search={search ?? ''}
      onSearchChange={(term) => void navigate({ search: (prev) => ({ ...prev, search: term || undefined }), replace: true })}
    />
  );
}
