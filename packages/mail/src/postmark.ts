import { ServerClient } from 'postmark';
import { EmailSendError, type EmailSender } from './port';

export interface PostmarkOptions {
  serverToken: string;
  from: string;
  fromName?: string | undefined;
  /** tests point the real client at a local server */
  requestHost?: string | undefined;
  useHttps?: boolean | undefined;
  timeoutSeconds?: number | undefined;
}

/** Postmark through its official client. */
export function createPostmarkSender(options: PostmarkOptions): EmailSender {
  const client = new ServerClient(options.serverToken, {
    useHttps: options.useHttps ?? true,
    ...(options.requestHost ? { requestHost: options.requestHost } : {}),
    timeout: options.timeoutSeconds ?? 15,
  });
  const from = options.fromName ? `${options.fromName.replace(/["<>]/g, '')} <${options.from}>` : options.from;
  return {
    provider: 'postmark',
    async send(email) {
      try {
        const res = await client.sendEmail({
          From: from,
          To: email.to,
          Subject: email.subject,
          HtmlBody: email.html,
          TextBody: email.text,
          ReplyTo: email.replyTo,
          MessageStream: 'outbound',
          ...(email.attachments?.length
            ? {
                Attachments: email.attachments.map((a) => ({
                  Name: a.name,
                  Content: a.contentBase64,
                  ContentType: a.contentType,
                  ContentID: null,
                })),
              }
            : {}),
        });
        if (res.ErrorCode !== 0) throw new EmailSendError(res.Message, 422, res.ErrorCode);
        return { delivered: true, provider: 'postmark', messageId: res.MessageID, note: 'Sent through Postmark.' };
      } catch (error) {
        if (error instanceof EmailSendError) throw error;
        const e = error as { message?: string; statusCode?: number; code?: number };
        throw new EmailSendError(
          e.message ?? 'Postmark request failed',
          typeof e.statusCode === 'number' ? e.statusCode : null,
          typeof e.code === 'number' ? e.code : null,
        );
      }
    },
    async check() {
      try {
        const server = await client.getServer();
        return { connected: true, message: `Connected to Postmark server "${server.Name}"; sending as ${from}.` };
      } catch (error) {
        return { connected: false, message: `Postmark is configured but not reachable: ${(error as Error).message}` };
      }
    },
  };
}
