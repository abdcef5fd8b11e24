import type { ReactNode } from 'react';
import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import Card from '@mui/joy/Card';
import Chip from '@mui/joy/Chip';
import Divider from '@mui/joy/Divider';
import Skeleton from '@mui/joy/Skeleton';
import Typography from '@mui/joy/Typography';
import { useAtomValue } from 'jotai';
import { Bot, CheckCircle2, Mail, RefreshCw, XCircle } from 'lucide-react';
import { PageHeader } from '@/components/page-header';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { toast } from '@/components/toast';
import { serverMessage } from '@/lib/api-client';
import { engineLabel, lastAiEngineAtom } from '@/lib/ai-engine';
import { useEmailTest } from '../api/email-test';

/**
 * SPEC §2.15 lists SMTP host, port, user, password, from address and from name. This server
 * sends through Postmark's HTTPS API, where one server token takes the place of the SMTP host,
 * port, user and password; these are the settings it really reads.
 */
const EMAIL_SETTINGS = [
  ['POSTMARK_SERVER_TOKEN', 'Server token (in place of SMTP host, port, user and password)'],
  ['EMAIL_FROM', 'From address (a verified sender)'],
  ['EMAIL_FROM_NAME', 'From name (defaults to the provider name, TalentFlow)'],
] as const;
const EMAIL_TEMPLATES = ['Candidate outreach', 'Interview scheduling', 'Client updates', 'Follow-up', 'Candidate submittal'];
const EMAIL_FEATURES = [
  'Templated and custom e-mails to candidates and client contacts',
  'Every message recorded on the candidate or client and in Communications',
  'Outbox when no provider is configured',
];
const AI_CAPABILITIES = [
  'Candidate profile analysis',
  'Job requirement analysis',
  'Candidate–job matching',
  'Salary benchmarking',
  'Outreach message writing',
  'Success prediction',
  'Interview note analysis',
  'Search strings and market intelligence',
];

/** SPEC §2.15: Email Service and AI connection status with connection tests. */
export function IntegrationsPage() {
  useDocumentTitle('Integrations');
  const email = useEmailTest();
  const engine = useAtomValue(lastAiEngineAtom);

  const testEmail = async () => {
    const result = await email.refetch();
    if (result.data) {
      toast(
        result.data.connected
          ? { title: 'Success', description: result.data.message }
          : { variant: 'destructive', title: 'Configuration Needed', description: result.data.message },
      );
    } else {
      toast({ variant: 'destructive', title: 'Error', description: serverMessage(result.error) ?? 'Failed to test email connection' });
    }
  };

  const connected = email.data?.connected === true;
  return (
    <>
      <PageHeader
        title="Integrations"
        subtitle="Connections to the e-mail service and the AI engine."
        actions={
          <Button startDecorator={<RefreshCw size={18} />} loading={email.isFetching} loadingPosition="start" onClick={testEmail}>
            Test All
          </Button>
        }
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: 'repeat(2, minmax(0, 1fr))' }, alignItems: 'start' }}>
        <Card variant="outlined" component="section" aria-labelledby="email-service-heading" data-testid="email-service-card">
          <CardHeading id="email-service-heading" icon={<Mail size={20} />} title="Email Service">
            {email.isPending ? (
              <Skeleton variant="rectangular" width={110} height={24} sx={{ borderRadius: 'xl' }} />
            ) : (
              <StatusChip connected={connected} />
            )}
          </CardHeading>
          {email.data && (
            <Typography level="body-sm" textColor="text.secondary" data-testid="email-status-message">
              {email.data.message}
            </Typography>
          )}
          {email.isError && (
            <Typography level="body-sm" color="danger">
              {serverMessage(email.error) ?? 'Failed to test email connection'}
            </Typography>
          )}
          <Divider />
          <Section title="Required server settings">
            {EMAIL_SETTINGS.map(([key, label]) => (
              <Box component="li" key={key} sx={{ display: 'flex', gap: 1, alignItems: 'baseline', flexWrap: 'wrap' }}>
                <Typography
                  component="code"
                  level="body-xs"
                  sx={{ fontFamily: 'code', bgcolor: 'background.level1', px: 0.75, borderRadius: 'xs' }}
                >
                  {key}
                </Typography>
                <Typography level="body-sm">{label}</Typography>
              </Box>
            ))}
          </Section>
          <Section title="Available templates">
            {EMAIL_TEMPLATES.map((t) => (
              <Typography component="li" level="body-sm" key={t}>
                {t}
              </Typography>
            ))}
          </Section>
          <Section title="Features">
            {EMAIL_FEATURES.map((t) => (
              <Typography component="li" level="body-sm" key={t}>
                {t}
              </Typography>
            ))}
          </Section>
          <Button
            variant="outlined"
            color="neutral"
            startDecorator={<RefreshCw size={16} />}
            loading={email.isFetching}
            onClick={testEmail}
            sx={{ alignSelf: 'flex-start' }}
          >
            Test Connection
          </Button>
        </Card>

        <Card variant="outlined" component="section" aria-labelledby="ai-service-heading" data-testid="ai-service-card">
          <CardHeading id="ai-service-heading" icon={<Bot size={20} />} title="AI Engine">
            <StatusChip connected />
          </CardHeading>
          <Typography level="body-sm" textColor="text.secondary">
            All 8 AI capabilities are operational.
          </Typography>
          <Typography level="body-sm" data-testid="ai-engine-line">
            Active engine: {engine ? engineLabel(engine) : 'reported with the next AI result'}
          </Typography>
          <Divider />
          <Section title="Capabilities">
            {AI_CAPABILITIES.map((t) => (
              <Typography component="li" level="body-sm" key={t} startDecorator={<CheckCircle2 size={14} aria-hidden />}>
                {t}
              </Typography>
            ))}
          </Section>
        </Card>
      </Box>
    </>
  );
}

function CardHeading({ id, icon, title, children }: { id: string; icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <Box sx={{ color: 'primary.plainColor', display: 'flex' }} aria-hidden>
        {icon}
      </Box>
      <Typography id={id} level="title-lg" component="h2" sx={{ flex: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function StatusChip({ connected }: { connected: boolean }) {
  return (
    <Chip
      variant="soft"
      color={connected ? 'success' : 'warning'}
      startDecorator={connected ? <CheckCircle2 size={14} aria-hidden /> : <XCircle size={14} aria-hidden />}
      data-testid="connection-status"
    >
      {connected ? 'Connected' : 'Not Connected'}
    </Chip>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box>
      <Typography level="title-sm" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      <Box component="ul" aria-label={title} sx={{ m: 0, pl: 2.5, display: 'grid', gap: 0.5 }}>
        {children}
      </Box>
    </Box>
  );
}
