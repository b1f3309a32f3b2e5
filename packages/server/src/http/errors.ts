/** An error whose message is meant for the person using the console. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, details?: unknown) =>
  new HttpError(400, 'bad_request', message, details);
export const unauthorized = (message = 'Please sign in: your session is missing, expired or was ended.') =>
  new HttpError(401, 'unauthorized', message);
export const forbidden = (permission: string) =>
  new HttpError(403, 'forbidden', `You do not have the ${permission} permission needed for this.`);
export const notFound = (message: string) => new HttpError(404, 'not_found', message);
export const conflict = (message: string, details?: unknown) =>
  new HttpError(409, 'conflict', message, details);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, 'too_many_requests', message, undefined, { 'retry-after': String(retryAfterSeconds) });
