import type {} from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Every refusal of this route carries its status in the body too, `{status, error, message}` (the suppression
     * uploads: the console reads data.status), whoever refuses it: the guard, a body parser or the handler.
     */
    statusInErrorBody?: boolean;
  }
}

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
export const unauthorized = (
  message = 'Please sign in: your session is missing, expired or was ended.',
  details?: unknown,
) => new HttpError(401, 'unauthorized', message, details);
/** What was refused and what to do: the user cannot grant themselves a permission, an administrator can. */
export const forbidden = (permission: string) =>
  new HttpError(
    403,
    'forbidden',
    `You do not have the ${permission} permission needed for this. Ask an administrator of this console to grant it.`,
  );
export const notFound = (message: string) => new HttpError(404, 'not_found', message);
export const conflict = (message: string, details?: unknown) =>
  new HttpError(409, 'conflict', message, details);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, 'too_many_requests', message, undefined, { 'retry-after': String(retryAfterSeconds) });

/** The framework's and the multipart parser's own refusals (by error code), in words a person understands. */
export function frameworkMessage(code: string | undefined): string | undefined {
  switch (code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'The request body has a content type this call does not accept.';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'The request body is not valid JSON.';
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return 'The request body is not as long as its Content-Length header says.';
    // The multipart parser's refusals (@fastify/multipart), worded for people.
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return 'The upload holds more files or form fields than this call accepts: send the one file alone.';
    case 'FST_REQ_FILE_TOO_LARGE':
      return 'The uploaded file is too large.';
    case 'FST_PROTO_VIOLATION':
      return 'The upload has a form field named like a built-in property (such as __proto__ or toString), which is not allowed.';
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return 'Send the file as multipart/form-data.';
    case 'FST_MP_PREMATURE_CLOSE':
      return 'The upload was cut off before it arrived whole. Nothing was changed; send the file again.';
    default:
      return undefined;
  }
}

const WHERE: Readonly<Record<string, (name: string) => string>> = {
  body: (name) => (name ? `The field ${name} of the request` : 'The request body'),
  params: (name) => (name ? `The ${name} in the address` : 'The address'),
  querystring: (name) => (name ? `The query parameter ${name}` : 'The query string'),
  headers: (name) => (name ? `The header ${name}` : 'The headers'),
};

/**
 * A refused request in plain words: which field, where, and what it must be. Reasons phrased as a predicate
 * ('must be a whole number', see contracts' plainIssueMessage) follow the field; any other sentence follows a colon.
 */
export function validationMessage(context: string | undefined, instancePath: string, reason: string): string {
  const name = instancePath.split('/').filter(Boolean).join('.');
  const subject = (
    WHERE[context ?? ''] ?? ((field: string) => (field ? `The field ${field}` : 'The request'))
  )(name);
  const text = /^(must|is|has|should|cannot|may) /.test(reason)
    ? `${subject} ${reason}`
    : `${subject}: ${reason}`;
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/**
 * The reason a refused query parameter is given: that it came more than once (`?tz=a&tz=b` is read as a list, which
 * the built-in checks call 'must be text'), unless the schema says so in its own sentence.
 */
export function givenTwiceReason(
  query: unknown,
  context: string | undefined,
  instancePath: string,
  reason = 'is invalid',
): string {
  const name = instancePath.split('/').filter(Boolean)[0];
  const twice =
    context === 'querystring' &&
    name !== undefined &&
    Array.isArray((query as Record<string, unknown> | undefined)?.[name]);
  return twice && /^(must|is) /.test(reason) ? 'is given more than once; give it once' : reason;
}
