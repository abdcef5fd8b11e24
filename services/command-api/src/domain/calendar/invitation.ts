import {
  CALENDAR_MESSAGES,
  interviewCalendar,
  interviewForCalendar,
  interviewSummary,
  interviewUserIds,
  invitationMethodOf,
  type CurrentUser,
  type InterviewInvitationResult,
  type InterviewRecord,
} from '@ats/contracts';
import { toInterviewStreamId } from '@ats/events';
import { ConflictError, NotFoundError, ServiceUnavailableError } from '@ats/http-kit';
import { composeEmail, EmailSendError } from '@ats/mail';
import type { Doc, DocumentStore } from '@ats/storage';
import { scopeOf } from '../../command-handler';
import { interviewInvitations } from '../aggregates';
import type { Call, Deps } from '../context';
import { EmailSendFailedError } from '../communications/email';
import { recordCommunication } from '../communications/handlers';

type InterviewDoc = InterviewRecord & Doc;
type PersonDoc = { firstName: string; lastName: string; email: string } & Doc;

/** How long the invitation waits for the read model to show the interview's latest change (just scheduled or moved). */
const CATCH_UP_MS = 3000;

/**
 * The interview as the read model has it, once that includes the stream's last event (a user who
 * has just rescheduled sends the update in the next breath). A document with a `revision` is
 * compared to the stream's; one without it is waited for until it exists.
 */
async function currentInterview(deps: Deps, documents: DocumentStore, interviewId: number): Promise<InterviewDoc> {
  const stream = await deps.eventStore.readStream(toInterviewStreamId(interviewId));
  const last = stream.at(-1);
  if (!last) throw new NotFoundError('Interview', interviewId);
  const interviews = documents.collection<InterviewDoc>('interviews');
  const deadline = Date.now() + CATCH_UP_MS;
  for (;;) {
    const doc = await interviews.get(interviewId);
    if (doc && (doc.revision === undefined || doc.revision >= last.revision)) return doc;
    if (Date.now() > deadline) {
      if (doc) return doc;
      throw new ServiceUnavailableError('The interview is not readable yet. Please try again in a moment.');
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * "Monday, December 7, 2026 at 5:30 PM (Europe/Berlin, GMT+1)": in the time zone the recruiter
 * scheduled it in (she agreed the time with the candidate in it), UTC when none was kept. The
 * subject read "4:30 PM UTC" for a 17:30 Berlin phone screen (journeys seven).
 */
export function dateLine(iso: string, timeZone: string | null = null): string {
  const date = new Date(iso);
  if (!timeZone || timeZone === 'UTC')
    return new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeStyle: 'short', timeZone: 'UTC' }).format(date) + ' UTC';
  try {
    const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeStyle: 'short', timeZone }).format(date);
    const offset = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'shortOffset' })
      .formatToParts(date)
      .find((p) => p.type === 'timeZoneName')?.value;
    return `${when} (${timeZone}${offset ? `, ${offset}` : ''})`;
  } catch {
    return dateLine(iso);
  }
}

/**
 * E-mails the candidate the interview's calendar invitation with the .ics attached: a REQUEST at
 * the interview's current SEQUENCE (the first invitation or an update), or a CANCEL when it was
 * cancelled. Recorded as an e-mail communication on the candidate and as InterviewInvitationSent.
 */
export async function sendInterviewInvitation(
  deps: Deps,
  call: Call,
  user: CurrentUser,
  interviewId: number,
  input: { message?: string | undefined },
  host: string,
): Promise<InterviewInvitationResult> {
  const documents = deps.documents;
  if (!documents) throw new ServiceUnavailableError('The read models are not available to this service.');
  const interview = await currentInterview(deps, documents, interviewId);
  const [candidate, job, users] = await Promise.all([
    documents.collection<PersonDoc>('candidates').get(interview.candidateId),
    interview.jobId === null ? null : documents.collection<{ title: string; clientId: number | null } & Doc>('jobs').get(interview.jobId),
    documents.collection<PersonDoc>('users').getMany(interviewUserIds(interview)),
  ]);
  if (!candidate) throw new NotFoundError('Candidate', interview.candidateId);
  const address = candidate.email?.trim();
  if (!address) throw new ConflictError('candidate_without_email', CALENDAR_MESSAGES.candidateWithoutEmail);
  const client = job?.clientId ? await documents.collection<{ companyName: string } & Doc>('clients').get(job.clientId) : null;
  const usersById = new Map(users.map((u) => [String(u.id), u]));
  // the sender organises when the creator is not (or no longer) a team member on record
  if (!usersById.has(interview.createdBy)) usersById.set(interview.createdBy, { ...user, id: user.id });
  const entry = interviewForCalendar(interview, {
    candidate,
    job: job ? { title: job.title } : null,
    client: client ? { companyName: client.companyName } : null,
    users: usersById,
  });
  const method = invitationMethodOf(interview.status);
  const sequence = entry.sequence ?? 0;
  const prior = await interviewInvitations.state(deps.eventStore, interviewId);
  const ics = interviewCalendar(entry, { host, now: new Date(call.metadata.now), method, message: input.message });

  const what = interviewSummary(entry);
  const subject =
    method === 'CANCEL'
      ? `Cancelled: ${what}`
      : prior.last
        ? `Updated invitation: ${what} — ${dateLine(entry.scheduledAt, interview.timeZone ?? null)}`
        : `Invitation: ${what} — ${dateLine(entry.scheduledAt, interview.timeZone ?? null)}`;
  const details =
    method === 'CANCEL'
      ? `The interview planned for ${dateLine(entry.scheduledAt, interview.timeZone ?? null)} (${what}) has been cancelled. The attached calendar file removes it from your calendar.`
      : [
          `${prior.last ? 'The interview has changed. Here are the new details.' : 'You are invited to an interview.'}`,
          '',
          what,
          `When: ${dateLine(entry.scheduledAt, interview.timeZone ?? null)} (${entry.duration} minutes)`,
          ...(entry.videoLink ? [`Video link: ${entry.videoLink}`] : []),
          ...(entry.location ? [`Where: ${entry.location}`] : []),
          ...(entry.interviewers.length ? [`With: ${entry.interviewers.map((i) => i.name).join(', ')}`] : []),
          '',
          'The attached calendar file (.ics) adds it to your calendar in your own time zone.',
        ].join('\n');
  const body = composeEmail({
    recipientName: candidate.firstName,
    message: input.message?.trim() ? `${input.message.trim()}\n\n${details}` : details,
    senderName: call.metadata.actor.name,
    senderTeam: deps.integrations.teamName,
  });

  let sent;
  try {
    sent = await deps.integrations.mail.send({
      to: address,
      subject,
      text: body.text,
      html: body.html,
      replyTo: user.email,
      attachments: [
        {
          name: method === 'CANCEL' ? 'cancel.ics' : 'invite.ics',
          contentBase64: Buffer.from(ics, 'utf8').toString('base64'),
          contentType: `text/calendar; charset=utf-8; method=${method}`,
        },
      ],
    });
  } catch (error) {
    if (error instanceof EmailSendError) throw new EmailSendFailedError(error);
    throw error;
  }
  const recorded = await recordCommunication(deps, call, {
    type: 'email',
    subject,
    content: body.text,
    recipientType: 'candidate',
    recipientId: candidate.id as number,
    recipientAddress: address,
    sentAt: sent.delivered ? call.metadata.now : null,
    delivered: sent.delivered,
    provider: sent.provider,
    providerMessageId: sent.messageId,
    note: sent.note,
  });
  const outcome = await interviewInvitations.execute(scopeOf(deps, call), interviewId, {
    type: 'RecordInvitationSent',
    data: {
      interviewId,
      candidateId: interview.candidateId,
      communicationId: recorded.id ?? null,
      method,
      sequence,
      recipientAddress: address,
      delivered: sent.delivered,
    },
  });
  return { ...sent, communicationId: recorded.id ?? null, position: outcome.position, method, sequence };
}
