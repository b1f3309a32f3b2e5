import { type Permission, type PermissionsAnswer, permissionsAnswer } from '@psps/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useSyncExternalStore } from 'react';
import { ApiError, apiCall, sessionEnded } from './api.ts';
import { session } from './storage.ts';

export function hasPermission(permission: Permission | null): boolean {
  return permission === null || session.permissions().includes(permission);
}

/** For a component that reads permissions: it shows again when the stored permissions change. */
export function useStoredPermissions(): void {
  useSyncExternalStore(session.onPermissionsChanged, session.permissionsText);
}

/** hasPermission, for a component (see useStoredPermissions). */
export function useHasPermission(permission: Permission | null): boolean {
  useStoredPermissions();
  return hasPermission(permission);
}

const NOT_A_TOKEN: PermissionsAnswer = [[{ LOGIN_VALID: 0 }]];

/** How often a signed-in console asks the server for the user's permissions (document 1 §6, §7). */
export const PERMISSIONS_REFRESH_MS = 60_000;

/**
 * Keeps the stored permissions as the server has them: asked at once, every minute, when the window comes back
 * into focus, and after any call refused with 403. A permission granted or withdrawn while signed in then shows in
 * the menu and the routes without signing in again. A token the server no longer knows ends the session.
 */
export function useRefreshPermissions() {
  const client = useQueryClient();
  const token = session.token();
  const { data } = useQuery({
    queryKey: ['session-permissions', token],
    // The token stored when the call goes out, the one its bearer header carries: the server answers only about
    // the caller's own session (another session's token, such as the one a newer sign-in in another tab replaced,
    // is answered as not valid).
    queryFn: async () => {
      const sent = session.token();
      try {
        const answer = await apiCall(permissionsAnswer, `/api/${encodeURIComponent(sent ?? '')}`);
        return { sent, answer };
      } catch (err) {
        // The server answers only a token's shape at this address: 404 says the stored text is no token at all
        // (storage edited or damaged), which no sign-in ever gave. Not signed in, as a token the server does not know.
        if (err instanceof ApiError && err.status === 404) return { sent, answer: NOT_A_TOKEN };
        throw err;
      }
    },
    enabled: token !== null,
    refetchInterval: PERMISSIONS_REFRESH_MS,
    refetchOnWindowFocus: true,
    staleTime: 0,
  });
  useEffect(
    () =>
      session.onPermissionsDoubted(() => {
        client.invalidateQueries({ queryKey: ['session-permissions'] });
      }),
    [client],
  );
  useEffect(() => {
    if (data === undefined) return;
    // An answer about a token no longer stored (another tab signed in or out meanwhile) says nothing of this one.
    if (data.sent !== session.token()) return;
    const { answer } = data;
    if (answer[0][0].LOGIN_VALID !== 1 || answer.length !== 2) {
      sessionEnded();
      return;
    }
    session.setPermissions(answer[1].map((row) => row.PERMISSION_NAME));
  }, [data]);
}

/** Content wrapped in a permission check shows only when it is granted, and otherwise a blank (document 1 §6). */
export function Can({
  permission,
  children,
  otherwise = null,
}: {
  permission: Permission;
  children: ReactNode;
  otherwise?: ReactNode;
}) {
  return <>{useHasPermission(permission) ? children : otherwise}</>;
}
