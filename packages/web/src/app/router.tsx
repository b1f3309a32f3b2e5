import { HOME_PATH, LOGIN_PATH, SCREENS } from '@psps/contracts';
import { createBrowserRouter, Navigate } from 'react-router';
import { LoginPage } from '../features/auth/components/login-page.tsx';
import { RequirePermission, RequireSession } from './guards.tsx';
import { SCREEN_PAGES } from './screens.tsx';
import { AdminLayout } from './shell/admin-layout.tsx';
import { AuthLayout } from './shell/auth-layout.tsx';

/** Routes of document 1 §2: /auth (login layout), /admin (main layout), anything else to /admin/dashboard. */
export const router = createBrowserRouter([
  {
    path: '/auth',
    element: <AuthLayout />,
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
    children: [
      { index: true, element: <Navigate to={HOME_PATH} replace /> },
      ...SCREENS.filter((s) => s.path.startsWith('/admin/')).map((s) => {
        const Page = SCREEN_PAGES[s.key] ?? (() => null);
        return {
          path: s.path.slice('/admin/'.length),
          element: (
            <RequirePermission permission={s.permission}>
              <Page />
            </RequirePermission>
          ),
        };
      }),
    ],
  },
  { path: '*', element: <Navigate to={HOME_PATH} replace /> },
]);
