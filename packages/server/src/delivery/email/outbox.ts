import type { Db } from '../../db/pool.ts';
import { type OutboxOrigin, recordOutboxSend } from '../outbox/outbox.ts';
import type { EmailMessage, EmailSender } from './email-sender.ts';

/** The demo default: records each e-mail in the database (adhoc_outbox) instead of sending it. */
export function createOutboxEmailSender(db: Db, origin: OutboxOrigin): EmailSender {
  return {
    async send(message: EmailMessage) {
      const messageId = await recordOutboxSend(db, origin, {
        channel: 'EML',
        to: message.to,
        from: message.from,
        fromName: message.fromName,
        subject: message.subject,
        preview: message.previewText,
        body: message.html,
        bodyText: message.text,
      });
      return { messageId };
    },
  };
}
