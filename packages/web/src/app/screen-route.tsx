import type { Screen } from '@psps/contracts';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { RequirePermission } from './guards.tsx';
import { RouteError } from './shell/route-error.tsx';
import { ScreenSuspense } from './shell/screen-loading.tsx';

/**
 * The route of a screen under /admin: blocked without its permission, the loading status while its code is
 * fetched, and in place of the screen (the shell staying) a message with Reload when that code cannot be fetched.
 */
export function screenRoute(screen: Screen, Page: ComponentType): RouteObject {
  return {
    path: screen.path.slice('/admin/'.length),
    element: (
      <RequirePermission screen={screen}>
        {/* Keyed: a new screen shows the loading status rather than the last screen until its code comes. */}
        <ScreenSuspense key={screen.key}>
          <Page />
        </ScreenSuspense>
      </RequirePermission>
    ),
    errorElement: <RouteError />,
  };
}
