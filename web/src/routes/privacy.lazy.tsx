import Card from '@mui/joy/Card';
import { ShieldAlert } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { useCanEdit, useCurrentUser } from '@/features/auth';
import { DuplicatesPage, RetentionPage } from '@/features/privacy';
import { useDocumentTitle } from '@/hooks/use-document-title';

const only = (who: string, what: string) => (
  <Card variant="outlined">
    <EmptyState icon={<ShieldAlert size={28} />} headingLevel="h1" title={`${who} only`} description={what} />
  </Card>
);

export function DuplicatesScreen() {
  const { data: user } = useCurrentUser();
  const canEdit = useCanEdit();
  useDocumentTitle('Possible duplicates');
  if (!user) return null;
  if (user.role === 'auditor') return only('Recruiters and administrators', 'Auditors cannot merge candidates.');
  return <DuplicatesPage canEdit={canEdit} />;
}

export function RetentionScreen() {
  const { data: user } = useCurrentUser();
  useDocumentTitle('Retention review');
  if (!user) return null;
  if (user.role !== 'admin') return only('Administrators', 'Ask an administrator to review retention.');
  return <RetentionPage />;
}
