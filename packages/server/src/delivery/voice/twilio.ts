import { ProviderError } from '../provider-error.ts';
import { createTwilioResource, type TwilioConfig } from '../twilio-api.ts';
import type { VoiceCall, VoiceCaller } from './voice-caller.ts';

/** Calls through Twilio's Calls resource (or a provider with the same API), with inline TwiML. */
export function createTwilioVoiceCaller(config: TwilioConfig): VoiceCaller {
  return {
    async call(call: VoiceCall): Promise<{ callId: string }> {
      const sid = await createTwilioResource(config, 'voice', 'Calls', {
        To: call.to,
        From: call.from,
        Twiml: twimlFor(call),
      });
      return { callId: sid };
    },
  };
}

/** `<Play>` the recording when there is one, else `<Say>` the text. */
export function twimlFor(call: VoiceCall): string {
  if (call.audioUrl) return `<Response><Play>${escapeXml(call.audioUrl)}</Play></Response>`;
  if (call.text) return `<Response><Say>${escapeXml(call.text)}</Say></Response>`;
  throw new ProviderError('A voice call needs an audio URL or a text to say', 'voice');
}

function escapeXml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;');
}
