import type { Permission } from '@psps/contracts';
import type { ReactNode } from 'react';
import { session } from './storage.ts';

export function hasPermission(permission: Permission | null): boolean {
  return permission === null || session.permissions().includes(permission);
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
  return <>{hasPermission(permission) ? children : otherwise}</>;
}
