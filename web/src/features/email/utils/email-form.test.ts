import { describe, expect, it } from 'vitest';
import { EmailFormSchema, applyTemplate, customEmailHtml, customEmailText, messageLabel, type EmailFormValues } from './email-form';

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
    expect(customEmailText('Ada', 'Let us talk.')).toBe('Hi Ada,\n\nLet us talk.\n\nBest regards,\nThe TalentFlow team');
    expect(customEmailText('', 'x')).toMatch(/^Hi there,/);
    expect(customEmailHtml('a <b>\n\nc')).toBe('<p>a &lt;b&gt;</p><p>c</p>');
  });
});
