import Card from '@mui/joy/Card';
import { ShieldAlert } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { useCurrentUser } from '@/features/auth';
import { TeamPage } from '@/features/team/components/team-page';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function TeamScreen() {
  const { data: user } = useCurrentUser();
  useDocumentTitle('Team');
  if (!user) return null;
  if (user.role !== 'admin') {
    return (
      <Card variant="outlined">
        <EmptyState
          icon={<ShieldAlert size={28} />}
          headingLevel="h1"
          title="Administrators only"
          description="Ask an administrator to manage team members."
        />
      </Card>
    );
  }
  return <TeamPage currentUserId={user.id} />;
}
