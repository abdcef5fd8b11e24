/** E-mail templates (SPEC §5): the subject each pre-fills. `custom` leaves it to the user. */
export const EMAIL_TEMPLATES = {
  candidate_outreach: 'Executive Opportunity',
  interview_schedule: 'Interview Scheduled',
  client_update: 'Search Update',
  follow_up: 'Following Up',
  custom: '',
  candidate_submittal: 'Candidate Submittal',
} as const;
export type EmailTemplate = keyof typeof EMAIL_TEMPLATES;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The body the app sends (SPEC §7 email/send): a greeting to the recipient's name or "there", the
 * message, and a sign-off by the user who sends it, with the agency's name when one is configured
 * (the same lines as `signOffLines` in @ats/contracts).
 */
export function composeEmail(input: {
  recipientName?: string | null;
  message: string;
  senderName?: string | null;
  senderTeam?: string | null;
}): {
  text: string;
  html: string;
} {
  const name = input.recipientName?.trim() || 'there';
  const sender = input.senderName?.trim();
  const team = input.senderTeam?.trim();
  const lines = !sender ? [`The ${team || 'TalentFlow'} team`] : team ? [sender, team] : [sender];
  const text = `Hi ${name},\n\n${input.message.trim()}\n\nBest regards,\n${lines.join('\n')}`;
  const paragraphs = input.message
    .trim()
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
  const html = `<p>Hi ${escapeHtml(name)},</p>${paragraphs}<p>Best regards,<br>${lines.map(escapeHtml).join('<br>')}</p>`;
  return { text, html };
}
