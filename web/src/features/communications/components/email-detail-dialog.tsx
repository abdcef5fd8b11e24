import Alert from '@mui/joy/Alert';
import Box from '@mui/joy/Box';
import Chip from '@mui/joy/Chip';
import CircularProgress from '@mui/joy/CircularProgress';
import DialogContent from '@mui/joy/DialogContent';
import DialogTitle from '@mui/joy/DialogTitle';
import Modal from '@mui/joy/Modal';
import ModalClose from '@mui/joy/ModalClose';
import ModalDialog from '@mui/joy/ModalDialog';
import Sheet from '@mui/joy/Sheet';
import Typography from '@mui/joy/Typography';
import { Paperclip } from 'lucide-react';
import { EMAIL_TEMPLATE_INFO, EMAIL_TEMPLATE_NAMES, type CommunicationListItem } from '@ats/contracts';
import { RouterLink } from '@/components/router-links';
import { serverMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useCommunication } from '../api/get-communications';

const templateLabel = (template: string | null | undefined) =>
  template && (EMAIL_TEMPLATE_NAMES as readonly string[]).includes(template)
    ? EMAIL_TEMPLATE_INFO[template as (typeof EMAIL_TEMPLATE_NAMES)[number]].label
    : 'None';

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '130px 1fr' }, gap: { xs: 0, sm: 1 } }}>
      <Typography component="dt" level="body-sm" textColor="text.tertiary">
        {label}
      </Typography>
      <Typography component="dd" level="body-sm" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** The recipient with a link to the record: the candidate, or the contact's client page. */
function Recipient({ item }: { item: CommunicationListItem }) {
  const address = item.recipientAddress ? ` <${item.recipientAddress}>` : '';
  if (item.recipientType === 'candidate' && item.recipientId !== null && item.recipientName)
    return (
      <>
        <RouterLink to="/candidates/$id" params={{ id: String(item.recipientId) }}>
          {item.recipientName}
        </RouterLink>
        {address} · candidate
      </>
    );
  if (item.recipientType === 'contact' && item.clientId)
    return (
      <>
        {item.recipientName ?? 'A former contact'}
        {address} · contact at{' '}
        <RouterLink to="/clients/$id" params={{ id: String(item.clientId) }}>
          {item.clientName ?? 'a deleted client'}
        </RouterLink>
      </>
    );
  return <>{item.recipientAddress ?? 'Unknown recipient'}</>;
}

/** One e-mail, whole: the message as sent, who it went to and from, when, and how it was delivered. */
export function EmailDetailDialog({ id, onClose }: { id: number | undefined; onClose: () => void }) {
  const email = useCommunication(id);
  const item = email.data;
  const attachments = item?.attachments ?? [];
  return (
    <Modal open={id !== undefined} onClose={onClose}>
      <ModalDialog aria-labelledby="email-detail-title" sx={{ width: 'min(720px, calc(100vw - 24px))', overflowY: 'auto' }}>
        <ModalClose aria-label="Close" />
        <DialogTitle id="email-detail-title" component="h2" sx={{ pr: 4, overflowWrap: 'anywhere' }}>
          {item ? item.subject || '(no subject)' : 'E-mail'}
        </DialogTitle>
        <DialogContent>
          {email.isPending ? (
            <Box role="status" sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
              <CircularProgress size="sm" />
              <Typography level="body-sm">Loading e-mail...</Typography>
            </Box>
          ) : email.isError || !item ? (
            <Typography color="danger">{serverMessage(email.error) ?? 'Could not load the e-mail.'}</Typography>
          ) : (
            <Box sx={{ display: 'grid', gap: 2 }}>
              {!item.delivered && (
                <Alert color="warning" variant="soft" data-testid="outbox-note">
                  Kept in the local outbox, not delivered.
                </Alert>
              )}
              <Box component="dl" sx={{ m: 0, display: 'grid', gap: 0.75 }}>
                <Row label="To">
                  <Recipient item={item} />
                </Row>
                {(item.recipientType === 'candidate' || item.recipientType === 'contact') && item.recipientId !== null && (
                  <Row label="History">
                    <RouterLink to="/communications" search={{ recipientKind: item.recipientType, recipient: item.recipientId }}>
                      All e-mails to {item.recipientName ?? 'this recipient'}
                    </RouterLink>
                  </Row>
                )}
                <Row label="From">{item.senderName}</Row>
                <Row label="Recorded">{formatDateTime(item.createdAt)}</Row>
                {item.sentAt && <Row label="Sent">{formatDateTime(item.sentAt)}</Row>}
                <Row label="Template">{templateLabel(item.template)}</Row>
                <Row label="Delivery">
                  <Chip size="sm" variant="soft" color={item.delivered ? 'success' : 'warning'}>
                    {item.delivered ? 'Delivered' : 'Outbox'}
                  </Chip>{' '}
                  {item.provider === 'postmark' ? 'Postmark' : item.provider === 'outbox' ? 'Local outbox' : '—'}
                  {item.providerMessageId ? ` · message id ${item.providerMessageId}` : ''}
                </Row>
                {attachments.length > 0 && (
                  <Row label="Attachments">
                    <Box component="ul" aria-label="Attachments" sx={{ m: 0, p: 0, listStyle: 'none' }}>
                      {attachments.map((a) => (
                        <Box component="li" key={a.name} sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
                          <Paperclip size={14} aria-hidden /> {a.name}
                        </Box>
                      ))}
                    </Box>
                  </Row>
                )}
              </Box>
              <Sheet variant="soft" sx={{ borderRadius: 'sm', p: 2 }}>
                <Typography
                  level="body-sm"
                  component="div"
                  data-testid="email-body"
                  sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                >
                  {item.content ?? ''}
                </Typography>
              </Sheet>
            </Box>
          )}
        </DialogContent>
      </ModalDialog>
    </Modal>
  );
}
