import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { z } from 'zod';
import { DEFAULT_LIBRARY_YEAR_PREFIX } from './adhoc/voice.ts';
import { PERMISSIONS } from './permissions.ts';

/** GET /api/login/{email}/{hash}: `hash` is the lowercase hex SHA-256 of the password, made in the browser. */
export const loginParams = z.object({
  email: z.string().min(1).max(320),
  hash: z.string().min(1).max(200),
});

const loginInvalid = z.tuple([z.tuple([z.object({ LOGIN_VALID: z.literal(0) })])]);
const loginValid = z.tuple([
  z.tuple([z.object({ LOGIN_VALID: z.literal(1) })]),
  z.tuple([z.object({ SESSION_TOKEN: z.string() })]),
  z.tuple([z.object({ fullname_vch: z.string() })]),
  z.array(z.object({ name_vch: z.string() })),
]);
/** The login answer of document 1 §3 (200 for both outcomes). */
export const loginAnswer = z.union([loginValid, loginInvalid]);
export type LoginAnswer = z.infer<typeof loginAnswer>;

export const sessionTokenParams = z.object({ sessionToken: z.string().min(1).max(200) });

/** GET /api/{sessionToken}: the permission list of document 1 §3. */
export const permissionsAnswer = z.union([
  z.tuple([
    z.tuple([z.object({ LOGIN_VALID: z.literal(1) })]),
    z.array(z.object({ PERMISSION_NAME: z.string() })),
  ]),
  z.tuple([z.tuple([z.object({ LOGIN_VALID: z.literal(0) })])]),
]);
export type PermissionsAnswer = z.infer<typeof permissionsAnswer>;

export const logoutAnswer = z.object({ ok: z.literal(true) });

/** GET /api/v1/config: what the console needs before sign-in (no secrets). */
export const publicConfig = z.object({
  utilityAbbreviation: z.string(),
  providerName: z.string(),
  providerUrl: z.string(),
  /** The one From address the e-mail tab offers (doc 2 §2.6), EMAIL_FROM_ADDRESS. */
  emailFromAddress: z.string(),
  /**
   * LIBRARY_YEAR_PREFIX: the year prefix of the voice library code (doc 2 §9), so that the lib and the DSSD_… file
   * names the console sends (a voice test send, a recording's upload) are the server's own. A configuration the
   * console stored before this field existed reads as the default.
   */
  libraryYearPrefix: z
    .string()
    .regex(/^[0-9]{1,8}$/)
    .default(DEFAULT_LIBRARY_YEAR_PREFIX),
  permissions: z.array(z.enum(PERMISSIONS)),
});
export type PublicConfig = z.infer<typeof publicConfig>;

export const healthAnswer = z.object({ status: z.enum(['ok', 'unavailable']) });

/**
 * Lowercase hex SHA-256 of the password, as the browser sends it (DESIGN.md §5). A library hash, not
 * WebCrypto: `crypto.subtle` is missing on plain-http pages served from an address other than localhost.
 */
export function hashPasswordForLogin(password: string): string {
  return bytesToHex(sha256(utf8ToBytes(password)));
}
