import { z } from 'zod';
import {
  EMAIL_TEMPLATE_NAMES,
  SendCandidateEmailBodySchema,
  SendEmailBodySchema,
  composeEmail,
  renderEmail,
  textToHtml,
  type EmailJobFacts,
  type EmailSigner,
} from '@ats/contracts';

export type EmailTemplate = (typeof EMAIL_TEMPLATE_NAMES)[number];

/** SPEC §5: choosing a non-custom template pre-fills these subjects. */
export const TEMPLATE_SUBJECTS: Record<Exclude<EmailTemplate, 'custom'>, string> = {
  candidate_outreach: 'Executive Opportunity',
  interview_schedule: 'Interview Scheduled',
  client_update: 'Search Update',
  follow_up: 'Following Up',
  candidate_submittal: 'Candidate Submittal',
};

export const TEMPLATE_LABELS: Record<EmailTemplate, string> = {
  candidate_outreach: 'Candidate Outreach',
  interview_schedule: 'Interview Scheduling',
  client_update: 'Client Update',
  follow_up: 'Follow-up',
  custom: 'Custom Message',
  candidate_submittal: 'Candidate Submittal',
};

const subject = SendCandidateEmailBodySchema.shape.customData.shape.subject;
const message = SendCandidateEmailBodySchema.shape.customData.shape.message;

/**
 * SPEC §5 Send Email form: the recipient must be at least one character ('Recipient is
 * required') and a valid address ('Valid email is required'); subject and message required
 * (the message too, even where it is labelled optional).
 */
export const EmailFormSchema = z.object({
  template: z.enum(EMAIL_TEMPLATE_NAMES),
  to: SendEmailBodySchema.shape.to,
  subject,
  message,
  jobId: z.string(),
});
export type EmailFormValues = z.input<typeof EmailFormSchema>;
export type EmailFormOutput = z.output<typeof EmailFormSchema>;

/** The form after a template is chosen: a non-custom one sets its subject and clears the message. */
export function applyTemplate(values: EmailFormValues, template: EmailTemplate): EmailFormValues {
  if (template === 'custom') return { ...values, template };
  return { ...values, template, subject: TEMPLATE_SUBJECTS[template], message: '' };
}

export function messageLabel(template: EmailTemplate): string {
  return template === 'custom' ? 'Message' : 'Additional Notes (Optional)';
}

/** SPEC §7 custom e-mail body: a greeting to the recipient's name or 'there', the message, a sign-off by the sender. */
export function customEmailText(recipientName: string | null | undefined, message: string, signer: EmailSigner = {}): string {
  return composeEmail({ recipientName, message, ...signer }).text;
}

export function customEmailHtml(text: string): string {
  return textToHtml(text);
}

/** Whether the server writes the body from a template (a non-custom template to the candidate's own address). */
export function usesTemplate(values: Pick<EmailFormValues, 'template' | 'to'>, candidateEmail: string | undefined): boolean {
  return values.template !== 'custom' && Boolean(candidateEmail) && values.to.trim().toLowerCase() === candidateEmail!.toLowerCase();
}

export interface EmailPreview {
  to: string;
  subject: string;
  text: string;
}

/**
 * The whole message as it will be sent, computed by the functions the server uses: the
 * template's opening (with the chosen job), the notes, the greeting and the sign-off.
 */
export function previewEmail(
  values: EmailFormValues,
  candidate: { firstName: string; email: string } | undefined,
  job: EmailJobFacts | null,
  signer: EmailSigner,
): EmailPreview {
  const to = values.to.trim();
  const subject = values.subject.trim();
  if (candidate && usesTemplate(values, candidate.email)) {
    const text = renderEmail({
      template: values.template,
      job,
      recipientName: candidate.firstName,
      message: values.message,
      ...signer,
    }).text;
    return { to, subject, text };
  }
  return { to, subject, text: customEmailText(candidate?.firstName ?? null, values.message, signer) };
}
