import { MENU, type Permission } from '@echeq/contract';
import type { QueryClient } from '@tanstack/react-query';
import { type ComponentType, Suspense } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { LoadingState } from '../components/loading-state';
import { readToken } from '../lib/session-storage';
import { prefetchDashboard } from './dashboard-data';
import { ADMIN_ONLY_MESSAGE, PublicOnly, RequireAuth, RequirePermission, RequireRestriction } from './guards';
import { type LazyPage, lazyPage } from './lazy-page';
import { RouteError } from './route-error';

const AppLayout = lazyPage(() => import('./layout/app-layout'), 'AppLayout');
const LoginPage = lazyPage(() => import('./routes/login-page'), 'LoginPage');
const RegisterPage = lazyPage(() => import('./routes/register-page'), 'RegisterPage');
const ChangePasswordPage = lazyPage(() => import('./routes/change-password-page'), 'ChangePasswordPage');
const PendingRegistrationPage = lazyPage(() => import('./routes/registration-pending-page'), 'RegistrationPendingPage');

/** Where `/`, unknown paths and a signed-in visit to /login go. */
const DEFAULT_PAGE = '/dashboard';

type PageRoute = {
  path: string;
  Page: LazyPage;
  deniedMessage?: string;
  /** Asks for the page's data when the app starts on it (resolves when it has answered). */
  prefetch?: (queryClient: QueryClient) => Promise<void>;
};

/** The signed-in screens (specification §2); who may open each is the contract's menu permission. */
const PAGES: PageRoute[] = [
  {
    path: '/dashboard',
    Page: lazyPage(() => import('./routes/dashboard-page'), 'DashboardPage'),
    prefetch: prefetchDashboard,
  },
  { path: '/custody', Page: lazyPage(() => import('./routes/custody-page'), 'CustodyPage') },
  { path: '/echeqs', Page: lazyPage(() => import('./routes/echeqs-page'), 'EcheqsPage') },
  { path: '/presented', Page: lazyPage(() => import('./routes/presented-page'), 'PresentedPage') },
  { path: '/accounts', Page: lazyPage(() => import('./routes/accounts-page'), 'AccountsPage') },
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
    path: '/change-password',
    element: (
      <RequireRestriction kinds={['PASSWORD_CHANGE']}>
        <Suspense fallback={<LoadingState fullPage />}>
          <ChangePasswordPage />
        </Suspense>
      </RequireRestriction>
    ),
    errorElement: <RouteError />,
  },
  {
    path: '/registration-pending',
    element: (
      <RequireRestriction kinds={['PENDING_APPROVAL', 'REJECTED']}>
        <Suspense fallback={<LoadingState fullPage />}>
          <PendingRegistrationPage />
        </Suspense>
      </RequireRestriction>
    ),
    errorElement: <RouteError />,
  },
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
  { path: '/', element: <Navigate to={DEFAULT_PAGE} replace /> },
  { path: '*', element: <Navigate to={DEFAULT_PAGE} replace /> },
];

/**
 * Starts downloading the code of the screen that `pathname` will show (the sign-in page without a session; the
 * signed-in layout and the page with one), and with a session the page's data, so they travel with the app's own
 * code rather than after it. Resolves when the code is here and the data has answered; never
 * rejects: a failed download is tried again, and reported, when the page renders.
 */
export function preloadRoute(pathname: string, queryClient: QueryClient): Promise<void> {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const pending: Promise<unknown>[] = [];
  if (!readToken()) pending.push((path === '/register' ? RegisterPage : LoginPage).preload());
  else if (path === '/change-password') pending.push(ChangePasswordPage.preload());
  else if (path === '/registration-pending') pending.push(PendingRegistrationPage.preload());
  else {
    const page = PAGES.find((p) => p.path === path) ?? PAGES.find((p) => p.path === DEFAULT_PAGE);
    pending.push(AppLayout.preload());
    if (page) pending.push(page.Page.preload());
    if (page?.prefetch) pending.push(page.prefetch(queryClient));
  }
  return Promise.all(pending).then(
    () => undefined,
    () => undefined,
  );
}

export function createAppRouter() {
  return createBrowserRouter(routes);
}
