import type { EMAIL_TEMPLATE_NAMES } from './endpoints/email';

/**
 * How an e-mail the app sends is written (SPEC §5, §7): the template's opening line, the user's
 * message, a greeting to the recipient's first name (or "there") and the sender team's sign-off.
 * Pure, so the server that sends and the dialog that previews compute the same message.
 */
export type EmailTemplateName = (typeof EMAIL_TEMPLATE_NAMES)[number];

/** What a template may say about the job it is about. */
export interface EmailJobFacts {
  title: string;
  clientName?: string | null;
}

const forRole = (job: EmailJobFacts | null) => (job ? ` for the ${job.title} role${job.clientName ? ` at ${job.clientName}` : ''}` : '');

/** The opening line of each template; the user's message follows it. `custom` has none. */
export function templateIntro(template: EmailTemplateName, job: EmailJobFacts | null): string | null {
  switch (template) {
    case 'candidate_outreach':
      return `I am reaching out about an executive opportunity${forRole(job)} that fits your background.`;
    case 'interview_schedule':
      return `I would like to schedule an interview with you${forRole(job)}.`;
    case 'client_update':
      return `Here is an update on the search${forRole(job)}.`;
    case 'follow_up':
      return `I am following up on our recent conversation${job ? ` about the ${job.title} role` : ''}.`;
    case 'candidate_submittal':
      return `I would like to put forward a candidate for your consideration${forRole(job)}. A summary of their background follows, and I would be glad to arrange a conversation.`;
    case 'custom':
      return null;
  }
}

/** Who a template is written for: the candidate dialog offers candidate ones, a contact's dialog client ones. */
export const EMAIL_TEMPLATE_AUDIENCE: Record<EmailTemplateName, 'candidate' | 'client' | 'any'> = {
  candidate_outreach: 'candidate',
  interview_schedule: 'candidate',
  client_update: 'any',
  follow_up: 'any',
  custom: 'any',
  candidate_submittal: 'client',
};

/** Each template's display name and the subject it pre-fills (SPEC §5 for the first four). */
export const EMAIL_TEMPLATE_INFO: Record<EmailTemplateName, { label: string; subject: string }> = {
  candidate_outreach: { label: 'Candidate Outreach', subject: 'Executive Opportunity' },
  interview_schedule: { label: 'Interview Scheduling', subject: 'Interview Scheduled' },
  client_update: { label: 'Client Update', subject: 'Search Update' },
  follow_up: { label: 'Follow-up', subject: 'Following Up' },
  custom: { label: 'Custom Message', subject: '' },
  candidate_submittal: { label: 'Candidate Submittal', subject: 'Candidate Submittal' },
};

/** Whether a template suits a kind of recipient. */
export const templateFits = (template: EmailTemplateName, recipient: 'candidate' | 'client') =>
  EMAIL_TEMPLATE_AUDIENCE[template] === 'any' || EMAIL_TEMPLATE_AUDIENCE[template] === recipient;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Text paragraphs (split on blank lines) as HTML paragraphs, line breaks kept. */
export function textToHtml(text: string): string {
  return text
    .trim()
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

/** Who signs an e-mail: the user who sends it, and the agency when one is configured (EMAIL_FROM_NAME). */
export interface EmailSigner {
  senderName?: string | null;
  senderTeam?: string | null;
}

/** The lines under "Best regards,": the sender's name, then the agency's; "The TalentFlow team" only when neither is known. */
export function signOffLines(signer: EmailSigner): string[] {
  const name = signer.senderName?.trim();
  const team = signer.senderTeam?.trim();
  if (!name) return [`The ${team || 'TalentFlow'} team`];
  return team ? [name, team] : [name];
}

/** The body around a message: "Hi <name>," … "Best regards," and the sender's name (and the agency's). */
export function composeEmail(input: { recipientName?: string | null; message: string } & EmailSigner): {
  text: string;
  html: string;
} {
  const name = input.recipientName?.trim() || 'there';
  const lines = signOffLines(input);
  const text = `Hi ${name},\n\n${input.message.trim()}\n\nBest regards,\n${lines.join('\n')}`;
  const html = `<p>Hi ${escapeHtml(name)},</p>${textToHtml(input.message)}<p>Best regards,<br>${lines.map(escapeHtml).join('<br>')}</p>`;
  return { text, html };
}

/** The whole message as it is sent: the template's opening (if any), then the message, in the greeting and sign-off. */
export function renderEmail(
  input: {
    template: EmailTemplateName;
    job: EmailJobFacts | null;
    recipientName?: string | null;
    message: string;
  } & EmailSigner,
): { text: string; html: string } {
  const intro = templateIntro(input.template, input.job);
  const message = intro ? `${intro}\n\n${input.message}` : input.message;
  return composeEmail({ recipientName: input.recipientName, message, senderName: input.senderName, senderTeam: input.senderTeam });
}

/** The greeting the body already starts with, when a message's own first line repeats it ("Hi Ada,"). */
export function repeatsGreeting(message: string): boolean {
  return /^\s*(hi|hello|dear|hey)\b[^\n]{0,60},?\s*(\n|$)/i.test(message);
}

/** The name a greeting uses for a person known by a full name ("Dr. Ada Lovelace" → "Ada"), as a candidate's first name. */
export function greetingName(fullName: string): string {
  const words = fullName
    .trim()
    .split(/\s+/)
    .filter((w) => !/^(mr|mrs|ms|mx|dr|prof|sir)\.?$/i.test(w));
  return words[0] ?? fullName.trim();
}
