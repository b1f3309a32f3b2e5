import type { Db } from '../../db/pool.ts';
import { type OutboxOrigin, recordOutboxSend } from '../outbox/outbox.ts';
import { ProviderError } from '../provider-error.ts';
import type { VoiceCall, VoiceCaller } from './voice-caller.ts';

/**
 * The demo default: records each call in the database (adhoc_outbox) instead of dialling. A call
 * carries a recording (its file name is kept) or the text a provider would speak, like a real call.
 */
export function createOutboxVoiceCaller(
  db: Db,
  origin: OutboxOrigin,
  recording?: { fileName: string },
): VoiceCaller {
  return {
    async call(call: VoiceCall) {
      if (!call.audioUrl && !call.text) {
        throw new ProviderError('A voice call needs an audio URL or a text to say', 'voice');
      }
      const callId = await recordOutboxSend(db, origin, {
        channel: 'PHON',
        to: call.to,
        from: call.from,
        body: call.text,
        bodyText: call.text,
        audioFile: recording?.fileName,
        audioUrl: call.audioUrl,
      });
      return { callId };
    },
  };
}
