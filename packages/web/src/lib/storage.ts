import { CACHE_KEY_PREFIX, type Permission, STORAGE_KEYS } from '@psps/contracts';

/** Said on this page when the stored permissions change; other tabs hear the browser's own 'storage' event. */
const PERMISSIONS_CHANGED = 'psps:permissions-changed';
/** Said when the server refused a call for want of a permission: the stored permissions may be out of date. */
const PERMISSIONS_DOUBTED = 'psps:permissions-doubted';

/** Calls `listener` with whether a token is stored, whenever another tab changes (or clears) the stored token. */
function onTokenChangedElsewhere(listener: (signedIn: boolean) => void): () => void {
  const heard = (event: StorageEvent) => {
    if (event.storageArea !== localStorage) return;
    if (event.key !== null && event.key !== STORAGE_KEYS.sessionToken) return;
    listener(session.token() !== null);
  };
  window.addEventListener('storage', heard);
  return () => window.removeEventListener('storage', heard);
}

/** The browser storage of document 1 §3. Signed out means no token, or the token text 'null'. */
export const session = {
  token(): string | null {
    const t = localStorage.getItem(STORAGE_KEYS.sessionToken);
    return t && t !== 'null' ? t : null;
  },
  userName(): string {
    return localStorage.getItem(STORAGE_KEYS.userName) ?? '';
  },
  permissions(): Permission[] {
    try {
      const parsed = JSON.parse(localStorage.getItem(STORAGE_KEYS.permissions) ?? '[]');
      return Array.isArray(parsed) ? parsed : [];
    } catch {
      return [];
    }
  },
  /**
   * Whose local drafts this browser may offer: the signed-in user's e-mail address (their full name for a
   * session begun before the address was kept); '' when signed out.
   */
  draftOwner(): string {
    if (!this.token()) return '';
    const email = localStorage.getItem(STORAGE_KEYS.userEmail);
    return email ? email.toLowerCase() : `name:${this.userName()}`;
  },
  store(token: string, userName: string, permissions: string[], email?: string) {
    localStorage.setItem(STORAGE_KEYS.sessionToken, token);
    localStorage.setItem(STORAGE_KEYS.userName, userName);
    if (email) {
      localStorage.setItem(STORAGE_KEYS.userEmail, email.trim());
      localStorage.setItem(STORAGE_KEYS.lastLoginEmail, email.trim());
    } else localStorage.removeItem(STORAGE_KEYS.userEmail);
    localStorage.setItem(STORAGE_KEYS.permissions, JSON.stringify(permissions));
  },
  /** The e-mail address of the last sign-in here, kept after the session ends ('' when there was none). */
  lastEmail(): string {
    return localStorage.getItem(STORAGE_KEYS.lastLoginEmail) ?? '';
  },
  /** The permissions as the server last gave them (GET /api/{sessionToken}), kept while signed in. */
  setPermissions(permissions: string[]) {
    const text = JSON.stringify(permissions);
    if (localStorage.getItem(STORAGE_KEYS.permissions) === text) return;
    localStorage.setItem(STORAGE_KEYS.permissions, text);
    window.dispatchEvent(new Event(PERMISSIONS_CHANGED));
  },
  /** Calls `listener` whenever the stored permissions may have changed (here or in another tab). */
  onPermissionsChanged(listener: () => void): () => void {
    window.addEventListener(PERMISSIONS_CHANGED, listener);
    window.addEventListener('storage', listener);
    return () => {
      window.removeEventListener(PERMISSIONS_CHANGED, listener);
      window.removeEventListener('storage', listener);
    };
  },
  /**
   * Calls `listener` when another tab of this browser signs out: its Log out, or its call answered 401, removes
   * the token (`localStorage.clear()` too). This tab's own removals are never heard (the browser's 'storage' event
   * is for other tabs only).
   */
  onSignedOutElsewhere(listener: () => void): () => void {
    return onTokenChangedElsewhere((signedIn) => {
      if (!signedIn) listener();
    });
  },
  /** Calls `listener` when another tab of this browser signs in (stores a token). */
  onSignedInElsewhere(listener: () => void): () => void {
    return onTokenChangedElsewhere((signedIn) => {
      if (signedIn) listener();
    });
  },
  /** The stored permissions as text: what a change is noticed by. */
  permissionsText(): string {
    return localStorage.getItem(STORAGE_KEYS.permissions) ?? '[]';
  },
  doubtPermissions() {
    window.dispatchEvent(new Event(PERMISSIONS_DOUBTED));
  },
  onPermissionsDoubted(listener: () => void): () => void {
    window.addEventListener(PERMISSIONS_DOUBTED, listener);
    return () => window.removeEventListener(PERMISSIONS_DOUBTED, listener);
  },
  /** Logout: token, user name, permissions and every cached report and campaign list. */
  clear() {
    for (const key of [
      STORAGE_KEYS.sessionToken,
      STORAGE_KEYS.userName,
      STORAGE_KEYS.userEmail,
      STORAGE_KEYS.permissions,
      STORAGE_KEYS.completionReports,
      STORAGE_KEYS.completionReportsXt,
    ]) {
      localStorage.removeItem(key);
    }
    for (const key of Object.keys(localStorage)) {
      if (key.startsWith(CACHE_KEY_PREFIX)) localStorage.removeItem(key);
    }
  },
};

/** The router state of the login page when a page was asked for while signed out (a pasted link). */
export type LoginFrom = { from: string };

/** Kept per tab (sessionStorage): the page a tab was on when its session ended, to go back to after signing in. */
const RETURN_PATH_KEY = 'returnPath';
/** Beside it: the server's sentence saying why the session ended, when it ran out (idle, or its hours). */
const END_REASON_KEY = 'sessionEndReason';

/**
 * A page of the console, as a path under /admin/ with its search (a template and tab, a report's choice): what a
 * sign-in may lead back to. Anything else (another site, the login page itself) is not.
 */
export function consolePath(path: unknown): string | null {
  if (typeof path !== 'string' || !path.startsWith('/admin/') || /[\\\s]|\/\//.test(path)) return null;
  return path;
}

/**
 * Where a sign-in leads back to, for a tab whose session ended while it was open (a call answered 401, or Log out
 * in another tab): that tab's page, so an operator signing in again is where they were. A deliberate Log out in
 * this tab forgets it (the next sign-in starts at the dashboard).
 */
export const returnPath = {
  remember(path: string, reason?: string) {
    const page = consolePath(path);
    try {
      if (page) sessionStorage.setItem(RETURN_PATH_KEY, page);
      if (reason) sessionStorage.setItem(END_REASON_KEY, reason);
      else sessionStorage.removeItem(END_REASON_KEY);
    } catch {
      // storage unavailable: the sign-in leads to the dashboard
    }
  },
  /** Why the session ended, in the server's words, when it ran out; null when it was ended otherwise. */
  reason(): string | null {
    try {
      return sessionStorage.getItem(END_REASON_KEY);
    } catch {
      return null;
    }
  },
  /**
   * Where the login page leads back to: the page asked for while signed out (its router state), else the page this
   * tab was on when its session ended; null for neither (the dashboard).
   */
  peek(state?: unknown): string | null {
    const asked = consolePath((state as Partial<LoginFrom> | null)?.from);
    if (asked) return asked;
    try {
      return consolePath(sessionStorage.getItem(RETURN_PATH_KEY));
    } catch {
      return null;
    }
  },
  forget() {
    try {
      sessionStorage.removeItem(RETURN_PATH_KEY);
      sessionStorage.removeItem(END_REASON_KEY);
    } catch {
      // nothing kept
    }
  },
};

/** A cached report or campaign list (removed at logout). */
export const cache = {
  get<T>(name: string): T | undefined {
    const raw = localStorage.getItem(CACHE_KEY_PREFIX + name);
    if (!raw) return undefined;
    try {
      return JSON.parse(raw) as T;
    } catch {
      return undefined;
    }
  },
  set(name: string, value: unknown) {
    try {
      localStorage.setItem(CACHE_KEY_PREFIX + name, JSON.stringify(value));
    } catch {
      // storage full: the cache is only a convenience
    }
  },
};
