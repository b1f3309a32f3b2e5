import { ADHOC_LANGUAGES, type AdhocLanguageName } from './languages.ts';

export interface VoiceOption<T> {
  value: T;
  label: string;
}

/** Retries (doc 2 §5): none, 1, 2 or 3. "none" is stored as null (retries_bint not set). */
export const VOICE_RETRIES = [1, 2, 3] as const;
export const VOICE_RETRIES_OPTIONS: readonly VoiceOption<number | null>[] = [
  { value: null, label: 'none' },
  ...VOICE_RETRIES.map((value) => ({ value, label: String(value) })),
];

/** Replay digit (doc 2 §5): none or one key 0–9. "none" is stored as null (replayDigit_chr not set). */
export const VOICE_REPLAY_DIGITS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;
export const VOICE_REPLAY_DIGIT_OPTIONS: readonly VoiceOption<string | null>[] = [
  { value: null, label: 'none' },
  ...VOICE_REPLAY_DIGITS.map((value) => ({ value, label: value })),
];

/**
 * The one toll-free caller ID (doc 2 §5: "one toll-free option or none"). 555-01xx numbers are reserved
 * as fictitious, so this placeholder can never ring a real line; a deployment replaces it with its own.
 * The voice record keeps the chosen caller ID in from_vch, the record's "from" in every channel.
 */
export const VOICE_CALLER_ID = '8005550199';
export const VOICE_CALLER_ID_OPTIONS: readonly VoiceOption<string | null>[] = [
  { value: null, label: 'none' },
  { value: VOICE_CALLER_ID, label: '(800) 555-0199' },
];

/** LIBRARY_YEAR_PREFIX's default (DESIGN §4). */
export const DEFAULT_LIBRARY_YEAR_PREFIX = '2019';

/**
 * The voice library code of a template (doc 2 §9): a fixed year prefix plus the template id padded to 4
 * digits ('2019' + 42 = '20190042'). Ids above 9999 keep all their digits.
 */
export function libraryCode(templateId: number, yearPrefix: string = DEFAULT_LIBRARY_YEAR_PREFIX): string {
  if (!Number.isSafeInteger(templateId) || templateId < 1) {
    throw new RangeError(`template id must be a positive integer, got ${templateId}`);
  }
  return `${yearPrefix}${String(templateId).padStart(4, '0')}`;
}

/**
 * The dialer address of a voice language record: `{template id}-{language name}` (e.g. `42-spanish`,
 * `42-chinese-mandarin`). It names the record an audio upload belongs to, in the upload path
 * /api/v1/adhoc/upload/{live|machine}/{dialerAddress} and the audio path, and is one safe path segment.
 * The server fills it in on every voice record; the console sends it back as it is.
 */
export function voiceDialerAddress(templateId: number, language: AdhocLanguageName): string {
  return `${templateId}-${language}`;
}

/** Reads a dialer address; undefined when it is not `{id}-{language}` with a language of the voice list. */
export function parseVoiceDialerAddress(
  address: string,
): { templateId: number; language: AdhocLanguageName } | undefined {
  const match = /^([1-9][0-9]{0,15})-([a-z-]+)$/.exec(address);
  if (!match) return undefined;
  const templateId = Number(match[1]);
  const language = ADHOC_LANGUAGES.find((candidate) => candidate.name === match[2]);
  if (!Number.isSafeInteger(templateId) || !language) return undefined;
  return { templateId, language: language.name };
}

export const AUDIO_KINDS = ['machine', 'live'] as const;
export type AudioKind = (typeof AUDIO_KINDS)[number];

const AUDIO_KIND_CODES: Readonly<Record<AudioKind, string>> = { machine: '01', live: '02' };

/** DSSD_{language id padded to 2}_{library}_{01 machine | 02 live}.wav (doc 2 §9, DESIGN §4). */
export function audioFileName(languageId: number, library: string, kind: AudioKind): string {
  return `DSSD_${String(languageId).padStart(2, '0')}_${library}_${AUDIO_KIND_CODES[kind]}.wav`;
}

/** What audioFileName produces; the server accepts only such names, so no upload can name another path. */
export const AUDIO_FILE_NAME_PATTERN = /^DSSD_\d{2}_\d+_0[12]\.wav$/;

/** Largest recording accepted: a few minutes of 16-bit 44.1 kHz stereo. */
export const MAX_AUDIO_BYTES = 50 * 1024 * 1024;
/** Said when a recording is over MAX_AUDIO_BYTES: by the console before sending it, by the server otherwise. */
export const AUDIO_TOO_LARGE_TEXT = `The recording is larger than ${MAX_AUDIO_BYTES / 1024 / 1024} MB.`;

export const WAV_ONLY_ALERT =
  'Please only select audio files in the WAV format ending in the .wav file name extension.';
export const NO_FILE_SELECTED_ALERT =
  'WARNING! No file has been selected, nothing has changed. If a file has been uploaded previously it will remain.';

/**
 * The MIME types browsers give WAV files: audio/wav is the one the specification names; Safari and some
 * systems report the older aliases for the same format, and refusing them would refuse real WAV files.
 */
export const WAV_MIME_TYPES = ['audio/wav', 'audio/x-wav', 'audio/wave', 'audio/vnd.wave'] as const;

/**
 * The console's check before an upload (doc 2 §5): a WAV type and a name containing .wav (case ignored).
 * The server checks the content itself with isWavHeader.
 */
export function isWavFile(file: { name: string; type: string }): boolean {
  return (
    (WAV_MIME_TYPES as readonly string[]).includes(file.type.toLowerCase()) &&
    file.name.toLowerCase().includes('.wav')
  );
}

const ascii = (bytes: Uint8Array, from: number, to: number): string =>
  String.fromCharCode(...bytes.subarray(from, to));

/** True when the bytes start with a RIFF/WAVE header: 'RIFF', a 4-byte size, 'WAVE'. */
export function isWavHeader(bytes: Uint8Array): boolean {
  return bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WAVE';
}
