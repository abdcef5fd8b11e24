import Card from '@mui/joy/Card';
import { ShieldX } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { formatDateTime } from '@/lib/format';

/** What a record's page shows once its person was erased. */
export function ErasedNotice({ what, erasedAt }: { what: 'candidate' | 'contact'; erasedAt: string }) {
  return (
    <Card variant="outlined" data-testid="erased-notice">
      <EmptyState
        icon={<ShieldX size={28} />}
        headingLevel="h1"
        title="Personal data erased"
        description={`This ${what}'s personal data was erased on ${formatDateTime(erasedAt)}. The audit log keeps the events, reading "[erased]" where the data was.`}
      />
    </Card>
  );
}
