/**
 * Paths can carry secrets: the login call puts the e-mail and password hash in its path, and the
 * specification's completion and launch calls put the session token there. Logs show these instead.
 */
export function redactUrl(url: string): string {
  const [path = '', query] = url.split('?', 2);
  if (/^\/api\/login(\/|$)/i.test(path)) return '/api/login/[redacted]';
  // A tracked link's code stands for one customer's message; its line also holds the address it was clicked from.
  if (/^\/l\//i.test(path)) return '/l/[code]';
  const segments = path.split('/').map((s) => (looksLikeSecret(s) ? '[token]' : s));
  return segments.join('/') + (query ? '?[query]' : '');
}

/** Session tokens and API keys are 43+ characters of base64url; route names like proc_reports_campaignTree are not. */
function looksLikeSecret(segment: string): boolean {
  if (!/^[A-Za-z0-9_\-.%=~]+$/.test(segment) || /^\d+$/.test(segment)) return false;
  return segment.length >= 40 || (segment.length >= 24 && /\d/.test(segment) && /[A-Za-z]/.test(segment));
}
