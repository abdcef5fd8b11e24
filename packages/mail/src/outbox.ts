import { randomUUID } from 'node:crypto';
import type { EmailSender } from './port';

/**
 * The default sender when no provider is configured: nothing leaves the machine. The caller
 * records the message as a communication marked "not delivered", and the UI says so.
 */
export function createOutbox(): EmailSender {
  return {
    provider: 'outbox',
    async send() {
      return {
        delivered: false,
        provider: 'outbox',
        messageId: `outbox-${randomUUID()}`,
        note: 'Saved to the local outbox — not delivered (no e-mail provider is configured).',
      };
    },
    async check() {
      return {
        connected: false,
        message:
          'No e-mail provider configured: messages are kept in the local outbox and not delivered. Set POSTMARK_SERVER_TOKEN, EMAIL_FROM and EMAIL_FROM_NAME to send.',
      };
    },
  };
}
