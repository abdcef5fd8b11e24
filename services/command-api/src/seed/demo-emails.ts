import type { EmailTemplateName } from '@ats/contracts';
import type { Call, Deps } from '../domain/context';
import { sendTemplatedEmail } from '../domain/communications/email';
import { greetingName } from '@ats/contracts';
import type { DemoActor } from './demo-data';

/** What the demo e-mails need to know about the people the seed created. */
export interface DemoEmailPeople {
  candidates: Array<{ id: number; firstName: string; email: string }>;
  contacts: Array<{ id: number; clientId: number; name: string; email: string | undefined; clientName: string }>;
  jobs: Array<{ title: string; clientName: string }>;
}

type Planned = { hoursAgo: number; template: EmailTemplateName; subject: string; message: string } & (
  { to: 'candidate'; index: number; job: number | null } | { to: 'contact'; index: number; job: number | null }
);

const PLAN: Planned[] = [
  {
    hoursAgo: 170,
    to: 'candidate',
    index: 0,
    job: 0,
    template: 'candidate_outreach',
    subject: 'Executive Opportunity',
    message: 'Would you be open to a confidential conversation this week?',
  },
  {
    hoursAgo: 120,
    to: 'contact',
    index: 0,
    job: 0,
    template: 'candidate_submittal',
    subject: 'Candidate Submittal',
    message: 'She led two acquisitions and a finance transformation; I can share her full profile on request.',
  },
  {
    hoursAgo: 74,
    to: 'candidate',
    index: 1,
    job: 1,
    template: 'interview_schedule',
    subject: 'Interview Scheduled',
    message: 'Would Tuesday at 10:00 or Wednesday at 14:00 suit you?',
  },
  {
    hoursAgo: 50,
    to: 'contact',
    index: 2,
    job: 1,
    template: 'client_update',
    subject: 'Search Update',
    message: 'We have three finalists and expect to present them by Friday.',
  },
  {
    hoursAgo: 26,
    to: 'candidate',
    index: 2,
    job: null,
    template: 'follow_up',
    subject: 'Following Up',
    message: 'Thank you for your time on Monday. Please let me know if any questions came up.',
  },
  {
    hoursAgo: 3,
    to: 'contact',
    index: 3,
    job: null,
    template: 'follow_up',
    subject: 'Following Up',
    message: 'Could we find 20 minutes to review the shortlist together?',
  },
];

/**
 * A handful of e-mails to candidates and client contacts, sent through the e-mail command path so
 * they are recorded as any other. Only into the local outbox: with a real provider configured the
 * demo sends nothing to its made-up addresses. Each is a step at its time before `end`, for the
 * caller to issue in time order among the demo's other commands; `sent` counts those sent.
 */
export function planDemoEmails(
  deps: Deps,
  actor: DemoActor,
  people: DemoEmailPeople,
  end: number,
): { steps: Array<{ at: number; actor: DemoActor; run: (call: Call) => Promise<unknown> }>; sent: { count: number } } {
  const sent = { count: 0 };
  if (deps.integrations.mail.provider !== 'outbox') return { steps: [], sent };
  const withEmail = people.contacts.filter((c) => c.email);
  const steps = PLAN.map((planned) => ({
    at: end - planned.hoursAgo * 3600_000,
    actor,
    run: async (call: Call) => {
      const job = planned.job === null ? null : (people.jobs[planned.job % people.jobs.length] ?? null);
      if (planned.to === 'candidate') {
        const candidate = people.candidates[planned.index % people.candidates.length];
        if (!candidate) return;
        await sendTemplatedEmail(deps, call, {
          to: candidate.email,
          recipientName: candidate.firstName,
          template: planned.template,
          job,
          subject: planned.subject,
          message: planned.message,
          recipient: { type: 'candidate', id: candidate.id },
        });
      } else {
        const contact = withEmail[planned.index % Math.max(1, withEmail.length)];
        if (!contact?.email) return;
        await sendTemplatedEmail(deps, call, {
          to: contact.email,
          recipientName: greetingName(contact.name),
          template: planned.template,
          job: job && { title: job.title, clientName: null },
          subject: planned.subject,
          message: planned.message,
          recipient: { type: 'contact', id: contact.id, clientId: contact.clientId },
        });
      }
      sent.count++;
    },
  }));
  return { steps, sent };
}
