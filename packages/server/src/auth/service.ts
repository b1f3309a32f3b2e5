import type { AnyPermission, LoginAnswer, Permission, PermissionsAnswer } from '@psps/contracts';
import { type Actor, recordAudit } from '../audit/log.ts';
import type { Config } from '../config.ts';
import { type Db, withTransaction } from '../db/pool.ts';
import type { AuthContext } from '../http/access.ts';
import { tooManyRequests } from '../http/errors.ts';
import { loginAttempts } from './login-attempts.ts';
import { hashSecret, newToken, tokenHash, verifySecret } from './passwords.ts';

const API_KEY_PREFIX = 'psk_';
/** The wait asked of a sign-in refused because others were being checked at the same moment (Retry-After). */
const AT_ONCE_RETRY_SECONDS = 5;
/** The e-mail's count of an attempt refused before it was counted. */
const NOT_COUNTED = { count: 0, pending: 0, secondsLeft: 0 } as const;
/**
 * API keys found are remembered this long (ms), so that the messaging engine's calls (thousands a second) do not
 * each cost a database round trip: a key revoked from another process (the CLI) stops working within this time; one
 * revoked by this process at once. Unknown keys are not remembered.
 */
export const API_KEY_CACHE_MS = 5_000;
const API_KEY_CACHE_MAX = 1_000;

type SessionLookup = {
  session_id: number;
  user_id: number;
  email: string;
  fullname: string;
  permissions: Permission[];
  stale: boolean;
};

/** Sign-in, sessions and API keys (DESIGN.md §3). */
export function authService(db: Db, config: Pick<Config, 'session' | 'loginLimits'>) {
  // Compared against when the e-mail is unknown, so both outcomes take the same time.
  const dummyHash = hashSecret('0'.repeat(64));
  const idleSql = `${Math.round(config.session.idleMs / 1000)} seconds`;
  const knownKeys = new Map<string, { auth: AuthContext; until: number }>();
  const attempts = loginAttempts(db, config.loginLimits.windowMs);

  function throttled(secondsLeft: number): never {
    const minutes = Math.ceil(secondsLeft / 60);
    throw tooManyRequests(
      `Too many failed sign-in attempts. Please wait ${minutes === 1 ? '1 minute' : `${minutes} minutes`} and try again.`,
      secondsLeft,
    );
  }

  return {
    /**
     * Throttling counts failures only: per e-mail *and* client, and per client. A stranger guessing passwords
     * from elsewhere cannot lock the real user out of their own machine, and colleagues signing in
     * successfully from one office address never lock each other out.
     */
    async login(email: string, clientHash: string, clientIp: string): Promise<LoginAnswer> {
      const normalized = email.trim().toLowerCase();
      const failKey = `fail:${normalized}|${clientIp}`;
      const clientKey = `client:${clientIp}`;
      // Both counts are taken first (the e-mail's only within the client's limit: each e-mail counted is a row kept
      // for a day, which a refused client must not be able to add); an attempt over either limit is refused
      // unchecked and gives its places back, so a throttled user's retries never count against the colleagues
      // signing in from their address.
      const { maxAttemptsPerClient, maxFailuresPerEmail } = config.loginLimits;
      const perClient = await attempts.bump(clientKey);
      const overClient = perClient.count > maxAttemptsPerClient;
      const perEmail = overClient ? NOT_COUNTED : await attempts.bump(failKey);
      const overEmail = perEmail.count > maxFailuresPerEmail;
      if (overClient || overEmail) {
        await attempts.release(clientKey, ...(overClient ? [] : [failKey]));
        // Over the limit by failures already checked: wait until the window ends. Over it only because other
        // attempts are being checked at this moment (several sign-ins sent at once, which may all succeed): the
        // wait is seconds, and nothing failed.
        const lockedFor = Math.max(
          overClient && perClient.count - perClient.pending >= maxAttemptsPerClient
            ? perClient.secondsLeft
            : 0,
          overEmail && perEmail.count - perEmail.pending >= maxFailuresPerEmail ? perEmail.secondsLeft : 0,
        );
        if (lockedFor > 0) throttled(lockedFor);
        throw tooManyRequests(
          'Too many sign-in attempts arrived at the same moment. Please try again in a few seconds.',
          AT_ONCE_RETRY_SECONDS,
        );
      }

      const { rows } = await db.query<{
        id: number;
        email: string;
        fullname: string;
        password_hash: string;
        disabled: boolean;
      }>(
        'SELECT id, email, fullname, password_hash, disabled_at IS NOT NULL AS disabled FROM users WHERE lower(email) = $1',
        [normalized],
      );
      const user = rows[0];
      const ok = await verifySecret(clientHash, user?.password_hash ?? (await dummyHash));
      // A failure keeps both places it took; a success clears the e-mail's failures and gives its place back.
      if (!user || !ok || user.disabled) {
        await attempts.failed(clientKey, failKey);
        return [[{ LOGIN_VALID: 0 }]];
      }
      await attempts.clear(failKey);
      await attempts.release(clientKey);

      const token = newToken();
      await db.query(
        `INSERT INTO sessions (token_hash, user_id, expires_at, client_ip)
         VALUES ($1, $2, now() + $3::interval, $4)`,
        [tokenHash(token), user.id, `${Math.round(config.session.absoluteMs / 1000)} seconds`, clientIp],
      );
      await recordAudit(db, { userId: user.id, actor: user.email }, 'auth.sign-in', user.email, {
        ip: clientIp,
      });
      const perms = await db.query<{ permission: string }>(
        'SELECT permission FROM user_permissions WHERE user_id = $1 ORDER BY permission',
        [user.id],
      );
      return [
        [{ LOGIN_VALID: 1 }],
        [{ SESSION_TOKEN: token }],
        [{ fullname_vch: user.fullname }],
        perms.rows.map((p) => ({ name_vch: p.permission })),
      ];
    },

    /** The session or API key behind a bearer token, or null when missing, unknown, expired or revoked. */
    async authenticate(token: string): Promise<AuthContext | null> {
      if (token.startsWith(API_KEY_PREFIX)) {
        const hash = tokenHash(token);
        const cacheKey = hash.toString('hex');
        const known = knownKeys.get(cacheKey);
        if (known !== undefined && known.until > Date.now()) return known.auth;
        const { rows } = await db.query<{ id: number; name: string; permissions: AnyPermission[] }>({
          name: 'auth-api-key',
          text: 'SELECT id, name, permissions FROM api_keys WHERE key_hash = $1 AND revoked_at IS NULL',
          values: [hash],
        });
        const key = rows[0];
        if (!key) {
          knownKeys.delete(cacheKey);
          return null;
        }
        const auth: AuthContext = {
          kind: 'api-key',
          apiKeyId: key.id,
          name: key.name,
          permissions: key.permissions,
        };
        if (knownKeys.size >= API_KEY_CACHE_MAX) knownKeys.clear();
        knownKeys.set(cacheKey, { auth, until: Date.now() + API_KEY_CACHE_MS });
        return auth;
      }
      // One round trip on every request: a named statement, so each connection plans it once.
      const { rows } = await db.query<SessionLookup>({
        name: 'auth-session',
        text: `SELECT s.id AS session_id, u.id AS user_id, u.email, u.fullname,
                coalesce((SELECT array_agg(permission ORDER BY permission) FROM user_permissions WHERE user_id = u.id), '{}') AS permissions,
                s.last_seen_at < now() - interval '60 seconds' AS stale
           FROM sessions s JOIN users u ON u.id = s.user_id
          WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now()
            AND s.last_seen_at > now() - $2::interval AND u.disabled_at IS NULL`,
        values: [tokenHash(token), idleSql],
      });
      const s = rows[0];
      if (!s) return null;
      // Sliding idle expiry; written at most once a minute, so polling screens cost few writes.
      if (s.stale) await db.query('UPDATE sessions SET last_seen_at = now() WHERE id = $1', [s.session_id]);
      return {
        kind: 'session',
        sessionId: s.session_id,
        userId: s.user_id,
        email: s.email,
        fullname: s.fullname,
        permissions: s.permissions,
      };
    },

    /**
     * Why a session token is no longer accepted, when it is one that simply ran out: 'idle' (no call for
     * SESSION_IDLE_MINUTES) or 'expired' (SESSION_ABSOLUTE_HOURS after sign-in); null for anything else (unknown,
     * logged out, user disabled), which is said the same way whatever it is. Asked only for a refused token.
     */
    async whyEnded(token: string): Promise<'idle' | 'expired' | null> {
      if (token.startsWith(API_KEY_PREFIX)) return null;
      const { rows } = await db.query<{ expired: boolean; idle: boolean }>(
        `SELECT s.expires_at <= now() AS expired, s.last_seen_at <= now() - $2::interval AS idle
           FROM sessions s JOIN users u ON u.id = s.user_id
          WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND u.disabled_at IS NULL`,
        [tokenHash(token), idleSql],
      );
      const s = rows[0];
      if (!s) return null;
      return s.expired ? 'expired' : s.idle ? 'idle' : null;
    },

    async permissionsOf(token: string): Promise<PermissionsAnswer> {
      const ctx = token.startsWith(API_KEY_PREFIX) ? null : await this.authenticate(token);
      if (ctx?.kind !== 'session') return [[{ LOGIN_VALID: 0 }]];
      return [[{ LOGIN_VALID: 1 }], ctx.permissions.map((p) => ({ PERMISSION_NAME: p }))];
    },

    async logout(sessionId: number): Promise<void> {
      const { rows } = await db.query<{ id: number; email: string }>(
        `UPDATE sessions s SET revoked_at = now() FROM users u
          WHERE s.id = $1 AND s.revoked_at IS NULL AND u.id = s.user_id RETURNING u.id, u.email`,
        [sessionId],
      );
      const user = rows[0];
      if (user) await recordAudit(db, { userId: user.id, actor: user.email }, 'auth.sign-out', user.email);
    },

    /** With `who`, the key and its audit entry are written in one transaction: neither stands without the other. */
    async createApiKey(name: string, permissions: AnyPermission[], who?: Actor): Promise<string> {
      const key = newToken(API_KEY_PREFIX);
      await withTransaction(db, async (c) => {
        await c.query('INSERT INTO api_keys (name, key_hash, permissions) VALUES ($1, $2, $3)', [
          name,
          tokenHash(key),
          permissions,
        ]);
        if (who) await recordAudit(c, who, 'api-key.create', name, { permissions });
      });
      return key;
    },

    /** Whether a key of this name is in use (not revoked). */
    async hasApiKey(name: string): Promise<boolean> {
      const r = await db.query('SELECT 1 FROM api_keys WHERE name = $1 AND revoked_at IS NULL LIMIT 1', [
        name,
      ]);
      return (r.rowCount ?? 0) > 0;
    },

    /** Keys revoked; with `who`, recorded in the audit log in the same transaction (when any was). */
    async revokeApiKey(name: string, who?: Actor): Promise<number> {
      const revoked = await withTransaction(db, async (c) => {
        const r = await c.query(
          'UPDATE api_keys SET revoked_at = now() WHERE name = $1 AND revoked_at IS NULL',
          [name],
        );
        const n = r.rowCount ?? 0;
        if (who && n > 0) await recordAudit(c, who, 'api-key.revoke', name, { keys: n });
        return n;
      });
      // After the commit: a lookup made before it may have remembered the key as valid.
      knownKeys.clear();
      return revoked;
    },
  };
}

export type AuthService = ReturnType<typeof authService>;
