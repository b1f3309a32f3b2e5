import type { FastifyReply, FastifyRequest } from 'fastify';
import FindMyWay from 'find-my-way';
import type { AppContext } from '../context.ts';
import { type Access, requiredPermissions } from './access.ts';
import { badRequest, forbidden, HttpError, unauthorized } from './errors.ts';
import { redactUrl } from './redact.ts';
import type { App } from './types.ts';

function bearerToken(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

/**
 * The server enforces every permission (hiding a menu is a convenience, not security).
 * Routes declare `config.access`; this hook turns it into 401 / 403 before any handler runs.
 */
export type RouteAccessEntry = { method: string; url: string; access: Access };

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A route whose path is one open parameter (`/api/:sessionToken`) also matches every mistyped address beside
     * it (`/api/dashbord`): when this says the parameters are not the route's, the address is answered as unknown
     * (404, before any sign-in check), as every other unknown address is.
     */
    isOwnPath?: (params: Record<string, string>) => boolean;
  }
  interface FastifyInstance {
    /** Every registered route with its access rule; the authorization tests walk it. */
    accessTable: RouteAccessEntry[];
    /** The methods some route answers at this path (GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS in this order). */
    methodsAt: (path: string) => string[];
  }
}

/** The router's options, shared with the lookup of the methods a path answers so both read paths alike. */
export const ROUTER_OPTIONS = { maxParamLength: 1000 } as const;

/** The console's catch-all (index.html for client routes) answers every GET: it says nothing of an address. */
const CONSOLE_CATCH_ALL = '/*';

const METHOD_ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

type MethodsStore = { isOwnPath?: (params: Record<string, string>) => boolean };

/**
 * Answers an address no route takes with this method: 405 with an Allow header when the address is known under
 * other methods (a GET of an upload, a POST of a search), else 404. Both in words.
 */
export function answerUnknown(app: App, req: FastifyRequest, reply: FastifyReply, shownPath: string) {
  const path = req.url.split('?')[0] ?? '';
  const methods = app.methodsAt(path).filter((method) => method !== req.method);
  if (methods.length === 0) {
    // The specification's addresses end or do not end in a slash (`/api/campaign-list/`, `/api/login/…`): the
    // same address with the other ending, when it takes this method, is named.
    const other = path.endsWith('/') ? path.slice(0, -1) : `${path}/`;
    const near = other !== '' && app.methodsAt(other).includes(req.method);
    const otherShown = shownPath.endsWith('/') ? shownPath.slice(0, -1) : `${shownPath}/`;
    return reply.code(404).send({
      error: 'not_found',
      message: near
        ? `There is no ${req.method} ${shownPath}; did you mean ${otherShown} (${path.endsWith('/') ? 'without' : 'with'} the slash at the end)?`
        : `There is no ${req.method} ${shownPath}.`,
    });
  }
  const named = methods.filter((method) => method !== 'HEAD');
  return reply
    .code(405)
    .header('allow', methods.join(', '))
    .send({
      error: 'method_not_allowed',
      message: `There is no ${req.method} ${shownPath}; that address takes ${named.join(' or ')}.`,
    });
}

/** The 401 of the ingest API: its caller is a program holding a key, which no sign-in page helps. */
const INGEST_KEY_REFUSED =
  "The ingest API needs the messaging engine's API key (Authorization: Bearer <key>): this call sent none, or a key that is unknown or was revoked. Create one with 'npm run users -- api-key-create NAME'.";

/**
 * The 401 of a session that ran out says which limit it reached (details.reason 'idle' or 'expired'), so the
 * console can tell the operator why they are asked to sign in again; any other refused token is said alike.
 */
function sessionEndedError(
  reason: 'idle' | 'expired' | null,
  limits: { idleMs: number; absoluteMs: number },
) {
  if (reason === 'idle') {
    const minutes = Math.round(limits.idleMs / 60_000);
    return unauthorized(
      `Your session ended after ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} without activity. Please sign in again.`,
      { reason },
    );
  }
  if (reason === 'expired') {
    const hours = Math.round(limits.absoluteMs / 3_600_000);
    return unauthorized(
      `Your session ended: a session lasts at most ${hours} ${hours === 1 ? 'hour' : 'hours'}. Please sign in again.`,
      { reason },
    );
  }
  return unauthorized();
}

export function installGuard(app: App, ctx: AppContext) {
  const table: RouteAccessEntry[] = [];
  app.decorate('accessTable', table);
  const methodsRouter = FindMyWay(ROUTER_OPTIONS);
  app.decorate('methodsAt', (path: string) =>
    METHOD_ORDER.filter((method) => {
      const found = methodsRouter.find(method as 'GET', path);
      const isOwnPath = (found?.store as MethodsStore | undefined)?.isOwnPath;
      return found !== null && (!isOwnPath || isOwnPath(found.params as Record<string, string>));
    }),
  );
  app.addHook('onRoute', (route) => {
    const url = route.url ?? '';
    // HEAD routes come here too (Fastify adds one beside each GET unless the route says exposeHeadRoute: false).
    for (const method of [route.method].flat()) {
      if (url !== CONSOLE_CATCH_ALL) {
        methodsRouter.on(method as 'GET', url, () => {}, { isOwnPath: route.config?.isOwnPath });
      }
      if (method !== 'HEAD') table.push({ method, url, access: route.config?.access ?? 'public' });
    }
    // Routes registered by the API documentation plugin are public by design.
    if (url.startsWith('/api/docs')) {
      route.config = { ...(route.config ?? {}), access: 'public' };
      for (const entry of table) if (entry.url === url) entry.access = 'public';
      return;
    }
    if (!route.config?.access) {
      throw new Error(`Route ${route.method} ${url} declares no access rule (config.access).`);
    }
  });

  app.addHook('onRequest', async (req, reply) => {
    // A zero byte in a path or query can never be a valid value (PostgreSQL cannot store it).
    if (req.url.includes('%00') || req.url.includes('\u0000')) {
      throw badRequest('The address contains a zero byte, which is never a valid value.');
    }
    const isOwnPath = req.routeOptions.config?.isOwnPath;
    if (isOwnPath && !isOwnPath(req.params as Record<string, string>)) {
      return answerUnknown(app, req, reply, redactUrl(req.url.split('?')[0] ?? ''));
    }
    const access: Access | undefined = req.routeOptions.config?.access;
    if (access === undefined || access === 'public') return; // unknown route: the 404 handler answers
    const token = bearerToken(req);
    // The ingest API is called by the messaging engine with its key, not by a person with a session.
    const required = requiredPermissions(access);
    const engineCall = required.includes('INGEST');
    if (!token) throw engineCall ? unauthorized(INGEST_KEY_REFUSED) : unauthorized();
    const auth = await ctx.auth.authenticate(token);
    if (!auth) {
      throw engineCall
        ? unauthorized(INGEST_KEY_REFUSED)
        : sessionEndedError(await ctx.auth.whyEnded(token), ctx.config.session);
    }
    req.auth = auth;
    // The messaging engine's key is for the ingest API only: the console's calls need a signed-in user.
    if (auth.kind === 'api-key' && !engineCall) {
      throw new HttpError(
        403,
        'forbidden',
        'An API key can call only the ingest API (/api/v1/ingest/…); this call needs a signed-in user.',
      );
    }
    // INGEST is a key's permission, never a user's: telling a signed-in user to ask for it would send them nowhere.
    if (auth.kind !== 'api-key' && engineCall) {
      throw new HttpError(
        403,
        'forbidden',
        "The ingest API is called by the messaging engine with its API key (Authorization: Bearer <key>), not with a console session. Create one with 'npm run users -- api-key-create NAME'.",
      );
    }
    for (const permission of required) {
      if (!(auth.permissions as string[]).includes(permission)) throw forbidden(permission);
    }
  });
}
