/** The e-mail port: Postmark when configured, otherwise a local outbox that delivers nothing. */
export interface OutgoingEmail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** reply-to, e.g. the recruiter who sent it */
  replyTo?: string | undefined;
  /** files sent along, e.g. an interview's .ics invitation */
  attachments?: EmailAttachment[] | undefined;
}

export interface EmailAttachment {
  /** file name, e.g. invite.ics */
  name: string;
  /** the file's bytes, base64 */
  contentBase64: string;
  /** e.g. text/calendar; method=REQUEST */
  contentType: string;
}

export interface SendResult {
  /** false for the outbox: the message was recorded, not sent */
  delivered: boolean;
  provider: 'postmark' | 'outbox';
  messageId: string | null;
  /** what the UI should say about it */
  note: string;
}

export interface ConnectionCheck {
  connected: boolean;
  message: string;
}

export interface EmailSender {
  readonly provider: 'postmark' | 'outbox';
  send(email: OutgoingEmail): Promise<SendResult>;
  check(): Promise<ConnectionCheck>;
}

/** A provider refused or failed to send; `status` is the HTTP status when there was one. */
export class EmailSendError extends Error {
  override readonly name = 'EmailSendError';
  constructor(
    message: string,
    readonly status: number | null,
    readonly providerCode: number | null,
  ) {
    super(message);
  }
}
