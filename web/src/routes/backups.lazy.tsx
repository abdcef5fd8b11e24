import { RoleOnly } from '@/components/role-only';
import { useCurrentUser } from '@/features/auth';
import { BackupsPage } from '@/features/backups/components/backups-page';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function BackupsScreen() {
  const { data: user } = useCurrentUser();
  useDocumentTitle('Backups');
  if (!user) return null;
  if (user.role !== 'admin') {
    return <RoleOnly who="Administrators" description="Ask an administrator to take or restore a backup." />;
  }
  return <BackupsPage />;
}
