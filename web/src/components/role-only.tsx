import Card from '@mui/joy/Card';
import { ShieldAlert } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';

/**
 * What a screen for some roles shows everyone else: whom it is for ("Administrators") and what to
 * do instead. Team, Backups, Audit, Duplicates and Retention use it.
 */
export function RoleOnly({ who, description }: { who: string; description: string }) {
  return (
    <Card variant="outlined">
      <EmptyState icon={<ShieldAlert size={28} />} headingLevel="h1" title={`${who} only`} description={description} />
    </Card>
  );
}
