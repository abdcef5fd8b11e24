import Box from '@mui/joy/Box';
import Card from '@mui/joy/Card';
import Chip from '@mui/joy/Chip';
import Sheet from '@mui/joy/Sheet';
import Typography from '@mui/joy/Typography';
import { EMAIL_TEMPLATE_AUDIENCE, EMAIL_TEMPLATE_INFO, EMAIL_TEMPLATE_NAMES, renderEmail, type EmailTemplateName } from '@ats/contracts';
import { useHubSigner } from '../api/sender-team';

/** The sample a preview is written with: a job at a client, and a line of notes. */
const SAMPLE_JOB = { title: 'Chief Financial Officer', clientName: 'Northwind Capital' };
const SAMPLE_NOTES: Record<EmailTemplateName, string> = {
  candidate_outreach: 'Would you be open to a confidential conversation this week?',
  interview_schedule: 'Would Tuesday at 10:00 or Wednesday at 14:00 suit you?',
  client_update: 'We have three finalists and expect to present them by Friday.',
  follow_up: 'Please let me know if you have any questions.',
  custom: 'Your own message, written in full.',
  candidate_submittal: 'Ada led two IPOs and a turnaround at a listed fintech; her resume is attached.',
};
const AUDIENCE_LABEL = { candidate: 'For candidates', client: 'For client contacts', any: 'For anyone' } as const;

/** Every template with its subject and a preview written by the function the server sends with, on sample data. */
export function TemplatesTab() {
  const signer = useHubSigner();
  return (
    <Box
      component="ul"
      aria-label="E-mail templates"
      sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}
    >
      {EMAIL_TEMPLATE_NAMES.map((name) => {
        const audience = EMAIL_TEMPLATE_AUDIENCE[name];
        const info = EMAIL_TEMPLATE_INFO[name];
        const preview = renderEmail({
          template: name,
          job: name === 'custom' || name === 'follow_up' ? null : SAMPLE_JOB,
          recipientName: audience === 'client' ? 'Jordan' : 'Alex',
          message: SAMPLE_NOTES[name],
          ...signer,
        });
        return (
          <Card key={name} component="li" variant="outlined" data-testid={`template-${name}`} aria-labelledby={`template-${name}-title`}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
              <Typography id={`template-${name}-title`} level="title-md" component="h2">
                {info.label}
              </Typography>
              <Chip size="sm" variant="soft">
                {AUDIENCE_LABEL[audience]}
              </Chip>
            </Box>
            <Typography level="body-sm">
              <Typography fontWeight="lg">Subject:</Typography> {info.subject || 'Written by the sender'}
            </Typography>
            <Sheet variant="soft" sx={{ borderRadius: 'sm', p: 1.5 }}>
              <Typography level="body-xs" textColor="text.tertiary" sx={{ mb: 0.5 }}>
                Preview with sample data
              </Typography>
              <Typography
                level="body-sm"
                component="div"
                data-testid="template-preview"
                sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
              >
                {preview.text}
              </Typography>
            </Sheet>
          </Card>
        );
      })}
    </Box>
  );
}
