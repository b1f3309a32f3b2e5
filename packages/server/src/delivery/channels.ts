import type { Config } from '../config.ts';
import type { Db } from '../db/pool.ts';
import type { EmailSender } from './email/email-sender.ts';
import { createOutboxEmailSender } from './email/outbox.ts';
import { createSmtpEmailSender } from './email/smtp.ts';
import type { OutboxOrigin } from './outbox/outbox.ts';
import { createOutboxSmsSender } from './sms/outbox.ts';
import type { SmsSender } from './sms/sms-sender.ts';
import { createTwilioSmsSender } from './sms/twilio.ts';
import { createOutboxVoiceCaller } from './voice/outbox.ts';
import { createTwilioVoiceCaller } from './voice/twilio.ts';
import type { VoiceCaller } from './voice/voice-caller.ts';

/**
 * The adapter of each channel, chosen by configuration (EMAIL_TRANSPORT, SMS_PROVIDER, VOICE_PROVIDER).
 * Built per send: the outbox adapters record who sent what for which template, and an SMTP adapter
 * opens one connection per message anyway.
 */
export function emailSenderFor(config: Config, db: Db, origin: OutboxOrigin): EmailSender {
  const transport = config.delivery.emailTransport;
  return transport === 'outbox' ? createOutboxEmailSender(db, origin) : createSmtpEmailSender(transport);
}

export function smsSenderFor(config: Config, db: Db, origin: OutboxOrigin): SmsSender {
  const { smsProvider, twilio } = config.delivery;
  return smsProvider === 'twilio' && twilio
    ? createTwilioSmsSender(twilio)
    : createOutboxSmsSender(db, origin);
}

export function voiceCallerFor(
  config: Config,
  db: Db,
  origin: OutboxOrigin,
  recording?: { fileName: string },
): VoiceCaller {
  const { voiceProvider, twilio } = config.delivery;
  return voiceProvider === 'twilio' && twilio
    ? createTwilioVoiceCaller(twilio)
    : createOutboxVoiceCaller(db, origin, recording);
}

/** Whether calls go to a real provider, which must fetch recordings through a public URL. */
export function voiceUsesProvider(config: Config): boolean {
  return config.delivery.voiceProvider === 'twilio';
}
