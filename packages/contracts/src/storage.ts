/** Browser storage keys of document 1 §3. */
export const STORAGE_KEYS = {
  sessionToken: 'sessionToken',
  userName: 'userName',
  permissions: 'permissions',
  completionReports: 'completionReports',
  completionReportsXt: 'completionReports_xt',
  environment: 'environment',
  /** Added: the signed-in user's e-mail address; local drafts belong to it. */
  userEmail: 'userEmail',
  /**
   * Added: the e-mail address of the last sign-in on this browser, kept when the session ends (Log out, or a call
   * answered 401) so the login page offers it again. Never the password.
   */
  lastLoginEmail: 'lastLoginEmail',
} as const;

/** Prefix of cached report and campaign lists; logout removes every key with it. */
export const CACHE_KEY_PREFIX = 'cache:';
