import { PERMISSIONS, type Permission } from '@psps/contracts';
import { type Actor, recordAudit, SYSTEM } from '../audit/log.ts';
import type { Db } from '../db/pool.ts';
import { withTransaction } from '../db/pool.ts';
import { hashSecret } from './passwords.ts';

export type UserRow = {
  id: number;
  email: string;
  fullname: string;
  disabled: boolean;
  permissions: Permission[];
};

export class UserError extends Error {}

export function parsePermissions(list: string[]): Permission[] {
  const unknown = list.filter((p) => !(PERMISSIONS as readonly string[]).includes(p));
  if (unknown.length) {
    throw new UserError(`Unknown permission ${unknown.join(', ')}. Known: ${PERMISSIONS.join(', ')}.`);
  }
  return [...new Set(list)] as Permission[];
}

/**
 * User administration, used by the users CLI and the demo seed. Every change is recorded in the audit log in its
 * own transaction, as done by `who` (the command line's operating-system user, or the system for the demo seed),
 * with the user changed as its target.
 */
export function userService(db: Db, who: Actor = SYSTEM) {
  return {
    async list(): Promise<UserRow[]> {
      const { rows } = await db.query<UserRow>(
        `SELECT u.id, u.email, u.fullname, u.disabled_at IS NOT NULL AS disabled,
                coalesce(array_agg(p.permission ORDER BY p.permission) FILTER (WHERE p.permission IS NOT NULL), '{}') AS permissions
           FROM users u LEFT JOIN user_permissions p ON p.user_id = u.id
          GROUP BY u.id ORDER BY u.email`,
      );
      return rows;
    },

    async find(email: string): Promise<UserRow | undefined> {
      return (await this.list()).find((u) => u.email.toLowerCase() === email.toLowerCase());
    },

    /** Creates the user, or leaves an existing one untouched and returns false. */
    async add(input: { email: string; fullname: string; clientHash: string; permissions: Permission[] }) {
      const passwordHash = await hashSecret(input.clientHash);
      return withTransaction(db, async (c) => {
        const { rows } = await c.query<{ id: number }>(
          `INSERT INTO users (email, fullname, password_hash) VALUES ($1, $2, $3)
           ON CONFLICT (lower(email)) DO NOTHING RETURNING id`,
          [input.email.trim(), input.fullname.trim(), passwordHash],
        );
        const id = rows[0]?.id;
        if (id === undefined) return false;
        await c.query(
          'INSERT INTO user_permissions (user_id, permission) SELECT $1, unnest($2::text[]) ON CONFLICT DO NOTHING',
          [id, input.permissions],
        );
        await recordAudit(c, who, 'user.add', input.email.trim(), {
          permissions: [...input.permissions].sort(),
        });
        return true;
      });
    },

    async setPermissions(email: string, permissions: Permission[]) {
      await withTransaction(db, async (c) => {
        const { id, email: stored } = await requireUser(c, email);
        const { rows: before } = await c.query<{ permission: string }>(
          'DELETE FROM user_permissions WHERE user_id = $1 RETURNING permission',
          [id],
        );
        await c.query('INSERT INTO user_permissions (user_id, permission) SELECT $1, unnest($2::text[])', [
          id,
          permissions,
        ]);
        await recordAudit(c, who, 'user.permissions', stored, {
          before: before.map((r) => r.permission).sort(),
          after: [...permissions].sort(),
        });
      });
    },

    async setPassword(email: string, clientHash: string) {
      const passwordHash = await hashSecret(clientHash);
      await withTransaction(db, async (c) => {
        const { id, email: stored } = await requireUser(c, email);
        await c.query('UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1', [
          id,
          passwordHash,
        ]);
        // A new password ends every open session of that user.
        const ended = await c.query(
          'UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL',
          [id],
        );
        await recordAudit(c, who, 'user.password', stored, { sessionsEnded: ended.rowCount ?? 0 });
      });
    },

    /** Disabling a user ends their sessions at once. */
    async setDisabled(email: string, disabled: boolean) {
      await withTransaction(db, async (c) => {
        const { id, email: stored } = await requireUser(c, email);
        await c.query(
          'UPDATE users SET disabled_at = CASE WHEN $2 THEN now() ELSE NULL END, updated_at = now() WHERE id = $1',
          [id, disabled],
        );
        const ended = disabled
          ? await c.query(
              'UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL',
              [id],
            )
          : null;
        await recordAudit(c, who, disabled ? 'user.disable' : 'user.enable', stored, {
          ...(ended && { sessionsEnded: ended.rowCount ?? 0 }),
        });
      });
    },
  };
}

/** The user's id and stored e-mail, its row locked: two changes to one user at once run one after the other. */
async function requireUser(c: { query: Db['query'] }, email: string): Promise<{ id: number; email: string }> {
  const { rows } = await c.query<{ id: number; email: string }>(
    'SELECT id, email FROM users WHERE lower(email) = lower($1) FOR UPDATE',
    [email],
  );
  const user = rows[0];
  if (user === undefined) throw new UserError(`No user with the e-mail ${email}.`);
  return user;
}
