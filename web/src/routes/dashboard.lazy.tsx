import { useCurrentUser } from '@/features/auth';
import { DashboardPage } from '@/features/dashboard/components/dashboard-page';

export function DashboardScreen() {
  const { data: user } = useCurrentUser();
  return <DashboardPage firstName={user?.firstName ?? ''} />;
}
