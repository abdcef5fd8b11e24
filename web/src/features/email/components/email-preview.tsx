import Box from '@mui/joy/Box';
import Sheet from '@mui/joy/Sheet';
import Typography from '@mui/joy/Typography';
import { useWatch, type Control } from 'react-hook-form';
import { repeatsGreeting, type EmailSigner, type Job } from '@ats/contracts';
import { previewEmail, type EmailFormOutput, type EmailFormValues } from '../utils/email-form';

/**
 * The whole message as it will be sent (SPEC §5, §7): subject and body, written by the same
 * functions the server writes it with, so a note that greets again shows its second greeting.
 */
export function EmailPreviewPanel({
  control,
  candidate,
  jobs,
  signer,
}: {
  control: Control<EmailFormValues, unknown, EmailFormOutput>;
  candidate: { firstName: string; email: string } | undefined;
  jobs: readonly Job[] | undefined;
  signer: EmailSigner;
}) {
  const values = useWatch({ control }) as EmailFormValues;
  const job = values.jobId ? jobs?.find((j) => String(j.id) === values.jobId) : undefined;
  const preview = previewEmail(values, candidate, job ? { title: job.title, clientName: job.client?.companyName ?? null } : null, signer);
  return (
    <Box component="section" aria-labelledby="email-preview-title" data-testid="email-preview">
      <Typography id="email-preview-title" level="title-sm" sx={{ mb: 0.75 }}>
        Preview
      </Typography>
      <Sheet variant="soft" sx={{ borderRadius: 'sm', p: 1.5, display: 'grid', gap: 0.75 }}>
        <Typography level="body-sm">
          <Typography fontWeight="lg">To:</Typography> {preview.to || '—'}
        </Typography>
        <Typography level="body-sm" data-testid="email-preview-subject">
          <Typography fontWeight="lg">Subject:</Typography> {preview.subject || '—'}
        </Typography>
        <Typography
          level="body-sm"
          component="div"
          data-testid="email-preview-body"
          sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
        >
          {preview.text}
        </Typography>
      </Sheet>
      {repeatsGreeting(values.message ?? '') && (
        <Typography level="body-xs" sx={{ mt: 0.5 }} role="note">
          Your message starts with a greeting; the e-mail already opens with one.
        </Typography>
      )}
    </Box>
  );
}
