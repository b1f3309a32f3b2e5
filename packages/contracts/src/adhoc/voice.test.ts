import { describe, expect, it } from 'vitest';
import {
  AUDIO_FILE_NAME_PATTERN,
  audioFileName,
  isWavFile,
  isWavHeader,
  libraryCode,
  NO_FILE_SELECTED_ALERT,
  parseVoiceDialerAddress,
  VOICE_CALLER_ID_OPTIONS,
  VOICE_REPLAY_DIGIT_OPTIONS,
  VOICE_RETRIES_OPTIONS,
  voiceDialerAddress,
  WAV_ONLY_ALERT,
} from './voice.ts';

describe('voice choices (doc 2 §5)', () => {
  it('offers retries none, 1, 2 and 3', () => {
    expect(VOICE_RETRIES_OPTIONS.map((option) => option.label)).toEqual(['none', '1', '2', '3']);
    expect(VOICE_RETRIES_OPTIONS.map((option) => option.value)).toEqual([null, 1, 2, 3]);
  });

  it('offers replay digit none or 0 to 9', () => {
    expect(VOICE_REPLAY_DIGIT_OPTIONS.map((option) => option.label)).toEqual([
      'none',
      '0',
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
    ]);
  });

  it('offers one toll-free caller ID or none', () => {
    expect(VOICE_CALLER_ID_OPTIONS).toEqual([
      { value: null, label: 'none' },
      { value: '8005550199', label: '(800) 555-0199' },
    ]);
  });
});

describe('voice library code and audio file names (doc 2 §9)', () => {
  it('is the year prefix plus the template id padded to 4 digits', () => {
    expect(libraryCode(42)).toBe('20190042');
    expect(libraryCode(7, '2024')).toBe('20240007');
    expect(libraryCode(9999)).toBe('20199999');
    expect(libraryCode(12345)).toBe('201912345');
  });

  it('refuses an id that is not a positive integer', () => {
    expect(() => libraryCode(0)).toThrow(RangeError);
    expect(() => libraryCode(1.5)).toThrow(RangeError);
  });

  it('names audio files DSSD_{language id padded to 2}_{library}_{01 machine | 02 live}.wav', () => {
    expect(audioFileName(1, '20190042', 'machine')).toBe('DSSD_01_20190042_01.wav');
    expect(audioFileName(12, '20190042', 'live')).toBe('DSSD_12_20190042_02.wav');
    expect(AUDIO_FILE_NAME_PATTERN.test('DSSD_12_20190042_02.wav')).toBe(true);
    expect(AUDIO_FILE_NAME_PATTERN.test('../DSSD_12_20190042_02.wav')).toBe(false);
  });
});

describe('WAV uploads (doc 2 §5)', () => {
  it('keeps the alert texts of the specification', () => {
    expect(WAV_ONLY_ALERT).toBe(
      'Please only select audio files in the WAV format ending in the .wav file name extension.',
    );
    expect(NO_FILE_SELECTED_ALERT).toBe(
      'WARNING! No file has been selected, nothing has changed. If a file has been uploaded previously it will remain.',
    );
  });

  it('accepts a file of type audio/wav whose name contains .wav', () => {
    expect(isWavFile({ name: 'outage.wav', type: 'audio/wav' })).toBe(true);
    expect(isWavFile({ name: 'OUTAGE.WAV', type: 'audio/x-wav' })).toBe(true);
  });

  it('refuses other types and names', () => {
    expect(isWavFile({ name: 'outage.mp3', type: 'audio/mpeg' })).toBe(false);
    expect(isWavFile({ name: 'outage.mp3', type: 'audio/wav' })).toBe(false);
    expect(isWavFile({ name: 'outage.wav', type: 'text/plain' })).toBe(false);
  });

  it('recognises a RIFF....WAVE header', () => {
    const header = new Uint8Array([
      0x52, 0x49, 0x46, 0x46, 0x24, 0x08, 0, 0, 0x57, 0x41, 0x56, 0x45, 0x66, 0x6d,
    ]);
    expect(isWavHeader(header)).toBe(true);
  });

  it('rejects other content and headers shorter than 12 bytes', () => {
    expect(isWavHeader(new TextEncoder().encode('RIFF\0\0\0\0AVI LIST'))).toBe(false);
    expect(isWavHeader(new TextEncoder().encode('ID3\u0004\0\0\0\0\0\0\0\0'))).toBe(false);
    expect(isWavHeader(new TextEncoder().encode('RIFF\0\0\0\0WAV'))).toBe(false);
  });
});

describe('dialer address of a voice language record', () => {
  it('is the template id and the language name joined by a hyphen', () => {
    expect(voiceDialerAddress(42, 'spanish')).toBe('42-spanish');
    expect(voiceDialerAddress(7, 'chinese-mandarin')).toBe('7-chinese-mandarin');
  });

  it('reads back the template id and language', () => {
    expect(parseVoiceDialerAddress('42-chinese-cantonese')).toEqual({
      templateId: 42,
      language: 'chinese-cantonese',
    });
  });

  it('refuses anything else', () => {
    for (const bad of [
      '42',
      '42-klingon',
      '0-english',
      'x-english',
      '42-english/..',
      '-english',
      '42-English',
    ]) {
      expect(parseVoiceDialerAddress(bad), bad).toBeUndefined();
    }
  });
});
