import { useState, type ReactNode } from 'react';
import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import Card from '@mui/joy/Card';
import Chip from '@mui/joy/Chip';
import CircularProgress from '@mui/joy/CircularProgress';
import IconButton from '@mui/joy/IconButton';
import Link from '@mui/joy/Link';
import Typography from '@mui/joy/Typography';
import { ArrowLeft, Building2, Mail, Pencil, Phone, Plus, Trash2, UserRound, Users } from 'lucide-react';
import { messages } from '@ats/contracts';
import { EmptyState } from '@/components/empty-state';
import { ButtonLink } from '@/components/router-links';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { isApiError, serverMessage } from '@/lib/api-client';
import { formatDate, titleCase, websiteHref } from '@/lib/format';
import { PresenceAvatars } from '@/components/presence';
import { useRealtimeRoom } from '@/lib/realtime';
import { AsOfBanner, AsOfControl } from '@/components/history/as-of';
import { RecordHistory } from '@/components/history/record-history';
import { useClient } from '../api/get-client';
import { useClientDeletion, useContactDeletion } from '../hooks/use-client-deletion';
import { CLIENT_PRIORITY_COLOR, CLIENT_STATUS_COLOR } from '../utils/client-style';
import { ClientEmails, ContactEmailButton } from './client-emails';
import { LazyKeptAddContactDialog as AddContactDialog, LazyKeptEditClientDialog as EditClientDialog } from '@/components/lazy-dialogs';
import { RecordTasksSection } from '@/components/tasks/record-tasks-section';

const backButton = (
  <ButtonLink to="/clients" variant="outlined" color="neutral" size="sm" startDecorator={<ArrowLeft size={16} />}>
    Back to Clients
  </ButtonLink>
);

/**
 * SPEC §2.11: company information and contact persons, live through `client:<id>`. A read-only
 * user (`canEdit` false) gets no Delete Client, Add Contact or contact delete.
 */
export function ClientDetailPage({
  id,
  canEdit: mayEdit,
  asOf,
  onAsOfChange,
  contactAction,
  jobOrders,
}: {
  id: number;
  canEdit: boolean;
  /** composed by the route: the client's job orders with Add Job Order (not shown for a past moment) */
  jobOrders?: (client: { id: number; companyName: string; canEdit: boolean }) => ReactNode;
  /** composed by the route: a contact's extra action (the admins' privacy menu) */
  contactAction?: (contact: { id: number; name: string }) => ReactNode;
  /** an ISO time: the client as it was then, read-only (issue 14) */
  asOf?: string | undefined;
  onAsOfChange?: (asOf: string | undefined) => void;
}) {
  useRealtimeRoom(`client:${id}`);
  const { data: client, isPending, isError, error } = useClient(id, asOf);
  const past = asOf !== undefined;
  const canEdit = mayEdit && !past;
  const banner = past && <AsOfBanner asOf={asOf} what="this client" onBackToNow={() => onAsOfChange?.(undefined)} />;
  const [addingContact, setAddingContact] = useState(false);
  const clientDeletion = useClientDeletion({ onDetailPage: true });
  const contactDeletion = useContactDeletion(id);
  const [editing, setEditing] = useState(false);
  const missing = (!isPending && !isError && !client) || (isError && isApiError(error) && error.status === 404);
  useDocumentTitle(client?.companyName ?? (missing ? messages.clientNotFound : undefined), 'Clients');

  if (isPending) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 12, gap: 2 }} role="status">
        <CircularProgress />
        <Typography textColor="text.secondary">Loading client...</Typography>
      </Box>
    );
  }
  if (isError || !client) {
    const notFound = !isError || (isApiError(error) && error.status === 404);
    return (
      <>
        <Box sx={{ mb: 2 }}>{backButton}</Box>
        {banner}
        <Card variant="outlined">
          <EmptyState
            icon={<Building2 size={28} />}
            headingLevel="h1"
            title={notFound ? messages.clientNotFound : 'Could not load client'}
            description={
              notFound ? (past ? 'The client did not exist at that moment.' : undefined) : (serverMessage(error) ?? error?.message)
            }
          />
        </Card>
      </>
    );
  }

  const contacts = client.contacts;

  return (
    <>
      <Box sx={{ mb: 2, display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'space-between' }}>
        {backButton}
        {onAsOfChange && <AsOfControl value={asOf} onChange={onAsOfChange} />}
      </Box>
      {banner}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 3 }}>
        <Box
          aria-hidden
          sx={{
            width: 56,
            height: 56,
            borderRadius: 'lg',
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'primary.softBg',
            color: 'primary.softColor',
          }}
        >
          <Building2 size={28} />
        </Box>
        <Box sx={{ flex: 1, minWidth: 200 }}>
          <Typography level="h2" component="h1" sx={{ fontSize: { xs: 'xl2', md: 'xl3' } }}>
            {client.companyName}
          </Typography>
          {client.industry && <Typography textColor="text.secondary">{client.industry}</Typography>}
        </Box>
        {!past && <PresenceAvatars place={`client:${id}`} />}
        {canEdit && (
          <Button variant="outlined" color="neutral" startDecorator={<Pencil size={16} />} onClick={() => setEditing(true)}>
            Edit Client
          </Button>
        )}
        {canEdit && (
          <Button variant="outlined" color="danger" startDecorator={<Trash2 size={16} />} onClick={() => clientDeletion.askDelete(client)}>
            Delete Client
          </Button>
        )}
      </Box>

      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(0, 3fr)' },
          alignItems: 'start',
        }}
      >
        <Card variant="outlined" component="section" aria-labelledby="company-info-heading" sx={{ gap: 2 }}>
          <Typography id="company-info-heading" level="title-lg" component="h2">
            Company Information
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Chip variant="soft" color={CLIENT_PRIORITY_COLOR[client.priority] ?? 'neutral'} data-testid="client-priority">
              {client.priority.toUpperCase()} Priority
            </Chip>
            <Chip variant="soft" color={CLIENT_STATUS_COLOR[client.status] ?? 'neutral'} data-testid="client-status">
              {titleCase(client.status)}
            </Chip>
          </Box>
          <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1.5 }}>
            <Info label="Industry">{client.industry}</Info>
            <Info label="Website">
              {client.website && (
                <Link href={websiteHref(client.website)} target="_blank" rel="noreferrer">
                  {client.website}
                </Link>
              )}
            </Info>
            <Info label="Address">{client.address}</Info>
            <Info label="Description">{client.description}</Info>
            <Info label="Notes">{client.notes}</Info>
            <Info label="Added">{formatDate(client.createdAt)}</Info>
          </Box>
        </Card>

        <Card variant="outlined" component="section" aria-labelledby="contacts-heading" sx={{ gap: 2 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
            <Typography id="contacts-heading" level="title-lg" component="h2" startDecorator={<Users size={18} aria-hidden />}>
              Contact Persons ({contacts.length})
            </Typography>
            {canEdit && (
              <Button size="sm" startDecorator={<Plus size={16} />} onClick={() => setAddingContact(true)}>
                Add Contact
              </Button>
            )}
          </Box>
          {contacts.length === 0 ? (
            <Typography textColor="text.tertiary" sx={{ py: 4, textAlign: 'center' }}>
              No contacts yet
            </Typography>
          ) : (
            <Box component="ul" aria-label="Contact persons" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
              {contacts.map((contact) => (
                <Card
                  key={contact.id}
                  component="li"
                  variant="soft"
                  data-testid={`contact-${contact.id}`}
                  sx={{ gap: 0.5, flexDirection: 'row', flexWrap: 'wrap', alignItems: 'flex-start' }}
                >
                  <Box sx={{ flex: '1 1 12rem', minWidth: 0, display: 'grid', gap: 0.5 }}>
                    <Typography
                      level="title-md"
                      startDecorator={<UserRound size={16} aria-hidden />}
                      endDecorator={
                        contact.isPrimary ? (
                          <Chip size="sm" color="primary" variant="solid">
                            Primary
                          </Chip>
                        ) : undefined
                      }
                    >
                      {contact.name}
                    </Typography>
                    {contact.title && (
                      <Typography level="body-sm" textColor="text.secondary">
                        {contact.title}
                      </Typography>
                    )}
                    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
                      {contact.email && (
                        <Link level="body-sm" href={`mailto:${contact.email}`} startDecorator={<Mail size={14} aria-hidden />}>
                          {contact.email}
                        </Link>
                      )}
                      {contact.phone && (
                        <Link level="body-sm" href={`tel:${contact.phone}`} startDecorator={<Phone size={14} aria-hidden />}>
                          {contact.phone}
                        </Link>
                      )}
                    </Box>
                    {contact.notes && (
                      <Typography
                        level="body-sm"
                        textColor="text.tertiary"
                        sx={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
                      >
                        {contact.notes}
                      </Typography>
                    )}
                  </Box>
                  {canEdit && <ContactEmailButton contact={contact} clientName={client.companyName} />}
                  {!past && contactAction?.(contact)}
                  {canEdit && (
                    <IconButton
                      size="sm"
                      variant="plain"
                      color="danger"
                      aria-label={`Delete contact ${contact.name}`}
                      disabled={contactDeletion.deletingId === contact.id}
                      onClick={() => contactDeletion.askDelete(contact)}
                    >
                      <Trash2 size={16} />
                    </IconButton>
                  )}
                </Card>
              ))}
            </Box>
          )}
        </Card>
      </Box>
      {/* today's lists: not shown for a past moment */}
      {!past && jobOrders && <Box sx={{ mt: 3 }}>{jobOrders({ id, companyName: client.companyName, canEdit })}</Box>}
      {!past && (
        <Box sx={{ mt: 3 }}>
          <RecordTasksSection related={{ kind: 'client', id, label: client.companyName }} canEdit={canEdit} />
        </Box>
      )}
      {!past && (
        <Box sx={{ mt: 3 }}>
          <ClientEmails clientId={id} />
        </Box>
      )}
      <Box component="section" aria-labelledby="client-history-heading" sx={{ mt: 3, display: 'grid', gap: 1.5 }}>
        <Typography id="client-history-heading" level="title-lg" component="h2">
          History
        </Typography>
        <RecordHistory kind="client" id={id} label={`History of ${client.companyName}`} asOf={asOf} />
      </Box>
      {canEdit && <AddContactDialog clientId={id} open={addingContact} onClose={() => setAddingContact(false)} />}
      {canEdit && clientDeletion.dialog}
      {canEdit && contactDeletion.dialog}
      {canEdit && <EditClientDialog client={client} open={editing} onClose={() => setEditing(false)} />}
    </>
  );
}

function Info({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: '110px 1fr', gap: 1 }}>
      <Typography component="dt" level="body-sm" textColor="text.tertiary">
        {label}
      </Typography>
      <Typography component="dd" level="body-sm" sx={{ m: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
        {children || (
          <Box component="span" sx={{ color: 'text.tertiary' }}>
            —
          </Box>
        )}
      </Typography>
    </Box>
  );
}
