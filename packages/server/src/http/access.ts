import type { AnyPermission, Permission } from '@psps/contracts';
import type {} from 'fastify';
import { type Actor, SYSTEM } from '../audit/log.ts';

/**
 * Who may call a route. Every route must declare one: a route registered without it stops the
 * server from starting (see app.ts), so a forgotten guard cannot ship.
 * - 'public': no token (login, health, public config, static console files, API docs);
 * - 'signed-in': any valid session;
 * - a permission, or a list that must all be held.
 */
export type Access = 'public' | 'signed-in' | AnyPermission | readonly AnyPermission[];

export type AuthContext =
  | {
      kind: 'session';
      sessionId: number;
      userId: number;
      email: string;
      fullname: string;
      permissions: Permission[];
    }
  | { kind: 'api-key'; apiKeyId: number; name: string; permissions: AnyPermission[] };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    auth?: AuthContext;
  }
}

export function requiredPermissions(access: Access): AnyPermission[] {
  if (access === 'public' || access === 'signed-in') return [];
  return typeof access === 'string' ? [access as AnyPermission] : [...access];
}

/** Who did it, for the audit log: always from the session, never from a client-sent header. */
export function actorOf(auth: AuthContext | undefined): Actor {
  if (!auth) return SYSTEM;
  return auth.kind === 'session'
    ? { userId: auth.userId, actor: auth.email }
    : { userId: null, actor: `api-key:${auth.name}` };
}
