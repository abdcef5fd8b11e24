import {
  greetingName,
  renderEmail,
  textToHtml,
  type EmailJobFacts,
  type EmailTemplateName,
  type CurrentUser,
  type ParsedBodyOf,
  type contracts,
} from '@ats/contracts';
import { EmailSendError, type OutgoingEmail, type SendResult } from '@ats/mail';
import { DomainError, NotFoundError } from '@ats/http-kit';
import type { Doc } from '@ats/storage';
import type { ClientDetail } from '@ats/contracts';
import { candidateEmails, clientContacts, clients, isLiveClient } from '../aggregates';
import type { Call, Deps } from '../context';
import { createFactsReader } from '../../read-models/facts';
import { recordCommunication } from './handlers';

type CandidateEmailInput = ParsedBodyOf<typeof contracts.sendCandidateEmail>;
type EmailInput = ParsedBodyOf<typeof contracts.sendEmail>;
type ContactEmailInput = ParsedBodyOf<typeof contracts.sendContactEmail>;

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

/** A contact person without an address cannot be e-mailed: 409 that says so (the UI disables the button). */
export class ContactHasNoEmailError extends DomainError {
  constructor(name: string) {
    super(409, 'contact_has_no_email', 'Contact has no e-mail address', `${name} has no e-mail address. Add one to the contact first.`);
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
  recipient: { type: 'candidate' | 'contact' | 'other'; id: number | null; clientId?: number | null },
  template: string | null,
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
    template,
    ...(recipient.clientId ? { clientId: recipient.clientId } : {}),
  });
  return { ...sent, communicationId: recorded.id ?? null, position: recorded.position };
}

/** A template e-mail to someone the caller has already looked up (the routes, and the demo seed which knows its people). */
export interface TemplatedEmail {
  to: string;
  recipientName: string | null;
  template: EmailTemplateName;
  job: EmailJobFacts | null;
  subject: string;
  message: string;
  replyTo?: string | undefined;
  recipient: { type: 'candidate' | 'contact' | 'other'; id: number | null; clientId?: number | null };
}

/** Writes the template (the same function the dialogs preview with), sends it and records it. */
export function sendTemplatedEmail(deps: Deps, call: Call, email: TemplatedEmail): Promise<EmailReply> {
  const body = renderEmail({
    template: email.template,
    job: email.job,
    recipientName: email.recipientName,
    message: email.message,
    senderName: call.metadata.actor.name,
    senderTeam: deps.integrations.teamName,
  });
  return sendAndRecord(
    deps,
    call,
    { to: email.to, subject: email.subject, text: body.text, html: body.html, replyTo: email.replyTo },
    email.recipient,
    email.template,
  );
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
    senderName: call.metadata.actor.name,
    senderTeam: deps.integrations.teamName,
  });
  return sendAndRecord(
    deps,
    call,
    { to: candidate.email, subject: input.customData.subject, text: body.text, html: body.html, replyTo: user.email },
    { type: 'candidate', id: candidate.id },
    input.template,
  );
}

/**
 * E-mail a client's contact person from a template. The contact must be live (its stream says
 * so, and its client is not deleted); its name and address come from the client's read model.
 */
export async function sendContactEmail(
  deps: Deps,
  call: Call,
  user: CurrentUser,
  contactId: number,
  input: ContactEmailInput,
): Promise<EmailReply> {
  const state = await clientContacts.state(deps.eventStore, contactId);
  if (state.status !== 'active') throw new NotFoundError('Contact', contactId);
  if (!isLiveClient(await clients.state(deps.eventStore, state.clientId))) throw new NotFoundError('Contact', contactId);
  if (!deps.documents) throw new NotFoundError('Contact', contactId);
  const client = await deps.documents.collection<ClientDetail & Doc>('clients').get(state.clientId);
  const contact = client?.contacts?.find((c) => c.id === contactId);
  if (!client || !contact) throw new NotFoundError('Contact', contactId);
  if (!contact.email?.trim()) throw new ContactHasNoEmailError(contact.name);
  const job = input.jobId ? await createFactsReader(deps.documents).job(input.jobId) : null;
  return sendTemplatedEmail(deps, call, {
    to: contact.email.trim(),
    recipientName: greetingName(contact.name),
    template: input.template,
    job,
    subject: input.customData.subject,
    message: input.customData.message,
    replyTo: user.email,
    recipient: { type: 'contact', id: contact.id, clientId: client.id },
  });
}

/** A custom e-mail as composed by the client; recorded on the candidate named or whose address it is. */
export async function sendEmail(deps: Deps, call: Call, user: CurrentUser, input: EmailInput): Promise<EmailReply> {
  const facts = createFactsReader(deps.documents);
  // whose address it is: the address's reservation first (the log, never behind: an e-mail sent
  // right after the candidate was registered was recorded as to nobody, unsealed, and an erasure
  // could not take it out of the log; sweep nine), then the read model (addresses of older records)
  const reserved = input.candidateId ? null : await candidateEmails.state(deps.eventStore, input.to).catch(() => null);
  const candidate = input.candidateId
    ? await facts.candidateDoc(input.candidateId)
    : reserved?.status === 'reserved'
      ? { id: reserved.candidateId }
      : await facts.candidateByEmail(input.to);
  const html = input.html?.trim() ? input.html : textToHtml(input.text);
  return sendAndRecord(
    deps,
    call,
    { to: input.to, subject: input.subject, text: input.text, html, replyTo: user.email },
    candidate ? { type: 'candidate', id: candidate.id } : { type: 'other', id: null },
    'custom',
  );
}
