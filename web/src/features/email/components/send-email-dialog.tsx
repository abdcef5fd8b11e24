import { useEffect } from 'react';
import Alert from '@mui/joy/Alert';
import Box from '@mui/joy/Box';
import FormControl from '@mui/joy/FormControl';
import FormLabel from '@mui/joy/FormLabel';
import Option from '@mui/joy/Option';
import Select from '@mui/joy/Select';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { EmailPreviewPanel } from './email-preview';
import { EMAIL_TEMPLATE_NAMES, templateFits } from '@ats/contracts';
import { FormDialog } from '@/components/form-dialog';
import { FormField } from '@/components/form-field';
import { FormSelect } from '@/components/form-select';
import { toast } from '@/components/toast';
import { serverMessage } from '@/lib/api-client';
import { useJobChoices } from '@/lib/choices';
import { showServerFieldErrors } from '@/lib/form-errors';
import { useSendEmail } from '../api/send-email';
import { useSigner } from '../api/sender-team';
import {
  EmailFormSchema,
  TEMPLATE_LABELS,
  applyTemplate,
  customEmailHtml,
  customEmailText,
  messageLabel,
  usesTemplate,
  type EmailFormOutput,
  type EmailFormValues,
  type EmailTemplate,
} from '../utils/email-form';

export interface EmailRecipient {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
}

/** Body paths of the two send endpoints that the form names otherwise. */
const SERVER_FIELDS = { text: 'message', html: 'message' } as const;

// a candidate's dialog offers the templates written for candidates (the client ones are on a contact's)
const TEMPLATE_OPTIONS = EMAIL_TEMPLATE_NAMES.filter((t) => templateFits(t, 'candidate')).map((value) => ({
  value,
  label: TEMPLATE_LABELS[value],
}));

function initialValues(email: string | undefined, template: EmailTemplate): EmailFormValues {
  return applyTemplate({ template: 'custom', to: email ?? '', subject: '', message: '', jobId: '' }, template);
}

/** SPEC §2.8 Send Email: template, To, Subject, Message; a queued (outbox) message says it was not delivered. */
export function SendEmailDialog({
  open,
  onClose,
  candidate,
  defaultTemplate = 'custom',
}: {
  open: boolean;
  onClose: () => void;
  candidate?: EmailRecipient;
  defaultTemplate?: EmailTemplate;
}) {
  const send = useSendEmail();
  const { control, handleSubmit, reset, getValues, setError } = useForm<EmailFormValues, unknown, EmailFormOutput>({
    resolver: zodResolver(EmailFormSchema),
    defaultValues: initialValues(candidate?.email, defaultTemplate),
    mode: 'onTouched',
  });
  const template = useWatch({ control, name: 'template' }) as EmailTemplate;
  const jobs = useJobChoices(open && Boolean(candidate));
  const signer = useSigner(open);

  // Keyed on the address, not the candidate object: a refetched candidate must not wipe a draft.
  const candidateEmail = candidate?.email;
  useEffect(() => {
    if (open) reset(initialValues(candidateEmail, defaultTemplate));
  }, [open, candidateEmail, defaultTemplate, reset]);

  const onSubmit = handleSubmit((values) => {
    const name = candidate ? candidate.firstName : null;
    const useTemplate = candidate && usesTemplate(values, candidate.email);
    const text = customEmailText(name, values.message, signer);
    return send
      .mutateAsync(
        useTemplate
          ? {
              kind: 'candidate',
              candidateId: candidate.id,
              template: values.template,
              jobId: values.jobId ? Number(values.jobId) : undefined,
              subject: values.subject,
              message: values.message,
            }
          : { kind: 'custom', to: values.to, subject: values.subject, text, html: customEmailHtml(text), candidateId: candidate?.id },
      )
      .then(
        (result) => {
          if (result.delivered) toast({ title: 'Email sent successfully', description: `Sent to ${values.to}.` });
          else
            toast({
              title: 'Email not delivered — saved to outbox',
              description: result.note || 'No e-mail provider is configured; the message was recorded but not sent.',
            });
          onClose();
        },
        (error: unknown) => {
          // the server's field paths (`to`, `customData.subject`, `text`) under the fields they name
          showServerFieldErrors(error, setError, getValues(), SERVER_FIELDS);
          toast({ variant: 'destructive', title: 'Error', description: serverMessage(error) ?? 'Failed to send email' });
        },
      );
  });

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      id="send-email"
      title={candidate ? `Send Email to ${candidate.firstName} ${candidate.lastName}` : 'Send Email'}
      onSubmit={onSubmit}
      pending={send.isPending}
      submitLabel="Send Email"
      pendingLabel="Sending..."
      width={600}
    >
      <Box sx={{ display: 'grid', gap: 2 }}>
        {/* Choosing a non-custom template pre-fills the subject and clears the message (SPEC §5). */}
        <TemplatePicker value={template} onChange={(next) => reset(applyTemplate(getValues(), next), { keepDefaultValues: true })} />
        {candidate && template !== 'custom' && (
          <FormSelect
            control={control}
            name="jobId"
            label="Related Job Order (optional)"
            emptyLabel="None"
            options={(jobs.data ?? []).map((job) => ({ value: String(job.id), label: job.title }))}
          />
        )}
        <FormField control={control} name="to" label="To" type="email" inputMode="email" required autoComplete="off" />
        <FormField control={control} name="subject" label="Subject" required />
        <FormField control={control} name="message" label={messageLabel(template)} minRows={5} />
        {template !== 'custom' && (
          <Alert size="sm" variant="soft" color="neutral">
            The {TEMPLATE_LABELS[template].toLowerCase()} template writes the body; your notes are added to it.
          </Alert>
        )}
        <EmailPreviewPanel control={control} candidate={candidate} jobs={jobs.data} signer={signer} />
      </Box>
    </FormDialog>
  );
}

function TemplatePicker({ value, onChange }: { value: EmailTemplate; onChange: (t: EmailTemplate) => void }) {
  return (
    <FormControl>
      <FormLabel id="email-template-label">Template</FormLabel>
      <Select<string>
        value={value}
        onChange={(_, next) => next && next !== value && onChange(next as EmailTemplate)}
        slotProps={{
          button: { 'aria-labelledby': 'email-template-label email-template-button', id: 'email-template-button' },
          listbox: { sx: { zIndex: 'calc(var(--joy-zIndex-modal) + 1)' } },
        }}
      >
        {TEMPLATE_OPTIONS.map((option) => (
          <Option key={option.value} value={option.value}>
            {option.label}
          </Option>
        ))}
      </Select>
    </FormControl>
  );
}
