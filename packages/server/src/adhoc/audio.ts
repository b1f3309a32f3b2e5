import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { type FileHandle, mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  type AdhocLanguageName,
  AUDIO_FILE_NAME_PATTERN,
  AUDIO_TOO_LARGE_TEXT,
  type AudioKind,
  audioFileName,
  findLanguage,
  isWavHeader,
  libraryCode,
  WAV_ONLY_ALERT,
} from '@psps/contracts';
import type { Config } from '../config.ts';
import type { Db } from '../db/pool.ts';
import { badRequest, HttpError } from '../http/errors.ts';

/** How long a voice provider may fetch a recording through its link. */
const AUDIO_LINK_TTL_SECONDS = 3600;

/**
 * Why a stored upload is no recording a dialer can play, or undefined when it is one: it must have the RIFF/WAVE
 * header, and, walking its chunks (as written: each an id, a size and that many bytes), a 'fmt ' chunk naming
 * channels and a sample rate before a 'data' chunk holding sound. A file of the header alone, or one whose sound
 * was never written, would otherwise be accepted and heard as silence, or refused by the dialer, only when it calls.
 */
/** Chunks of a WAV file walked looking for its sound; a file with more before the sound is refused. */
const WAV_MAX_CHUNKS = 64;

async function wavProblem(handle: FileHandle): Promise<string | undefined> {
  const { size } = await handle.stat();
  const read = async (position: number, length: number) => {
    const bytes = Buffer.alloc(length);
    const { bytesRead } = await handle.read(bytes, 0, length, position);
    return bytes.subarray(0, bytesRead);
  };
  if (!isWavHeader(await read(0, 12))) {
    return `The file is not a WAV recording (no RIFF/WAVE header). ${WAV_ONLY_ALERT}`;
  }
  const silent =
    'The WAV file holds no sound (no audio data). Record or export the message again as a WAV file.';
  let format = false;
  for (let offset = 12, chunks = 0; offset + 8 <= size; ) {
    // A recording has a handful of chunks (format, tags, sound). A file of millions of empty ones took minutes of
    // reads to walk: it is refused once the sound has not come within the first WAV_MAX_CHUNKS.
    chunks += 1;
    if (chunks > WAV_MAX_CHUNKS) {
      return `The WAV file has more than ${WAV_MAX_CHUNKS} parts (chunks) before its sound, which no recorder writes. Record or export the message again as a WAV file.`;
    }
    const chunk = await read(offset, 8);
    const id = chunk.toString('latin1', 0, 4);
    const length = chunk.readUInt32LE(4);
    if (id === 'fmt ') {
      const fmt = await read(offset + 8, 16);
      if (fmt.length < 16 || fmt.readUInt16LE(2) === 0 || fmt.readUInt32LE(4) === 0) {
        return 'The WAV file does not say how its sound is recorded (its format chunk is missing or broken). Record or export the message again as a WAV file.';
      }
      format = true;
    } else if (id === 'data') {
      if (!format) {
        return 'The WAV file does not say how its sound is recorded (no format chunk before its audio). Record or export the message again as a WAV file.';
      }
      if (length === 0 || offset + 8 >= size) return silent;
      // Sound ending before the length the header gives: a copy or export taken before it was complete, whose
      // message the dialer would play cut off. 0xFFFFFFFF is the length a streaming recorder leaves unknown.
      const held = size - offset - 8;
      if (length !== 0xffffffff && length > held) {
        const bytes = (n: number) => n.toLocaleString('en-US');
        return `The WAV file is cut short: its header promises ${bytes(length)} bytes of sound but it holds ${bytes(held)} (the file was copied or exported before it was complete). Record or export the message again as a WAV file.`;
      }
      return undefined;
    }
    offset += 8 + length + (length % 2);
  }
  return silent;
}

/**
 * Recordings live under DATA_DIR/audio with the names of DESIGN §4 (DSSD_{language id}_{library}_{01|02}.wav),
 * the names the dialer knows them by. With several servers, DATA_DIR must be shared storage.
 */
export function audioStore(config: Config) {
  const dir = path.join(config.dataDir, 'audio');

  function library(templateId: number): string {
    return libraryCode(templateId, config.libraryYearPrefix);
  }

  function fileName(templateId: number, language: AdhocLanguageName, kind: AudioKind): string {
    const languageId = findLanguage(language)?.id;
    if (languageId === undefined) throw badRequest(`Unknown language ${language}.`);
    return audioFileName(languageId, library(templateId), kind);
  }

  /** A stored file's path; only names of the DSSD pattern resolve, so no request can name another path. */
  function pathOf(name: string): string {
    if (!AUDIO_FILE_NAME_PATTERN.test(name)) throw badRequest('Not an audio file name.');
    return path.join(dir, name);
  }

  return {
    library,
    fileName,

    /**
     * Streams an upload to a temporary file, then checks that it is a WAV recording with sound (wavProblem) and
     * not truncated by the size limit. Answers the function that moves it into place (called once the template is locked
     * for the edit) and a cleanup for when that never happens.
     */
    async receive(
      name: string,
      stream: Readable & { truncated?: boolean },
    ): Promise<{ commit: () => Promise<void>; discard: () => Promise<void> }> {
      const target = pathOf(name);
      await mkdir(dir, { recursive: true });
      const temp = path.join(dir, `.${name}.${randomBytes(6).toString('hex')}.part`);
      const discard = () => rm(temp, { force: true });
      try {
        await pipeline(stream, createWriteStream(temp, { flags: 'wx' }));
        if (stream.truncated) {
          throw new HttpError(413, 'payload_too_large', AUDIO_TOO_LARGE_TEXT);
        }
        const handle = await open(temp, 'r');
        let problem: string | undefined;
        try {
          problem = await wavProblem(handle);
        } finally {
          await handle.close();
        }
        if (problem) throw badRequest(problem);
      } catch (err) {
        await discard();
        throw err;
      }
      return { commit: () => rename(temp, target), discard };
    },

    /** The stored recording as a stream, or undefined when there is none. */
    async open(name: string): Promise<{ stream: Readable; size: number } | undefined> {
      const file = pathOf(name);
      const info = await stat(file).catch(() => undefined);
      if (!info?.isFile()) return undefined;
      return { stream: createReadStream(file), size: info.size };
    },

    /** Removes a language's recordings (best effort: a missing file is not an error). */
    async remove(templateId: number, language: AdhocLanguageName): Promise<void> {
      for (const kind of ['live', 'machine'] as const) {
        await rm(pathOf(fileName(templateId, language, kind)), { force: true }).catch(() => {});
      }
    },

    /** A link a voice provider can fetch without signing in: random, stored hashed, valid one hour. */
    async createLink(db: Db, name: string, publicUrl: string): Promise<string> {
      pathOf(name);
      const token = randomBytes(32).toString('base64url');
      await db.query(
        `INSERT INTO adhoc_audio_links (token_hash, file_name, expires_at)
         VALUES ($1, $2, now() + make_interval(secs => $3))`,
        [createHash('sha256').update(token).digest(), name, AUDIO_LINK_TTL_SECONDS],
      );
      await db.query('DELETE FROM adhoc_audio_links WHERE expires_at < now()');
      return `${publicUrl}/api/v1/adhoc/audio-link/${token}`;
    },

    /** The file a provider link stands for, while it is valid. */
    async resolveLink(db: Db, token: string): Promise<string | undefined> {
      const { rows } = await db.query<{ file_name: string }>(
        'SELECT file_name FROM adhoc_audio_links WHERE token_hash = $1 AND expires_at > now()',
        [createHash('sha256').update(token).digest()],
      );
      return rows[0]?.file_name;
    },
  };
}

export type AudioStore = ReturnType<typeof audioStore>;
