import { describe, expect, it } from 'vitest';
import {
  EmailFormSchema,
  applyTemplate,
  customEmailHtml,
  customEmailText,
  messageLabel,
  previewEmail,
  type EmailFormValues,
} from './email-form';

const base: EmailFormValues = { template: 'custom', to: 'ada@example.com', subject: 'Hello', message: 'Body', jobId: '' };

describe('Send Email form', () => {
  it('pre-fills the subject and clears the message for a non-custom template', () => {
    expect(applyTemplate(base, 'candidate_outreach')).toMatchObject({ subject: 'Executive Opportunity', message: '' });
    expect(applyTemplate(base, 'interview_schedule').subject).toBe('Interview Scheduled');
    expect(applyTemplate(base, 'client_update').subject).toBe('Search Update');
    expect(applyTemplate(base, 'follow_up').subject).toBe('Following Up');
    expect(applyTemplate(base, 'custom')).toMatchObject({ subject: 'Hello', message: 'Body' });
  });
  it('labels the message', () => {
    expect(messageLabel('custom')).toBe('Message');
    expect(messageLabel('follow_up')).toBe('Additional Notes (Optional)');
  });
  it('validates with the SPEC texts', () => {
    const errors = (values: Partial<EmailFormValues>) =>
      EmailFormSchema.safeParse({ ...base, ...values }).error?.issues.map((issue) => issue.message) ?? [];
    expect(errors({ to: '' })).toContain('Recipient is required');
    expect(errors({ to: 'nope' })).toEqual(['Valid email is required']);
    expect(errors({ subject: ' ' })).toEqual(['Subject is required']);
    expect(errors({ message: '' })).toEqual(['Message is required']);
    expect(errors({})).toEqual([]);
  });
  it('writes the custom body with a greeting and sign-off', () => {
    expect(customEmailText('Ada', 'Let us talk.', { senderName: 'Rita Recruiter' })).toBe(
      'Hi Ada,\n\nLet us talk.\n\nBest regards,\nRita Recruiter',
    );
    expect(customEmailText('Ada', 'Let us talk.', { senderName: 'Rita Recruiter', senderTeam: 'Acme Search' })).toBe(
      'Hi Ada,\n\nLet us talk.\n\nBest regards,\nRita Recruiter\nAcme Search',
    );
    // no one known (never from a dialog: someone is signed in)
    expect(customEmailText('Ada', 'Let us talk.')).toBe('Hi Ada,\n\nLet us talk.\n\nBest regards,\nThe TalentFlow team');
    expect(customEmailText('', 'x')).toMatch(/^Hi there,/);
    expect(customEmailHtml('a <b>\n\nc')).toBe('<p>a &lt;b&gt;</p><p>c</p>');
  });
  describe('preview', () => {
    const ada = { firstName: 'Ada', email: 'ada@example.com' };
    it('shows a template e-mail as the server writes it: greeting, opening with the job, notes, sign-off', () => {
      const values = { ...applyTemplate(base, 'candidate_outreach'), message: 'Free on Friday?' };
      expect(
        previewEmail(values, ada, { title: 'CFO', clientName: 'Orion' }, { senderName: 'Rita Recruiter', senderTeam: 'Acme Search' }),
      ).toEqual({
        to: 'ada@example.com',
        subject: 'Executive Opportunity',
        text:
          'Hi Ada,\n\nI am reaching out about an executive opportunity for the CFO role at Orion that fits your background.' +
          '\n\nFree on Friday?\n\nBest regards,\nRita Recruiter\nAcme Search',
      });
    });
    it('shows a second greeting typed into the notes, as it would be sent', () => {
      const values = { ...applyTemplate(base, 'follow_up'), message: 'Hi Ada,\nthanks!' };
      expect(previewEmail(values, ada, null, { senderName: 'Rita Recruiter' }).text).toMatch(
        /^Hi Ada,\n\nI am following up on our recent conversation\.\n\nHi Ada,/,
      );
    });
    it('writes a custom body (or a template sent to another address) without a template opening', () => {
      expect(previewEmail({ ...base, message: 'Hello' }, ada, null, { senderName: 'Rita Recruiter' }).text).toBe(
        customEmailText('Ada', 'Hello', { senderName: 'Rita Recruiter' }),
      );
      const elsewhere = { ...applyTemplate(base, 'follow_up'), to: 'other@example.com', message: 'x' };
      expect(previewEmail(elsewhere, ada, null, { senderName: 'Rita Recruiter' }).text).toBe(
        'Hi Ada,\n\nx\n\nBest regards,\nRita Recruiter',
      );
      expect(previewEmail({ ...base, message: 'x' }, undefined, null, { senderName: 'Rita Recruiter' }).text).toMatch(/^Hi there,/);
    });
  });
});
