import { AdministratorsOnly } from '@/components/admin-only';
import { useCurrentUser } from '@/features/auth';
import { TeamPage } from '@/features/team/components/team-page';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function TeamScreen() {
  const { data: user } = useCurrentUser();
  useDocumentTitle('Team');
  if (!user) return null;
  if (user.role !== 'admin') {
    return <AdministratorsOnly askTo="manage team members" />;
  }
  return <TeamPage currentUserId={user.id} />;
}
