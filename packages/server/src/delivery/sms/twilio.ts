import { createTwilioResource, type TwilioConfig } from '../twilio-api.ts';
import type { SmsMessage, SmsSender } from './sms-sender.ts';

/** SMS through Twilio's Messages resource (or a provider with the same API). */
export function createTwilioSmsSender(config: TwilioConfig): SmsSender {
  return {
    async send(message: SmsMessage): Promise<{ messageId: string }> {
      const sid = await createTwilioResource(config, 'sms', 'Messages', {
        To: message.to,
        From: message.from,
        Body: message.body,
      });
      return { messageId: sid };
    },
  };
}
