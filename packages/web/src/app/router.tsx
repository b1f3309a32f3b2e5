import { HOME_PATH, LOGIN_PATH, SCREENS } from '@psps/contracts';
import { createBrowserRouter, Navigate } from 'react-router';
import { LoginPage } from '@/features/auth/components/login-page.tsx';
import { RequireSession } from './guards.tsx';
import { screenRoute } from './screen-route.tsx';
import { SCREEN_PAGES } from './screens.tsx';
import { AdminLayout } from './shell/admin-layout.tsx';
import { AuthLayout } from './shell/auth-layout.tsx';
import { PageError } from './shell/route-error.tsx';

/**
 * Routes of document 1 §2: /auth (login layout), /admin (main layout), anything else to /admin/dashboard. The login
 * page and the shell come with the first file; each screen's page is fetched when first shown (screens.tsx), under
 * the shell's loading status, and a screen that fails (its file gone after a deploy) shows an error with Reload.
 */
export const router = createBrowserRouter([
  {
    path: '/auth',
    element: <AuthLayout />,
    errorElement: <PageError />,
    children: [
      { path: 'login-page', element: <LoginPage /> },
      { index: true, element: <Navigate to={LOGIN_PATH} replace /> },
    ],
  },
  {
    path: '/admin',
    element: (
      <RequireSession>
        <AdminLayout />
      </RequireSession>
    ),
    errorElement: <PageError />,
    children: [
      { index: true, element: <Navigate to={HOME_PATH} replace /> },
      ...SCREENS.filter((s) => s.path.startsWith('/admin/')).map((s) =>
        screenRoute(s, SCREEN_PAGES[s.key] ?? (() => null)),
      ),
    ],
  },
  { path: '*', element: <Navigate to={HOME_PATH} replace /> },
]);
