import type { AccountRestriction, Permission } from '@echeq/contract';
import { can, restrictionOf } from '@echeq/contract';
import Alert from '@mui/material/Alert';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { LoadingState } from '../components/loading-state';
import { useAuth } from '../features/auth/auth-context';

const ACCESS_DENIED_MESSAGE = 'Acceso denegado. No tiene permisos para acceder a esta página.';
export const ADMIN_ONLY_MESSAGE = 'Acceso denegado. Solo administradores del sistema pueden acceder a esta página.';

/** The one page a restricted session sees (the server refuses it everything else). */
const RESTRICTED_PAGE: Record<AccountRestriction, string> = {
  PASSWORD_CHANGE: '/change-password',
  PENDING_APPROVAL: '/registration-pending',
  REJECTED: '/registration-pending',
};

/**
 * 'Cargando...' while the session loads, /login when there is none, the page of its restriction when the session
 * may not do anything yet (a temporary password, a registration the bank has not approved), the page otherwise.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status, user } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <LoadingState fullPage />;
  if (status === 'anonymous') return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  const restriction = user ? restrictionOf(user) : null;
  if (restriction) return <Navigate to={RESTRICTED_PAGE[restriction]} replace />;
  return children;
}

/** A restricted session's page: only for sessions under one of `kinds`; any other goes where it belongs. */
export function RequireRestriction({ kinds, children }: { kinds: AccountRestriction[]; children: ReactNode }) {
  const { status, user } = useAuth();
  if (status === 'loading') return <LoadingState fullPage />;
  if (status === 'anonymous' || !user) return <Navigate to="/login" replace />;
  const restriction = restrictionOf(user);
  if (!restriction) return <Navigate to="/dashboard" replace />;
  if (!kinds.includes(restriction)) return <Navigate to={RESTRICTED_PAGE[restriction]} replace />;
  return children;
}

/** Sign-in and registration: an authenticated user goes to /dashboard. */
export function PublicOnly({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  if (status === 'loading') return <LoadingState fullPage />;
  if (status === 'authenticated') return <Navigate to="/dashboard" replace />;
  return children;
}

function AccessDenied({ message = ACCESS_DENIED_MESSAGE }: { message?: string }) {
  return (
    <Alert severity="error" role="alert" sx={{ mt: 1 }}>
      {message}
    </Alert>
  );
}

/** Shows the page only to roles with `permission` (the contract's map, the same one the server enforces). */
export function RequirePermission({
  permission,
  deniedMessage,
  children,
}: {
  permission?: Permission;
  deniedMessage?: string;
  children: ReactNode;
}) {
  const { user } = useAuth();
  if (!permission) return children;
  if (!user || !can(user.role, permission)) return <AccessDenied message={deniedMessage} />;
  return children;
}
