import type { Multipart, MultipartFile } from '@fastify/multipart';
import { badRequest, HttpError } from './errors.ts';

/** The next file part of a multipart request (fields are passed over), or undefined at its end. */
export async function nextMultipartFile(
  parts: AsyncIterableIterator<Multipart>,
): Promise<MultipartFile | undefined> {
  for (;;) {
    const next = await parts.next();
    if (next.done) return undefined;
    if (next.value.type === 'file') return next.value;
  }
}

/**
 * What to answer for a failure while a multipart request was read. The parser's own failures (a body cut short, a
 * wrong or missing boundary) are the request's fault, not the server's: 400, nothing changed. A second file beyond
 * the one the call takes is refused rather than passed over. Refusals already carrying a 4xx (the size limit) and
 * the server's own failures (a disk that is full: a system error) are answered as they are.
 */
export function multipartFailure(error: unknown): unknown {
  const { statusCode, code, syscall } = (error ?? {}) as {
    statusCode?: number;
    code?: string;
    syscall?: string;
  };
  if (code === 'FST_FILES_LIMIT') {
    return badRequest('Send one file per upload: this request holds more than one. Nothing was changed.');
  }
  if (error instanceof HttpError || syscall !== undefined) return error;
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) return error;
  return uploadNotWhole();
}

/** The refusal of an upload whose multipart body the parser could not read to its end (cut short, malformed). */
function uploadNotWhole(): HttpError {
  return badRequest(
    'The upload did not arrive whole: its multipart/form-data body is cut short or malformed. Nothing was changed; send the file again.',
  );
}

/** Runs a step that reads a multipart request, answering its failures as multipartFailure says. */
export async function readingMultipart<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    throw multipartFailure(error);
  }
}
