import { useState } from 'react';
import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import Card from '@mui/joy/Card';
import { Building2, Plus } from 'lucide-react';
import { limits, type Client } from '@ats/contracts';
import { CardGrid } from '@/components/card-grid';
import { ExportCsvButton, ImportCsvButton } from '@/components/data-io';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { SearchInput } from '@/components/search-input';
import { serverMessage } from '@/lib/api-client';
import { useRealtimeRoom } from '@/lib/realtime';
import { useClients } from '../api/get-clients';
import { useClientDeletion } from '../hooks/use-client-deletion';
import { ClientCard, ClientCardSkeleton } from './client-card';
import { LazyKeptAddClientDialog as AddClientDialog, LazyKeptEditClientDialog as EditClientDialog } from '@/components/lazy-dialogs';

interface ClientsPageProps {
  search: string;
  onSearchChange: (search: string) => void;
  /** false for a read-only user: no Add Client and no Delete */
  canEdit: boolean;
}

/** SPEC §2.10: client companies, live through the `clients` room. */
export function ClientsPage({ search, onSearchChange, canEdit }: ClientsPageProps) {
  useRealtimeRoom('clients');
  const { data, isPending, isError, error } = useClients({ search });
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Client | null>(null);
  const deletion = useClientDeletion({ onDetailPage: false });

  return (
    <>
      <PageHeader
        title="Clients"
        subtitle="Client companies, their contacts and priorities."
        actions={
          <>
            <ExportCsvButton list="clients" filters={{ search }} />
            <ExportCsvButton list="contacts" filters={{ search }} label="Export contacts" />
            {canEdit && <ImportCsvButton kind="clients" />}
            {canEdit && (
              <Button startDecorator={<Plus size={18} />} onClick={() => setAdding(true)}>
                Add Client
              </Button>
            )}
          </>
        }
      />
      <Box sx={{ mb: 2.5 }}>
        <SearchInput value={search} onChange={onSearchChange} placeholder="Search clients..." label="Search clients" />
      </Box>
      {isPending ? (
        <CardGrid aria-busy="true" aria-label="Loading clients">
          {Array.from({ length: limits.listSkeletons }, (_, index) => (
            <ClientCardSkeleton key={index} />
          ))}
        </CardGrid>
      ) : isError ? (
        <Card variant="soft" color="danger">
          <EmptyState title="Could not load clients" description={serverMessage(error) ?? error.message} />
        </Card>
      ) : data.length === 0 ? (
        <Card variant="outlined">
          <EmptyState
            icon={<Building2 size={28} />}
            title="No clients found"
            description={
              search ? 'Try adjusting your search terms' : canEdit ? 'Start by adding your first client' : 'No clients have been added yet'
            }
          />
        </Card>
      ) : (
        <CardGrid aria-label="Clients">
          {data.map((client) => (
            <ClientCard
              key={client.id}
              client={client}
              onDelete={canEdit ? deletion.askDelete : undefined}
              deleting={deletion.deletingId === client.id}
              onEdit={canEdit ? setEditing : undefined}
            />
          ))}
        </CardGrid>
      )}
      {canEdit && <AddClientDialog open={adding} onClose={() => setAdding(false)} />}
      {canEdit && editing && (
        <EditClientDialog open client={data?.find((c) => c.id === editing.id) ?? editing} onClose={() => setEditing(null)} />
      )}
      {canEdit && deletion.dialog}
    </>
  );
}
