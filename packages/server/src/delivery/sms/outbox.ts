import type { Db } from '../../db/pool.ts';
import { type OutboxOrigin, recordOutboxSend } from '../outbox/outbox.ts';
import type { SmsMessage, SmsSender } from './sms-sender.ts';

/** The demo default: records each SMS in the database (adhoc_outbox) instead of sending it. */
export function createOutboxSmsSender(db: Db, origin: OutboxOrigin): SmsSender {
  return {
    async send(message: SmsMessage) {
      const messageId = await recordOutboxSend(db, origin, {
        channel: 'SMS',
        to: message.to,
        from: message.from,
        body: message.body,
        bodyText: message.body,
      });
      return { messageId };
    },
  };
}
