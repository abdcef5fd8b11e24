import { useState } from 'react';
import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import Card from '@mui/joy/Card';
import Skeleton from '@mui/joy/Skeleton';
import Tooltip from '@mui/joy/Tooltip';
import Typography from '@mui/joy/Typography';
import { Mail, Send } from 'lucide-react';
import type { ClientContact } from '@ats/contracts';
import { EmailSummaryRow } from '@/components/email-summary-row';
import { SendContactEmailDialog } from '@/components/lazy-dialogs';
import { RouterLink } from '@/components/router-links';
import { useClientEmails } from '../api/get-client-emails';

/** "Send email" on a contact person: the compose dialog, or disabled with the reason when there is no address. */
export function ContactEmailButton({ contact, clientName }: { contact: ClientContact; clientName: string }) {
  const [open, setOpen] = useState(false);
  const email = contact.email?.trim();
  const button = (
    <Button
      size="sm"
      variant="outlined"
      color="neutral"
      startDecorator={<Send size={14} aria-hidden />}
      disabled={!email}
      aria-label={`Send email to ${contact.name}`}
      aria-describedby={email ? undefined : `contact-${contact.id}-no-email`}
      onClick={() => setOpen(true)}
    >
      Send email
    </Button>
  );
  return (
    <>
      {email ? (
        button
      ) : (
        <Tooltip title="No e-mail address: add one to this contact to e-mail them">
          {/* a disabled button gets no hover; the span carries the tooltip and the reason is also in the text */}
          <Box component="span" sx={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'flex-end' }}>
            {button}
            <Typography id={`contact-${contact.id}-no-email`} level="body-xs" textColor="text.tertiary">
              No e-mail address
            </Typography>
          </Box>
        </Tooltip>
      )}
      {email && (
        <SendContactEmailDialog
          open={open}
          onClose={() => setOpen(false)}
          contact={{ id: contact.id, name: contact.name, email, clientName }}
        />
      )}
    </>
  );
}

/** The client page's E-mails: messages to its contact persons, newest first, each opening in the hub. */
export function ClientEmails({ clientId }: { clientId: number }) {
  const emails = useClientEmails(clientId);
  const items = emails.data?.items ?? [];
  return (
    <Card variant="outlined" component="section" aria-labelledby="client-emails-heading" sx={{ gap: 1 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
        <Typography id="client-emails-heading" level="title-lg" component="h2" startDecorator={<Mail size={18} aria-hidden />}>
          E-mails
        </Typography>
        <RouterLink to="/communications" search={{ client: clientId }} level="body-sm">
          Open in Communications
        </RouterLink>
      </Box>
      {emails.isPending ? (
        <Box aria-busy="true" aria-label="Loading e-mails">
          <Skeleton variant="text" level="body-sm" />
          <Skeleton variant="text" level="body-sm" />
        </Box>
      ) : emails.isError ? (
        <Typography level="body-sm" color="danger">
          Could not load the e-mails.
        </Typography>
      ) : items.length === 0 ? (
        <Typography level="body-sm" textColor="text.tertiary">
          No e-mails to this client&apos;s contacts yet
        </Typography>
      ) : (
        <Box component="ul" aria-label="E-mails to contacts" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {items.map((item) => (
            <EmailSummaryRow key={item.id} item={item} />
          ))}
        </Box>
      )}
    </Card>
  );
}
