import { getRouteApi } from '@tanstack/react-router';
import { useCanEdit, useCurrentUser } from '@/features/auth';
import { CalendarPage } from '@/features/calendar/components/calendar-page';
import { useDocumentTitle } from '@/hooks/use-document-title';

const route = getRouteApi('/calendar');

export function CalendarScreen() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const canEdit = useCanEdit();
  const { data: me } = useCurrentUser();
  useDocumentTitle('Calendar');
  return (
    <CalendarPage
      search={search}
      meId={me?.id ?? ''}
      canEdit={canEdit}
      onSearchChange={(patch) => void navigate({ search: (prev) => ({ ...prev, ...patch }), replace: true })}
    />
  );
}
