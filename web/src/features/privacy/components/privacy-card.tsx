import { useState } from 'react';
import Alert from '@mui/joy/Alert';
import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import Card from '@mui/joy/Card';
import Typography from '@mui/joy/Typography';
import { serverMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { lazyComponent } from '@/components/lazy-dialogs';
import { useCandidatePrivacy } from '../api/consent';
import { BASIS_LABELS, CONSENT_STATE_LABELS } from '../utils/labels';

// B8: the consent form (with the contracts' consent schemas, so zod) loads on open, so a
// candidate's page does not load the forms' code before its first paint
const ConsentDialog = lazyComponent(() => import('./consent-dialog').then((m) => m.ConsentDialog));

/** The candidate's lawful basis, consent state, source and date (GDPR Art. 6/7), with an edit dialog. */
export function PrivacyCard({ candidateId, canEdit }: { candidateId: number; canEdit: boolean }) {
  const { data, isPending, isError, error } = useCandidatePrivacy(candidateId);
  const [editing, setEditing] = useState(false);
  const consent = data?.consent ?? null;
  const row = (label: string, value: string) => (
    <>
      <Typography level="body-sm" textColor="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography level="body-sm" component="dd" sx={{ m: 0 }}>
        {value}
      </Typography>
    </>
  );
  return (
    <Card variant="outlined" component="section" aria-labelledby="privacy-heading" sx={{ gap: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography id="privacy-heading" level="title-lg" component="h2">
          Privacy
        </Typography>
        {canEdit && data && (
          <Button size="sm" variant="outlined" color="neutral" onClick={() => setEditing(true)}>
            {consent ? 'Edit consent' : 'Record consent'}
          </Button>
        )}
      </Box>
      {isPending ? (
        <Typography level="body-sm" role="status">
          Loading privacy details...
        </Typography>
      ) : isError ? (
        <Alert color="danger">{serverMessage(error) ?? error.message}</Alert>
      ) : (
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}>
          {row('Lawful basis', consent ? BASIS_LABELS[consent.basis] : 'Not recorded')}
          {row('Consent', consent ? CONSENT_STATE_LABELS[consent.state] : 'Not recorded')}
          {consent && row('Source', consent.source)}
          {consent && row('Date', formatDate(consent.recordedAt))}
          {row('Last activity', formatDate(data.lastActivityAt))}
          {data.retainedUntil && row('Kept until', formatDate(data.retainedUntil))}
        </Box>
      )}
      {editing && data && (
        <ConsentDialog
          candidateId={candidateId}
          initial={consent ? { basis: consent.basis, state: consent.state, source: consent.source, note: consent.note ?? '' } : null}
          onClose={() => setEditing(false)}
        />
      )}
    </Card>
  );
}
