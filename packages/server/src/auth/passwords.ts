import { createHash, randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { hashPasswordForLogin } from '@psps/contracts';

const scrypt = promisify(scryptCb) as (
  pw: string,
  salt: Buffer,
  len: number,
  opts: object,
) => Promise<Buffer>;
const N = 16384;
const R = 8;
const P = 1;
const KEYLEN = 32;

/**
 * The browser sends SHA-256(password) as hex (DESIGN.md §5). That value is itself a password
 * equivalent, so at rest only a slow, salted scrypt hash of it is kept.
 */
export async function hashSecret(clientHash: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(clientHash.toLowerCase(), salt, KEYLEN, {
    N,
    r: R,
    p: P,
    maxmem: 64 * 1024 * 1024,
  });
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifySecret(clientHash: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltB64, keyB64] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !saltB64 || !keyB64) return false;
  const expected = Buffer.from(keyB64, 'base64');
  const actual = await scrypt(clientHash.toLowerCase(), Buffer.from(saltB64, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: 64 * 1024 * 1024,
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** What the browser computes from a typed password; used by the CLI and the demo seed. */
export const clientHashOf = hashPasswordForLogin;

/** 32 random bytes, base64url: a session token or API key. */
export function newToken(prefix = ''): string {
  return prefix + randomBytes(32).toString('base64url');
}

/** What newToken makes: 43 characters of base64url, an API key with its prefix (psk_). Anything else is no token. */
export function hasTokenShape(text: string): boolean {
  return /^(psk_)?[A-Za-z0-9_-]{43}$/.test(text);
}

/** Tokens are random, so a fast hash is enough to make the stored value useless to a thief. */
export function tokenHash(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}
