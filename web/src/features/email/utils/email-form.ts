import { z } from 'zod';
import { EMAIL_TEMPLATE_NAMES, SendCandidateEmailBodySchema, SendEmailBodySchema } from '@ats/contracts';

export type EmailTemplate = (typeof EMAIL_TEMPLATE_NAMES)[number];

/** SPEC §5: choosing a non-custom template pre-fills these subjects. */
export const TEMPLATE_SUBJECTS: Record<Exclude<EmailTemplate, 'custom'>, string> = {
  candidate_outreach: 'Executive Opportunity',
  interview_schedule: 'Interview Scheduled',
  client_update: 'Search Update',
  follow_up: 'Following Up',
};

export const TEMPLATE_LABELS: Record<EmailTemplate, string> = {
  candidate_outreach: 'Candidate Outreach',
  interview_schedule: 'Interview Scheduling',
  client_update: 'Client Update',
  follow_up: 'Follow-up',
  custom: 'Custom Message',
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

/** SPEC §7 custom e-mail body: a greeting to the recipient's name or 'there', the message, a sign-off. */
export function customEmailText(recipientName: string | null | undefined, message: string, team = 'The TalentFlow team'): string {
  const name = recipientName?.trim() || 'there';
  return `Hi ${name},\n\n${message.trim()}\n\nBest regards,\n${team}`;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function customEmailHtml(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((para) => `<p>${escapeHtml(para).replace(/\n/g, '<br>')}</p>`)
    .join('');
}
