import { getRouteApi } from '@tanstack/react-router';
import { useCanEdit, useCurrentUser } from '@/features/auth';
import { TasksPage } from '@/features/tasks/components/tasks-page';
import type { TasksSearch } from '@/features/tasks/utils/task-filters';
import { useDocumentTitle } from '@/hooks/use-document-title';

const route = getRouteApi('/tasks');

export function TasksScreen() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const canEdit = useCanEdit();
  const { data: user } = useCurrentUser();
  useDocumentTitle('Tasks');
  if (!user) return null;
  return (
    <TasksPage
      search={search}
      onSearchChange={(next: TasksSearch) => void navigate({ search: next, replace: true })}
      canEdit={canEdit}
      userId={user.id}
    />
  );
}
