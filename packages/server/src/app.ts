import { existsSync } from 'node:fs';
import { STATUS_CODES, validateHeaderValue } from 'node:http';
import type { Socket } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import helmet from 'helmet';
import { adhocRoutes } from './adhoc/routes.ts';
import { authRoutes } from './auth/routes.ts';
import { completionRoutes } from './completion/routes.ts';
import type { AppContext } from './context.ts';
import { dashboardRoutes } from './dashboard/routes.ts';
import { isDatabaseUnavailable, isTransactionConflict } from './db/pool.ts';
import { healthRoutes } from './health/routes.ts';
import {
  badRequest,
  frameworkMessage,
  givenTwiceReason,
  HttpError,
  validationMessage,
} from './http/errors.ts';
import { answerUnknown, installGuard, ROUTER_OPTIONS } from './http/guard.ts';
import { JSON_VALUES_MAX, measureJson, refusingPrototypeKeys, tooManyJsonValues } from './http/json-size.ts';
import { redactUrl } from './http/redact.ts';
import type { App } from './http/types.ts';
import { linksRoutes } from './ingest/links-routes.ts';
import { ingestRoutes } from './ingest/routes.ts';
import { launcherRoutes } from './launcher/routes.ts';
import { reportsRoutes } from './reports/routes.ts';
import { suppressionRoutes } from './suppression/routes.ts';

/** Each feature's routes, in one list: a feature is (app, ctx) => routes. */
const FEATURES = [
  healthRoutes,
  authRoutes,
  dashboardRoutes,
  reportsRoutes,
  ingestRoutes,
  linksRoutes,
  adhocRoutes,
  suppressionRoutes,
  completionRoutes,
  launcherRoutes,
];

const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export type BuildAppOptions = { logger?: FastifyBaseLogger; webDist?: string | null };

export async function buildApp(ctx: AppContext, opts: BuildAppOptions = {}): Promise<App> {
  // Security headers: helmet's middleware built once (@fastify/helmet builds it again on every request).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // The component library sets styles at run time; no inline *script* is ever allowed.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    frameguard: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
  });
  const app = Fastify({
    ...(opts.logger ? { loggerInstance: opts.logger } : { logger: false }),
    // The client is the address the nearest trusted proxy saw (X-Forwarded-For read from the right), never the
    // header's first entry, which the client writes itself.
    trustProxy:
      ctx.config.trustProxy > 0 ? (_address: string, hop: number) => hop < ctx.config.trustProxy : false,
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: false,
    bodyLimit: 20 * 1024 * 1024,
    // A request must have arrived whole within 10 minutes (a 200 MB suppression file at 3 Mbit/s): Fastify's
    // default waits for ever, so a client sending a byte now and then would hold its connection open.
    requestTimeout: 10 * 60_000,
    clientErrorHandler,
    // Node's own refusal of an HTTP/1.1 request without a Host header is a bare 400 without a body: the request is
    // let through and refused below in words.
    http: { requireHostHeader: false },
    // Path values up to 1,000 characters reach their route, which says what is wrong with them (a 320-character
    // e-mail address signs in, or fails as 'Invalid Login'); beyond, the router answers 404.
    routerOptions: ROUTER_OPTIONS,
    // An address the router cannot read (a broken %-escape) answers like every other error: {error, message}.
    // The router answers before any hook runs, so the security headers are set here too.
    frameworkErrors: (_error, req, res) => {
      securityHeaders(req.raw, res.raw, () => {
        (res as unknown as FastifyReply)
          .code(400)
          .type('application/json; charset=utf-8')
          .send(
            JSON.stringify({
              error: 'bad_request',
              message: 'The address cannot be read: it holds a broken %-escape. Check the link.',
            }),
          );
      });
    },
  }).withTypeProvider<ZodTypeProvider>();

  // An Expect header other than 100-continue: Node answered a bare 417 without a body.
  app.server.on('checkExpectation', (req, res) => {
    const body = JSON.stringify({
      error: 'expectation_failed',
      message: `The request's Expect header (${String(req.headers.expect).slice(0, 40)}) asks for something this server does not do; send the request without it.`,
    });
    res.writeHead(417, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      connection: 'close',
    });
    res.end(body);
  });
  app.addHook('onRequest', async (req) => {
    if (req.raw.httpVersion === '1.1' && req.headers.host === undefined) {
      throw badRequest('The request has no Host header, which HTTP/1.1 requires.');
    }
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  // No call reads plain text: JSON sent as text/plain is told its content type is wrong (415), not that 'The
  // request body must be an object'.
  app.removeContentTypeParser('text/plain');
  // A call without a body sent with a JSON content type (a client's default, as for Log out) has no body: refusing
  // it as 'empty JSON' would leave a careless client's session alive while it believes it signed out. A call that
  // needs a body still says so (its schema). Anything else is parsed as before, prototype poisoning refused.
  // A body holding more values than any call needs is refused before it is parsed (see json-size.ts).
  const jsonParser = refusingPrototypeKeys(app.getDefaultJsonParser('error', 'error'));
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (body === '') done(null, undefined);
    else if (measureJson(body as string).values > JSON_VALUES_MAX) done(tooManyJsonValues(JSON_VALUES_MAX));
    else jsonParser(req, body as string, done);
  });
  // No call reads a compressed body: gzip sent as JSON was refused as 'not valid JSON', which sent the sender to
  // look for a mistake in its JSON; a compressed upload as 'cut short or malformed'.
  app.addHook('preParsing', async (req) => {
    const encoding = req.headers['content-encoding']?.trim().toLowerCase();
    const hasBody =
      req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
    if (encoding && encoding !== 'identity' && hasBody) {
      throw new HttpError(
        415,
        'unsupported_media_type',
        `The request body is compressed (Content-Encoding: ${encoding.slice(0, 40)}), which this server does not read: send it uncompressed.`,
      );
    }
  });
  // JSON can spell half of a UTF-16 surrogate pair (\ud800), which no text can hold: PostgreSQL refuses it in
  // json (a 500) and the driver turns it into U+FFFD in text (stored changed, silently). Refused here, for every
  // parsed body (JSON and NDJSON alike).
  app.addHook('preValidation', async (req) => {
    if (holdsLoneSurrogate(req.body)) {
      throw badRequest(
        'The request contains a character that cannot be stored (half of a UTF-16 surrogate pair, such as \\ud800). Remove it and try again.',
      );
    }
  });

  app.addHook('onRequest', (req, reply, done) =>
    securityHeaders(req.raw, reply.raw, (err) => done(err as Error | undefined)),
  );

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'PSPS Console API',
        version: '1.0.0',
        description:
          'Every call of the specification (documents 1 and 2) and the /api/v1 additions. ' +
          'All calls except login, health and public config need `Authorization: Bearer <sessionToken>`, ' +
          "except the messaging engine's calls (/api/v1/ingest/…), which need `Authorization: Bearer <API key>` " +
          'instead: a key starting psk_, made with `npm run users -- api-key-create <name>`. ' +
          'A refused call answers 4xx with {error, message}.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // Its policy asked the browser to fetch the page's own files over https: served over http at any address but
    // localhost the page stayed blank. The page sets inline styles, as the console does.
    transformStaticCSP: (header) =>
      header
        .replace(/\s*upgrade-insecure-requests;?/, '')
        .replace("style-src 'self' https:", "style-src 'self' 'unsafe-inline'"),
  });

  installGuard(app, ctx);
  // Answers carry session tokens and personal data: no browser or proxy may keep a copy.
  app.addHook('onSend', async (req, reply) => {
    if (/^\/(api|csv)\//.test(req.url) && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
    // Answered before its body was read whole (refused early: not signed in, a bad line in an upload): the rest
    // of the body would stay in the connection, and the client's next request on it would wait for ever.
    if (!req.raw.complete) reply.header('connection', 'close');
  });
  // Registered before every route: a route's own compression (`compress` in its options, GROWING_ANSWER) is taken
  // from the routes registered after the plugin. Off unless a route asks.
  await app.register(compress, { global: false, threshold: 1024, encodings: ['br', 'gzip'] });
  for (const feature of FEATURES) await feature(app, ctx);
  await serveConsole(app, opts.webDist === undefined ? WEB_DIST : opts.webDist);
  return app;
}

function installErrorHandling(app: App) {
  app.setErrorHandler((err: FastifyError | HttpError, req, reply) => {
    /**
     * Error answers are serialised here, never by the route's response schema: a route declaring its own 4xx
     * shape (the uploads' {status, ...}) turned a refusal by the guard or a body parser into a 500.
     */
    const answer = (status: number, body: Record<string, unknown>) => {
      // A header the route set that Node refuses (text beyond ISO-8859-1 in a Location) failed the error answer
      // too, and Fastify sent its own body naming the header: it is dropped.
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        try {
          for (const one of [value ?? []].flat()) validateHeaderValue(name, String(one));
        } catch {
          reply.removeHeader(name);
        }
      }
      return reply
        .code(status)
        .type('application/json; charset=utf-8')
        .serializer(JSON.stringify)
        .send(req.routeOptions.config?.statusInErrorBody ? { status, ...body } : body);
    };
    if (err instanceof HttpError) {
      if (err.headers) reply.headers(err.headers);
      return answer(err.statusCode, {
        error: err.code,
        message: err.message,
        ...(err.details ? { details: err.details } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation.map((v) => ({
        field: `${err.validationContext ?? 'request'}${v.instancePath.replaceAll('/', '.')}`.replace(
          /\.+$/,
          '',
        ),
        reason: v.message ?? 'is invalid',
      }));
      const first = err.validation[0];
      // No body at all where one is needed (sent without one, or empty with a JSON content type).
      const noBody = err.validationContext === 'body' && req.body == null;
      return answer(400, {
        error: 'bad_request',
        message: noBody
          ? 'The request has no body; this call needs its fields sent as JSON.'
          : first
            ? validationMessage(
                err.validationContext,
                first.instancePath,
                givenTwiceReason(req.query, err.validationContext, first.instancePath, first.message),
              )
            : 'The request is invalid.',
        details: issues,
      });
    }
    // PostgreSQL refuses a zero byte or an invalid character in text: the request's fault, and nothing was stored.
    const pgCode = (err as { code?: string }).code;
    if (pgCode === '22021' || pgCode === '22P05') {
      return answer(400, {
        error: 'bad_request',
        message:
          'The request contains a character that cannot be stored (such as a zero byte). Remove it and try again.',
      });
    }
    // A well-formed date PostgreSQL cannot hold (year 0000): the request's fault too.
    if (pgCode === '22008') {
      return answer(400, {
        error: 'bad_request',
        message:
          'A date in the request is out of range: the year must be from 0001 to 294276. Nothing was stored.',
      });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return answer(status, {
        error: ERROR_CODES[status] ?? 'bad_request',
        message: humanMessage(err, status, req),
      });
    }
    // The database restarting or out of reach is no fault of the request, and says nothing of the session: a 503
    // in words (never a 401, which would sign the operator out), and the next call gets through once it is back.
    if (isDatabaseUnavailable(err)) {
      req.log.warn({ error: err.message }, 'database unreachable');
      // Nothing was written: a program (the messaging engine) sends the same call again after this many seconds,
      // waiting longer each time it meets the same answer, rather than at once in a loop.
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return answer(503, {
        error: 'unavailable',
        message: 'The database cannot be reached right now (it may be restarting). Try again in a minute.',
      });
    }
    // Met another change at the same moment (a deadlock the code did not retry): its transaction was rolled back,
    // and the same call made again goes through. A 503 that says so, logged as the defect it is.
    if (isTransactionConflict(err)) {
      req.log.error({ err }, 'request met a concurrent change');
      reply.header('retry-after', '1');
      return answer(503, {
        error: 'unavailable',
        message: 'The server met another change made at the same moment and stopped this one. Try again.',
      });
    }
    req.log.error({ err }, 'request failed');
    return answer(500, {
      error: 'internal',
      message: 'Something went wrong on the server. The error has been logged.',
    });
  });

  app.setNotFoundHandler((req, reply) =>
    answerUnknown(app, req, reply, redactUrl(req.url.split('?')[0] ?? '')),
  );
}

/** The wait a 503 for an unreachable database asks for (Retry-After): an embedded PostgreSQL is back within seconds. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Whether a parsed body holds, anywhere, a string with an unpaired UTF-16 surrogate (walked without recursion:
 * JSON may nest deeper than the call stack). */
function holdsLoneSurrogate(body: unknown): boolean {
  const pending: unknown[] = [body];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      if (/\p{Cs}/u.test(value)) return true;
    } else if (value !== null && typeof value === 'object') {
      for (const item of Array.isArray(value) ? value : Object.values(value)) pending.push(item);
    }
  }
  return false;
}

/**
 * What the HTTP layer itself refuses, before any route: said as every other error is, `{error, message}`. An
 * address or headers over Node's 16 KB, a request that did not arrive in time, or bytes that are not HTTP.
 */
function clientErrorHandler(err: Error & { code?: string }, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, error, message] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'too_large', 'The address or the headers of the request are too long (16 KB at most).']
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'timeout', 'The request did not arrive in time. Send it again.']
        : [400, 'bad_request', 'The request is not valid HTTP.'];
  const body = JSON.stringify({ error, message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}

/** Error codes of the framework's own 4xx answers that are not plain bad requests. */
const ERROR_CODES: Readonly<Record<number, string>> = {
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  409: 'conflict',
  413: 'too_large',
  415: 'unsupported_media_type',
  416: 'range_not_satisfiable',
  429: 'too_many_requests',
};

/** Sentences for the framework's and its plugins' bare refusals ('Forbidden': the static files' path check). */
const PLAIN_REFUSALS: Readonly<Record<number, string>> = {
  403: 'This address may not be read (403 Forbidden).',
  416: 'The part of the file asked for (the Range header) is not in it (416 Range Not Satisfiable).',
};

function humanMessage(err: FastifyError, status: number, req: FastifyRequest): string {
  // A body refused unread: what the call takes, so a program's developer knows what to send instead.
  if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return `The request body has a content type this call does not accept: ${bodyTypesTaken(req)}.`;
  }
  if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    const megabytes = Math.floor(req.routeOptions.bodyLimit / (1024 * 1024));
    return `The request body is too large: this call takes at most ${megabytes} MB.`;
  }
  const known = frameworkMessage(err.code);
  if (known) return known;
  // A bare status phrase ('Forbidden', 'Range Not Satisfiable') is no sentence.
  if (!err.message || err.message === STATUS_CODES[status] || !/\s/.test(err.message.trim())) {
    return (
      PLAIN_REFUSALS[status] ??
      `The request was refused (${status} ${STATUS_CODES[status] ?? 'Client Error'}).`
    );
  }
  return err.message;
}

/** The bodies a call reads, by the parsers of its scope: uploads read multipart, the ingest feed NDJSON too. */
function bodyTypesTaken(req: FastifyRequest): string {
  if (req.server.hasContentTypeParser('multipart/form-data')) return 'send the file as multipart/form-data';
  if (req.server.hasContentTypeParser('application/x-ndjson')) {
    return 'send a JSON array (Content-Type: application/json) or NDJSON, one record a line (application/x-ndjson)';
  }
  return 'send JSON (Content-Type: application/json)';
}

/** Serves the built console: real files by path, index.html for every other non-API path (client routing). */
async function serveConsole(app: App, dist: string | null) {
  const available = dist !== null && existsSync(path.join(dist, 'index.html'));
  // The build writes each file also compressed (`.br`, `.gz`, at their best levels): sent as they are to a browser
  // that takes them. Any other file is compressed as it is sent (the script shrinks to a third); API answers only
  // where they grow with the data (http/compression.ts).
  if (available) await app.register(fastifyStatic, { root: dist, serve: false, preCompressed: true });
  app.get(
    '/*',
    { config: { access: 'public' }, schema: { hide: true }, compress: {} },
    async (req, reply) => {
      const urlPath = decodeURIComponent((req.url.split('?')[0] ?? '/').replace(/^\/+/, ''));
      // Any letter case, and a backslash as a browser reads it (/API/v1, /api\v1): never a console page.
      if (/^(api|csv|l)([\\/]|$)/i.test(urlPath)) {
        return answerUnknown(app, req, reply, redactUrl(`/${urlPath}`));
      }
      if (!available) {
        return reply
          .code(503)
          .type('text/plain')
          .send('The console is not built. Run `npm run build` (npm start does this for you).');
      }
      const file = path.normalize(urlPath);
      const asset = file.startsWith('assets/');
      if (
        file &&
        !file.startsWith('..') &&
        file !== 'index.html' &&
        existsSync(path.join(dist!, file)) &&
        path.extname(file)
      ) {
        // A file under assets/ is named by a hash of its content: a new version is a new name, kept for good.
        // Its bytes depend on the Accept-Encoding (a version compressed at build time), which caches must know.
        reply.header('vary', 'accept-encoding');
        return reply.sendFile(file, { maxAge: asset ? '365d' : 0, immutable: asset });
      }
      // A screen's file of an older version, asked for by a tab opened before a deploy: gone, and said so (the
      // console then offers to reload), never answered with index.html as if it were the script.
      if (asset) {
        return reply
          .code(404)
          .type('text/plain; charset=utf-8')
          .header('cache-control', 'no-cache')
          .send('This file is no longer here.');
      }
      // The page names the current version's files: the browser asks each time whether it has changed.
      reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding');
      return reply.sendFile('index.html', { cacheControl: false });
    },
  );
}
