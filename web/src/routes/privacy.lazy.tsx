import { RoleOnly } from '@/components/role-only';
import { useCanEdit, useCurrentUser } from '@/features/auth';
import { DuplicatesPage, RetentionPage } from '@/features/privacy';
import { useDocumentTitle } from '@/hooks/use-document-title';

const only = (who: string, description: string) => <RoleOnly who={who} description={description} />;

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
