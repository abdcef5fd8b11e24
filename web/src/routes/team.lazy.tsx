import { RoleOnly } from '@/components/role-only';
import { useCurrentUser } from '@/features/auth';
import { TeamPage } from '@/features/team/components/team-page';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function TeamScreen() {
  const { data: user } = useCurrentUser();
  useDocumentTitle('Team');
  if (!user) return null;
  if (user.role !== 'admin') {
    return <RoleOnly who="Administrators" description="Ask an administrator to manage team members." />;
  }
  return <TeamPage currentUserId={user.id} />;
}
