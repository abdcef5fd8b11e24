import Card from '@mui/joy/Card';
import { ShieldAlert } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';

/** What a screen for administrators shows anyone else: who to ask, and for what ("manage team members"). */
export function AdministratorsOnly({ askTo }: { askTo: string }) {
  return (
    <Card variant="outlined">
      <EmptyState
        icon={<ShieldAlert size={28} />}
        headingLevel="h1"
        title="Administrators only"
        description={`Ask an administrator to ${askTo}.`}
      />
    </Card>
  );
}
