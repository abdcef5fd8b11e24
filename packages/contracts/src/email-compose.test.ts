import { describe, expect, it } from 'vitest';
import {
  EMAIL_TEMPLATE_AUDIENCE,
  composeEmail,
  greetingName,
  renderEmail,
  repeatsGreeting,
  signOffLines,
  templateFits,
  templateIntro,
} from './email-compose';

describe('e-mail composition (server and preview)', () => {
  it('opens each template with its line, naming the job and client when given', () => {
    expect(templateIntro('interview_schedule', { title: 'CFO', clientName: 'Orion' })).toBe(
      'I would like to schedule an interview with you for the CFO role at Orion.',
    );
    expect(templateIntro('client_update', null)).toBe('Here is an update on the search.');
    expect(templateIntro('custom', { title: 'CFO' })).toBeNull();
  });
  it('renders text and escaped HTML around the message', () => {
    const { text, html } = renderEmail({
      template: 'follow_up',
      job: null,
      recipientName: 'Ada',
      message: 'a <b>',
      senderName: 'Rita <Recruiter>',
      senderTeam: 'Acme & Co',
    });
    expect(text).toBe('Hi Ada,\n\nI am following up on our recent conversation.\n\na <b>\n\nBest regards,\nRita <Recruiter>\nAcme & Co');
    expect(html).toBe(
      '<p>Hi Ada,</p><p>I am following up on our recent conversation.</p><p>a &lt;b&gt;</p><p>Best regards,<br>Rita &lt;Recruiter&gt;<br>Acme &amp; Co</p>',
    );
    expect(composeEmail({ recipientName: ' ', message: 'x', senderTeam: 'T' }).text).toMatch(/^Hi there,/);
  });
  it('is signed by the sender, with the agency only when one is configured', () => {
    expect(signOffLines({ senderName: 'Rita Recruiter', senderTeam: null })).toEqual(['Rita Recruiter']);
    expect(signOffLines({ senderName: 'Rita Recruiter', senderTeam: 'Acme Search' })).toEqual(['Rita Recruiter', 'Acme Search']);
    expect(signOffLines({ senderName: ' ', senderTeam: 'Acme Search' })).toEqual(['The Acme Search team']);
    expect(signOffLines({})).toEqual(['The TalentFlow team']);
  });
  it('notices a message that greets again', () => {
    expect(repeatsGreeting('Hi Ada,\nthanks')).toBe(true);
    expect(repeatsGreeting('Dear Ms Lovelace,')).toBe(true);
    expect(repeatsGreeting('Thanks for the call.')).toBe(false);
    expect(repeatsGreeting('History of the role, then more')).toBe(false);
  });
  it('greets a contact by first name, without a title', () => {
    expect(greetingName('Dr. Hank Scorpio')).toBe('Hank');
    expect(greetingName('  Grace   Hopper ')).toBe('Grace');
    expect(greetingName('Cher')).toBe('Cher');
  });
  it('offers candidate templates to candidates and client ones to contacts', () => {
    expect(templateFits('candidate_submittal', 'client')).toBe(true);
    expect(templateFits('candidate_submittal', 'candidate')).toBe(false);
    expect(templateFits('candidate_outreach', 'client')).toBe(false);
    expect(templateFits('follow_up', 'client') && templateFits('follow_up', 'candidate')).toBe(true);
    expect(Object.keys(EMAIL_TEMPLATE_AUDIENCE)).toHaveLength(6);
    expect(templateIntro('candidate_submittal', { title: 'CFO', clientName: 'Orion' })).toMatch(
      /^I would like to put forward a candidate for your consideration for the CFO role at Orion\./,
    );
  });
});
