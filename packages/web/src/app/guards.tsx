import { LOGIN_PATH, type Permission } from '@psps/contracts';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useHasPermission } from '../lib/permissions.tsx';
import { session } from '../lib/storage.ts';

/** Every screen redirects to the login page when no session token is stored (or it is the text 'null'). */
export function RequireSession({ children }: { children: ReactNode }) {
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
