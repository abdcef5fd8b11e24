import { renderEmail, textToHtml, type CurrentUser, type ParsedBodyOf, type contracts } from '@ats/contracts';
import { EmailSendError, type OutgoingEmail, type SendResult } from '@ats/mail';
import { DomainError } from '@ats/http-kit';
import type { Call, Deps } from '../context';
import { createFactsReader } from '../../read-models/facts';
import { recordCommunication } from './handlers';

type CandidateEmailInput = ParsedBodyOf<typeof contracts.sendCandidateEmail>;
type EmailInput = ParsedBodyOf<typeof contracts.sendEmail>;

export interface EmailReply extends SendResult {
  communicationId: number | null;
  position: number;
}

/** The provider refused or failed: 502 with its message; nothing is recorded. */
export class EmailSendFailedError extends DomainError {
  constructor(error: EmailSendError) {
    super(502, 'email_send_failed', 'E-mail not sent', `The e-mail provider did not accept the message: ${error.message}`, {
      providerStatus: error.status,
      providerCode: error.providerCode,
    });
  }
}

async function deliver(deps: Deps, email: OutgoingEmail): Promise<SendResult> {
  try {
    return await deps.integrations.mail.send(email);
  } catch (error) {
    if (error instanceof EmailSendError) throw new EmailSendFailedError(error);
    throw error;
  }
}

/**
 * Sends through the configured sender (Postmark or the local outbox) and records what was sent
 * or kept as a communication. A failed send records nothing.
 */
async function sendAndRecord(
  deps: Deps,
  call: Call,
  email: OutgoingEmail,
  recipient: { type: 'candidate' | 'other'; id: number | null },
): Promise<EmailReply> {
  const sent = await deliver(deps, email);
  const recorded = await recordCommunication(deps, call, {
    type: 'email',
    subject: email.subject,
    content: email.text,
    recipientType: recipient.type,
    recipientId: recipient.id,
    recipientAddress: email.to,
    sentAt: sent.delivered ? call.metadata.now : null,
    delivered: sent.delivered,
    provider: sent.provider,
    providerMessageId: sent.messageId,
    note: sent.note,
  });
  return { ...sent, communicationId: recorded.id ?? null, position: recorded.position };
}

/** E-mail a candidate from a template: the template's opening, the user's message, the team's sign-off. */
export async function sendCandidateEmail(
  deps: Deps,
  call: Call,
  user: CurrentUser,
  candidateId: number,
  input: CandidateEmailInput,
): Promise<EmailReply> {
  const facts = createFactsReader(deps.documents);
  const candidate = await facts.candidateDoc(candidateId);
  const job = input.jobId ? await facts.job(input.jobId) : null;
  // the same function the Send Email dialog previews with
  const body = renderEmail({
    template: input.template,
    job,
    recipientName: candidate.firstName,
    message: input.customData.message,
    senderTeam: deps.integrations.teamName,
  });
  return sendAndRecord(
    deps,
    call,
    { to: candidate.email, subject: input.customData.subject, text: body.text, html: body.html, replyTo: user.email },
    { type: 'candidate', id: candidate.id },
  );
}

/** A custom e-mail as composed by the client; recorded on the candidate named or whose address it is. */
export async function sendEmail(deps: Deps, call: Call, user: CurrentUser, input: EmailInput): Promise<EmailReply> {
  const facts = createFactsReader(deps.documents);
  const candidate = input.candidateId ? await facts.candidateDoc(input.candidateId) : await facts.candidateByEmail(input.to);
  const html = input.html?.trim() ? input.html : textToHtml(input.text);
  return sendAndRecord(
    deps,
    call,
    { to: input.to, subject: input.subject, text: input.text, html, replyTo: user.email },
    candidate ? { type: 'candidate', id: candidate.id } : { type: 'other', id: null },
  );
}
