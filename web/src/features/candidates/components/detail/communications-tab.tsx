import Box from '@mui/joy/Box';
import Card from '@mui/joy/Card';
import Chip from '@mui/joy/Chip';
import Skeleton from '@mui/joy/Skeleton';
import Typography from '@mui/joy/Typography';
import { formatDateTime, titleCase } from '@/lib/format';
import { useCandidateCommunications } from '../../api/get-candidate-communications';

/** SPEC §2.7 Communications: subject, type, content and time. */
export function CommunicationsTab({ candidateId }: { candidateId: number }) {
  const { data, isPending, isError } = useCandidateCommunications(candidateId);
  if (isPending) {
    return (
      <Card variant="soft" role="status" aria-busy="true" aria-label="Loading communications">
        <Skeleton variant="text" level="title-sm" width="40%" />
        <Skeleton variant="text" level="body-sm" width="90%" />
      </Card>
    );
  }
  if (isError) return <Typography color="danger">Could not load communications.</Typography>;
  if (data.length === 0) {
    return (
      <Typography textColor="text.tertiary" sx={{ py: 4, textAlign: 'center' }}>
        No communications yet
      </Typography>
    );
  }
  return (
    <Box component="ul" aria-label="Communications" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
      {data.map((item) => (
        <Card key={item.id} component="li" variant="outlined" sx={{ gap: 0.75 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography level="title-sm" sx={{ flex: 1, minWidth: 0 }}>
              {item.subject || '(no subject)'}
            </Typography>
            <Chip size="sm" variant="soft">
              {titleCase(item.type)}
            </Chip>
            {item.type === 'email' && !item.delivered && (
              <Chip size="sm" variant="soft" color="warning" title="Recorded in the outbox; no e-mail provider sent it">
                Not delivered (outbox)
              </Chip>
            )}
            <Typography level="body-xs" textColor="text.tertiary" component="time" dateTime={item.sentAt ?? item.createdAt}>
              {formatDateTime(item.sentAt ?? item.createdAt)}
            </Typography>
          </Box>
          {item.recipientAddress && (
            <Typography level="body-xs" textColor="text.tertiary">
              To {item.recipientAddress}
            </Typography>
          )}
          {item.content && (
            <Typography level="body-sm" textColor="text.secondary" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
              {item.content}
            </Typography>
          )}
        </Card>
      ))}
    </Box>
  );
}
