// Delivery URLs carry passwords (sftp://user:pass@host, smtp://user:pass@host) and provider tokens.
// Every message, log line and error that names a delivery target goes through these helpers, so a
// credential never reaches a log, a job's failure record or the operator's screen.

const SECRET_PARAM = /pass|secret|token|auth|sig|credential/i;
const KEY_MATERIAL = /PRIVATE KEY|[\r\n]/;

/**
 * Prints a delivery URL for people: `sftp://user:***@host:22/dir`. The password, query values that look
 * secret and inline key material become `***`. A URL that does not parse, or has a fragment, prints as
 * `<invalid URL>`, because echoing it back could echo a password with it.
 */
export function redactUrl(url: string | URL): string {
  let parsed: URL;
  try {
    parsed = new URL(url.toString());
  } catch {
    return '<invalid URL>';
  }
  // No delivery target has a fragment, nor an '@' after its host: either is a password written without
  // percent-encoding and cut in two at a '#', '/' or '?', its second half in the clear (configuration refuses such a
  // URL at start; this keeps any other caller safe).
  if (parsed.hash || /@/.test(parsed.pathname + parsed.search)) return '<invalid URL>';
  if (parsed.password) parsed.password = '***';
  for (const [name, value] of [...parsed.searchParams]) {
    if (SECRET_PARAM.test(name) || KEY_MATERIAL.test(value)) parsed.searchParams.set(name, '***');
  }
  return parsed.toString();
}

/**
 * Replaces every occurrence of the given secrets (as written and percent-encoded) in a text taken from
 * a library's error, whose wording we do not control. A secret of fewer than SHORT_SECRET characters is
 * replaced only where it stands apart from letters and digits: a password 'p' must not turn 'sftp' into
 * 'sft***' (it is still hidden in 'user:p@host').
 */
export function scrubSecrets(text: string, secrets: readonly (string | undefined)[]): string {
  let scrubbed = text;
  for (const secret of secrets) {
    if (!secret) continue;
    for (const form of new Set([secret, encodeURIComponent(secret)])) {
      if (form.length >= SHORT_SECRET) {
        scrubbed = scrubbed.split(form).join('***');
      } else {
        const escaped = form.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        scrubbed = scrubbed.replace(
          new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'gu'),
          '***',
        );
      }
    }
  }
  return scrubbed;
}

const SHORT_SECRET = 4;

/** The message of anything thrown, without its stack. */
export function errorText(err: unknown): string {
  if (err instanceof Error) return err.message || err.name;
  return String(err);
}
