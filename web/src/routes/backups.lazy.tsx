import Card from '@mui/joy/Card';
import { ShieldAlert } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { useCurrentUser } from '@/features/auth';
import { BackupsPage } from '@/features/backups/components/backups-page';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function BackupsScreen() {
  const { data: user } = useCurrentUser();
  useDocumentTitle('Backups');
  if (!user) return null;
  if (user.role !== 'admin') {
    return (
      <Card variant="outlined">
        <EmptyState
          icon={<ShieldAlert size={28} />}
          headingLevel="h1"
          title="Administrators only"
          description="Ask an administrator to take or restore a backup."
        />
      </Card>
    );
  }
  return <BackupsPage />;
}
