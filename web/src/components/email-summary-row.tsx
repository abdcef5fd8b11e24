import Box from '@mui/joy/Box';
import Chip from '@mui/joy/Chip';
import Typography from '@mui/joy/Typography';
import { Paperclip } from 'lucide-react';
import type { CommunicationListItem } from '@ats/contracts';
import { formatDateTime } from '@/lib/format';
import { RouterLink } from './router-links';
import { VisuallyHidden } from './visually-hidden';

/** Who an e-mail went to, in words: the person's name (and client), else the address. */
export function recipientLabel(item: Pick<CommunicationListItem, 'recipientName' | 'clientName' | 'recipientAddress'>): string {
  const name = item.recipientName ?? item.recipientAddress ?? 'Unknown recipient';
  return item.clientName ? `${name} (${item.clientName})` : name;
}

/**
 * One e-mail in a list (the hub, a client's E-mails): subject linking to the message in the hub,
 * recipient, sender, time and whether it was delivered or kept in the outbox.
 */
export function EmailSummaryRow({
  item,
  showRecipient = true,
  onOpen,
}: {
  item: CommunicationListItem;
  showRecipient?: boolean;
  /** open the message in place (the hub) instead of following the link; modified clicks still follow it */
  onOpen?: (id: number) => void;
}) {
  const attachments = item.attachments ?? [];
  return (
    <Box
      component="li"
      data-testid={`email-${item.id}`}
      sx={{ display: 'grid', gridTemplateColumns: '1fr auto', gap: 0.5, py: 1.25, borderBottom: '1px solid', borderColor: 'divider' }}
    >
      <Box sx={{ minWidth: 0 }}>
        <RouterLink
          to="/communications"
          search={{ open: item.id }}
          level="title-sm"
          sx={{ overflowWrap: 'anywhere' }}
          onClick={(event) => {
            if (!onOpen || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
            event.preventDefault();
            onOpen(item.id);
          }}
        >
          {item.subject || '(no subject)'}
        </RouterLink>
        <Typography level="body-xs" textColor="text.secondary">
          {showRecipient ? `To ${recipientLabel(item)} · ` : ''}by {item.senderName} · {formatDateTime(item.createdAt)}
          {attachments.length > 0 && (
            <Box component="span" sx={{ ml: 0.75, display: 'inline-flex', alignItems: 'center', gap: 0.25 }}>
              <Paperclip size={12} aria-hidden /> {attachments.length}
              <VisuallyHidden>{attachments.length === 1 ? ' attachment' : ' attachments'}</VisuallyHidden>
            </Box>
          )}
        </Typography>
      </Box>
      <Chip size="sm" variant="soft" color={item.delivered ? 'success' : 'warning'} sx={{ alignSelf: 'center' }}>
        {item.delivered ? 'Delivered' : 'Outbox'}
      </Chip>
    </Box>
  );
}
