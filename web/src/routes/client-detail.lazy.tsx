import { getRouteApi } from '@tanstack/react-router';
import { Building2 } from 'lucide-react';
import { messages } from '@ats/contracts';
import { EmptyState } from '@/components/empty-state';
import { useCanEdit } from '@/features/auth';
import { DocumentTitle } from '@/components/document-title';
import { ClientDetailPage } from '@/features/clients/components/client-detail-page';
import { ClientJobOrders } from '@/features/jobs/components/client-job-orders';
import { useCurrentUser } from '@/features/auth';
import { PrivacyMenu } from '@/features/privacy/components/privacy-menu';
import { toast } from '@/components/toast';
import { parseId } from '@/lib/search-params';

const route = getRouteApi('/clients/$id');

export function ClientDetailScreen() {
  const params = route.useParams();
  const { asOf } = route.useSearch();
  const navigate = route.useNavigate();
  const canEdit = useCanEdit();
  const { data: user } = useCurrentUser();
  const id = parseId(params.id);
  // A non-numeric id names no client.
  if (id === undefined) {
    return (
      <>
        <DocumentTitle parts={[messages.clientNotFound, 'Clients']} />
        <EmptyState icon={<Building2 size={28} />} title={messages.clientNotFound} headingLevel="h1" />
      </>
    );
  }
  return (
    <ClientDetailPage
      key={id}
      id={id}
      canEdit={canEdit}
      jobOrders={(client) => <ClientJobOrders clientId={client.id} clientName={client.companyName} canEdit={client.canEdit} />}
      contactAction={
        user?.role === 'admin'
          ? (contact) => (
              <PrivacyMenu
                kind="contact"
                id={contact.id}
                name={contact.name}
                onErased={() => toast({ title: 'Personal data erased', description: `${contact.name} was erased for good.` })}
              />
            )
          : undefined
      }
      asOf={asOf}
      onAsOfChange={(next) => void navigate({ search: (prev) => ({ ...prev, asOf: next }) })}
    />
  );
}
