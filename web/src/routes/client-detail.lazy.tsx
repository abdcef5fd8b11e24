import { getRouteApi } from '@tanstack/react-router';
import { Building2 } from 'lucide-react';
import { IdParamSchema, messages } from '@ats/contracts';
import { EmptyState } from '@/components/empty-state';
import { useCanEdit } from '@/features/auth';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { ClientDetailPage } from '@/features/clients/components/client-detail-page';

const route = getRouteApi('/clients/$id');

export function ClientDetailScreen() {
  const params = route.useParams();
  const canEdit = useCanEdit();
  const parsed = IdParamSchema.safeParse(params);
  useDocumentTitle(parsed.success ? undefined : messages.clientNotFound, 'Clients');
  // A non-numeric id names no client.
  if (!parsed.success) return <EmptyState icon={<Building2 size={28} />} title={messages.clientNotFound} headingLevel="h1" />;
  return <ClientDetailPage key={parsed.data.id} id={parsed.data.id} canEdit={canEdit} />;
}
