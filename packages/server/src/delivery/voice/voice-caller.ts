/**
 * Places one voice call that plays a recording or speaks a text (ad hoc template test calls).
 * Adapters: `twilio.ts` (HTTP provider); an `outbox` adapter that records calls in the database can
 * implement the same interface.
 */
export interface VoiceCaller {
  call(call: VoiceCall): Promise<{ callId: string }>;
}

export interface VoiceCall {
  /** E.164 number, e.g. +14155550100. */
  to: string;
  from: string;
  /** Public URL of the recorded message; played when given. */
  audioUrl?: string;
  /** Text spoken by the provider's text-to-speech when there is no recording. */
  text?: string;
}
