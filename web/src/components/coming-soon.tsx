import type { ReactNode } from 'react';
import Card from '@mui/joy/Card';
import { PageHeader } from './page-header';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { EmptyState } from './empty-state';

/** A screen that is on the route table but not built yet. */
export function ComingSoon({
  title,
  icon,
  heading,
  description,
  action,
}: {
  title: string;
  icon: ReactNode;
  heading: string;
  description: ReactNode;
  action?: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <>
      <PageHeader title={title} />
      <Card variant="outlined">
        <EmptyState icon={icon} title={heading} description={description} action={action} />
      </Card>
    </>
  );
}
