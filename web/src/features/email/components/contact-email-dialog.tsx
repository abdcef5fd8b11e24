import { useEffect, useRef } from 'react';
import Alert from '@mui/joy/Alert';
import Box from '@mui/joy/Box';
import Sheet from '@mui/joy/Sheet';
import Typography from '@mui/joy/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import {
  EMAIL_TEMPLATE_INFO,
  EMAIL_TEMPLATE_NAMES,
  SendContactEmailBodySchema,
  greetingName,
  renderEmail,
  templateFits,
} from '@ats/contracts';
import { FormDialog } from '@/components/form-dialog';
import { FormField } from '@/components/form-field';
import { FormSelect } from '@/components/form-select';
import { toast } from '@/components/toast';
import { serverMessage } from '@/lib/api-client';
import { useJobChoices } from '@/lib/choices';
import { showServerFieldErrors } from '@/lib/form-errors';
import { useSendContactEmail } from '../api/send-contact-email';
import { useSigner } from '../api/sender-team';
import { messageLabel, type EmailTemplate } from '../utils/email-form';

/** A client's contact person as the dialog needs them. */
export interface ContactRecipient {
  id: number;
  name: string;
  email: string;
  clientName: string;
}

/** The templates written for a client, in the order the picker offers them. */
export const CONTACT_TEMPLATES = EMAIL_TEMPLATE_NAMES.filter((t) => templateFits(t, 'client'));

const customData = SendContactEmailBodySchema.shape.customData.shape;
const ContactEmailFormSchema = z.object({
  template: z.enum(EMAIL_TEMPLATE_NAMES),
  subject: customData.subject,
  message: customData.message,
  jobId: z.string(),
});
type ContactEmailValues = z.input<typeof ContactEmailFormSchema>;
type ContactEmailOutput = z.output<typeof ContactEmailFormSchema>;

/** Body paths the server names otherwise. */
const SERVER_FIELDS = { 'customData.subject': 'subject', 'customData.message': 'message' } as const;

const initial = (template: EmailTemplate): ContactEmailValues => ({
  template,
  subject: EMAIL_TEMPLATE_INFO[template].subject,
  message: '',
  jobId: '',
});

/**
 * E-mail a client's contact person: template, related job, subject and notes, with the whole
 * message previewed by the function the server writes it with; then it is sent (or kept in the
 * outbox) and recorded on the client.
 */
export function ContactEmailDialog({
  open,
  onClose,
  contact,
  defaultTemplate = 'client_update',
}: {
  open: boolean;
  onClose: () => void;
  contact: ContactRecipient;
  defaultTemplate?: EmailTemplate;
}) {
  const send = useSendContactEmail();
  const jobs = useJobChoices(open);
  const signer = useSigner(open);
  const { control, handleSubmit, reset, getValues, setError, setValue } = useForm<ContactEmailValues, unknown, ContactEmailOutput>({
    resolver: zodResolver(ContactEmailFormSchema),
    defaultValues: initial(defaultTemplate),
    mode: 'onTouched',
  });
  useEffect(() => {
    if (open) reset(initial(defaultTemplate));
  }, [open, contact.id, defaultTemplate, reset]);
  const values = useWatch({ control }) as ContactEmailValues;
  const template = values.template as EmailTemplate;
  // choosing a non-custom template pre-fills its subject and clears the notes (SPEC §5)
  const shownTemplate = useRef(template);
  useEffect(() => {
    if (shownTemplate.current === template) return;
    shownTemplate.current = template;
    if (template === 'custom') return;
    setValue('subject', EMAIL_TEMPLATE_INFO[template].subject);
    setValue('message', '');
  }, [template, setValue]);
  const job = values.jobId ? jobs.data?.find((j) => String(j.id) === values.jobId) : undefined;
  const preview = renderEmail({
    template,
    job: job ? { title: job.title, clientName: job.client?.companyName ?? null } : null,
    recipientName: greetingName(contact.name),
    message: values.message ?? '',
    ...signer,
  });

  const onSubmit = handleSubmit((form) =>
    send
      .mutateAsync({
        contactId: contact.id,
        template: form.template,
        jobId: form.jobId ? Number(form.jobId) : undefined,
        subject: form.subject,
        message: form.message,
      })
      .then(
        (result) => {
          if (result.delivered) toast({ title: 'Email sent successfully', description: `Sent to ${contact.email}.` });
          else
            toast({
              title: 'Email not delivered — saved to outbox',
              description: result.note || 'No e-mail provider is configured; the message was recorded but not sent.',
            });
          onClose();
        },
        (error: unknown) => {
          showServerFieldErrors(error, setError, getValues(), SERVER_FIELDS);
          toast({ variant: 'destructive', title: 'Error', description: serverMessage(error) ?? 'Failed to send email' });
        },
      ),
  );

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      id="contact-email"
      title={`Send Email to ${contact.name}`}
      onSubmit={onSubmit}
      pending={send.isPending}
      submitLabel="Send Email"
      pendingLabel="Sending..."
      width={600}
    >
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Typography level="body-sm">
          To: {contact.name} &lt;{contact.email}&gt; · {contact.clientName}
        </Typography>
        <FormSelect
          control={control}
          name="template"
          label="Template"
          options={CONTACT_TEMPLATES.map((t) => ({ value: t, label: EMAIL_TEMPLATE_INFO[t].label }))}
        />
        {template !== 'custom' && (
          <FormSelect
            control={control}
            name="jobId"
            label="Related Job Order (optional)"
            emptyLabel="None"
            options={(jobs.data ?? []).map((j) => ({ value: String(j.id), label: j.title }))}
          />
        )}
        <FormField control={control} name="subject" label="Subject" required />
        <FormField control={control} name="message" label={messageLabel(template)} minRows={5} />
        {template !== 'custom' && (
          <Alert size="sm" variant="soft" color="neutral">
            The {EMAIL_TEMPLATE_INFO[template].label.toLowerCase()} template writes the opening; your notes follow it.
          </Alert>
        )}
        <Box component="section" aria-labelledby="contact-email-preview-title" data-testid="email-preview">
          <Typography id="contact-email-preview-title" level="title-sm" sx={{ mb: 0.75 }}>
            Preview
          </Typography>
          <Sheet variant="soft" sx={{ borderRadius: 'sm', p: 1.5, display: 'grid', gap: 0.75 }}>
            <Typography level="body-sm">
              <Typography fontWeight="lg">To:</Typography> {contact.email}
            </Typography>
            <Typography level="body-sm">
              <Typography fontWeight="lg">Subject:</Typography> {values.subject?.trim() || '—'}
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
        </Box>
      </Box>
    </FormDialog>
  );
}
