import { LOGIN_PATH, type Permission } from '@psps/contracts';
import { type ReactNode, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { Navigate } from 'react-router';
import { sessionEnded } from '../lib/api.ts';
import { useHasPermission } from '../lib/permissions.tsx';
import { session } from '../lib/storage.ts';

/**
 * Every screen redirects to the login page when no session token is stored (or it is the text 'null'), also when
 * another tab removes it while this one is open: the screen is taken away at once (no half signed-in shell while
 * the page loads) and the login page says the session has ended, as when a call of this tab is refused.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const [endedElsewhere, setEndedElsewhere] = useState(false);
  useEffect(
    () =>
      session.onSignedOutElsewhere(() => {
        // At once, before the other tab's next removals (the permissions) re-route the screens underneath.
        flushSync(() => setEndedElsewhere(true));
        sessionEnded();
      }),
    [],
  );
  if (endedElsewhere) return null;
  return session.token() ? children : <Navigate to={LOGIN_PATH} replace />;
}

/** A route whose permission is not held is blocked: it leads back to the dashboard. */
export function RequirePermission({
  permission,
  children,
}: {
  permission: Permission | null;
  children: ReactNode;
}) {
  return useHasPermission(permission) ? children : <Navigate to="/admin/dashboard" replace />;
}
