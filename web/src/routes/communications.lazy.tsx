import { getRouteApi } from '@tanstack/react-router';
import { useCanEdit } from '@/features/auth';
import { CommunicationsPage } from '@/features/communications/components/communications-page';
import type { HubSearch } from '@/features/communications/utils/hub-filters';
import { useDocumentTitle } from '@/hooks/use-document-title';

const route = getRouteApi('/communications');

export function CommunicationsScreen() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const canSend = useCanEdit();
  useDocumentTitle('Communications');
  return (
    <CommunicationsPage
      search={search}
      canSend={canSend}
      onSearchChange={(next: HubSearch) => void navigate({ search: next, replace: true })}
    />
  );
}
