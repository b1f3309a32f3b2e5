import {
  loginAnswer,
  loginParams,
  logoutAnswer,
  PERMISSIONS,
  type PermissionsAnswer,
  permissionsAnswer,
  publicConfig,
  sessionTokenParams,
} from '@psps/contracts';
import type { AppContext } from '../context.ts';
import { pathTokenMatches } from '../http/path-token.ts';
import type { App } from '../http/types.ts';
import { hasTokenShape } from './passwords.ts';

export async function authRoutes(app: App, ctx: AppContext) {
  app.get(
    '/api/login/:email/:hash',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Sign in (document 1 §7). `hash` is the lowercase hex SHA-256 of the password.',
        params: loginParams,
        response: { 200: loginAnswer },
      },
    },
    async (req) => ctx.auth.login(req.params.email, req.params.hash, req.ip),
  );

  app.get(
    '/api/v1/config',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'What the console shows before sign-in',
        response: { 200: publicConfig },
      },
    },
    async () => ({
      utilityAbbreviation: ctx.config.utilityAbbreviation,
      providerName: ctx.config.providerName,
      providerUrl: ctx.config.providerUrl,
      emailFromAddress: ctx.config.delivery.emailFrom,
      libraryYearPrefix: ctx.config.libraryYearPrefix,
      permissions: [...PERMISSIONS],
    }),
  );

  app.post(
    '/api/v1/logout',
    {
      config: { access: 'signed-in' },
      schema: { tags: ['auth'], summary: 'End the current session', response: { 200: logoutAnswer } },
    },
    async (req) => {
      if (req.auth?.kind === 'session') await ctx.auth.logout(req.auth.sessionId);
      return { ok: true as const };
    },
  );

  // Registered last among /api/* routes only for readability: find-my-way always prefers static paths.
  app.get(
    '/api/:sessionToken',
    {
      // A mistyped address (/api/dashbord) is no token: 404 like any unknown address, not LOGIN_VALID 0.
      config: { access: 'signed-in', isOwnPath: (params) => hasTokenShape(params.sessionToken ?? '') },
      schema: {
        tags: ['auth'],
        summary: 'Permissions of a session token (document 1 §7)',
        params: sessionTokenParams,
        response: { 200: permissionsAnswer },
      },
    },
    // Only the caller's own session: another session's token (valid or not) answers as not valid, so the call can
    // neither show what another session may do nor keep it from idling out.
    async (req): Promise<PermissionsAnswer> =>
      pathTokenMatches(req, req.params.sessionToken)
        ? ctx.auth.permissionsOf(req.params.sessionToken)
        : [[{ LOGIN_VALID: 0 }]],
  );
}
