import { encodeBase64Fields } from '@psps/contracts';
import type { TestApp } from '../../test/harness.ts';
import { bearer } from '../../test/harness.ts';

/** POSTs JSON with a session token and answers status and parsed body. */
export function poster(t: TestApp, token: () => string) {
  return async (url: string, payload: object) => {
    const res = await t.app.inject({ method: 'POST', url, headers: bearer(token()), payload });
    return { status: res.statusCode, body: res.json() };
  };
}

/** A language record as the console sends it: long texts base64-encoded under _base64_ names. */
export function languagePayload(record: Record<string, unknown>) {
  return encodeBase64Fields(record as Record<string, string | null>);
}

/** A small valid WAV: RIFF/WAVE header, 16-bit mono 8 kHz, `samples` samples of silence. */
export function wavBytes(samples = 800): Buffer {
  const data = samples * 2;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(16000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data, 40);
  return Buffer.concat([header, Buffer.alloc(data)]);
}

/** A multipart/form-data body holding one file, as a browser's FormData sends it. */
export function multipartFile(fileName: string, contentType: string, bytes: Buffer) {
  const boundary = '----psps-test-boundary-7d93';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
