/**
 * Sends one SMS (ad hoc template test sends). Adapters: `twilio.ts` (HTTP provider); an `outbox`
 * adapter that records sends in the database can implement the same interface.
 */
export interface SmsSender {
  send(message: SmsMessage): Promise<{ messageId: string }>;
}

export interface SmsMessage {
  /** E.164 number, e.g. +14155550100. */
  to: string;
  from: string;
  body: string;
}
