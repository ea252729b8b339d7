import { MENU, type Permission } from '@echeq/contract';
import { type ComponentType, Suspense } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { LoadingState } from '../components/loading-state';
import { ADMIN_ONLY_MESSAGE, PublicOnly, RequireAuth, RequirePermission } from './guards';
import { lazyPage } from './lazy-page';
import { RouteError } from './route-error';

const AppLayout = lazyPage(() => import('./layout/app-layout'), 'AppLayout');
const LoginPage = lazyPage(() => import('./routes/login-page'), 'LoginPage');
const RegisterPage = lazyPage(() => import('./routes/register-page'), 'RegisterPage');

type PageRoute = { path: string; Page: ComponentType; deniedMessage?: string };

/** The signed-in screens (specification §2); who may open each is the contract's menu permission. */
const PAGES: PageRoute[] = [
  { path: '/dashboard', Page: lazyPage(() => import('./routes/dashboard-page'), 'DashboardPage') },
  { path: '/custody', Page: lazyPage(() => import('./routes/custody-page'), 'CustodyPage') },
  { path: '/echeqs', Page: lazyPage(() => import('./routes/echeqs-page'), 'EcheqsPage') },
  { path: '/discounts', Page: lazyPage(() => import('./routes/discounts-page'), 'DiscountsPage') },
  { path: '/users', Page: lazyPage(() => import('./routes/users-page'), 'UsersPage') },
  { path: '/reports', Page: lazyPage(() => import('./routes/reports-page'), 'ReportsPage') },
  { path: '/audit', Page: lazyPage(() => import('./routes/audit-page'), 'AuditPage') },
  {
    path: '/admin',
    Page: lazyPage(() => import('./routes/admin-page'), 'AdminPage'),
    deniedMessage: ADMIN_ONLY_MESSAGE,
  },
  { path: '/settings', Page: lazyPage(() => import('./routes/settings-page'), 'SettingsPage') },
  { path: '/profile', Page: lazyPage(() => import('./routes/profile-page'), 'ProfilePage') },
];

function permissionFor(path: string): Permission | undefined {
  return MENU.find((entry) => entry.path === path)?.permission;
}

function publicPage(Page: ComponentType) {
  return (
    <PublicOnly>
      <Suspense fallback={<LoadingState fullPage />}>
        <Page />
      </Suspense>
    </PublicOnly>
  );
}

export const routes: RouteObject[] = [
  { path: '/login', element: publicPage(LoginPage), errorElement: <RouteError /> },
  { path: '/register', element: publicPage(RegisterPage), errorElement: <RouteError /> },
  {
    errorElement: <RouteError />,
    element: (
      <RequireAuth>
        <Suspense fallback={<LoadingState fullPage />}>
          <AppLayout />
        </Suspense>
      </RequireAuth>
    ),
    children: PAGES.map(({ path, Page, deniedMessage }) => ({
      path,
      errorElement: <RouteError />,
      element: (
        <RequirePermission permission={permissionFor(path)} deniedMessage={deniedMessage}>
          <Page />
        </RequirePermission>
      ),
    })),
  },
  { path: '/', element: <Navigate to="/dashboard" replace /> },
  { path: '*', element: <Navigate to="/dashboard" replace /> },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
