import { getRouteApi } from '@tanstack/react-router';
import { ActivityFeedPage } from '@/features/activity/components/activity-feed-page';
import type { ActivitySearch } from '@/features/activity/utils/feed-filters';
import { useDocumentTitle } from '@/hooks/use-document-title';

const route = getRouteApi('/activity');

export function ActivityScreen() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  useDocumentTitle('Activity');
  return <ActivityFeedPage search={search} onSearchChange={(next: ActivitySearch) => void navigate({ search: next, replace: true })} />;
}
