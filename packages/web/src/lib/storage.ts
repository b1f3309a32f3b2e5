import { CACHE_KEY_PREFIX, type Permission, STORAGE_KEYS } from '@psps/contracts';

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
  store(token: string, userName: string, permissions: string[]) {
    localStorage.setItem(STORAGE_KEYS.sessionToken, token);
    localStorage.setItem(STORAGE_KEYS.userName, userName);
    localStorage.setItem(STORAGE_KEYS.permissions, JSON.stringify(permissions));
  },
  /** Logout: token, user name, permissions and every cached report and campaign list. */
  clear() {
    for (const key of [
      STORAGE_KEYS.sessionToken,
      STORAGE_KEYS.userName,
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
