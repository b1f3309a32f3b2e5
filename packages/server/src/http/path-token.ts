import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/**
 * The path's session token must be the bearer's: the specification puts the token in the path, but the
 * bearer header is what the guard checks, and a path token for someone else's session must not act, nor be
 * looked at (its permissions), nor be kept alive by the lookup.
 */
export function pathTokenMatches(req: FastifyRequest, pathToken: string): boolean {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '')?.[1] ?? '';
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(bearer), digest(pathToken));
}
