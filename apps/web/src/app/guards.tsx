import type { Permission } from '@echeq/contract';
import { can } from '@echeq/contract';
import Alert from '@mui/material/Alert';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { LoadingState } from '../components/loading-state';
import { useAuth } from '../features/auth/auth-context';

const ACCESS_DENIED_MESSAGE = 'Acceso denegado. No tiene permisos para acceder a esta página.';
export const ADMIN_ONLY_MESSAGE = 'Acceso denegado. Solo administradores del sistema pueden acceder a esta página.';

/** 'Cargando...' while the session loads, /login when there is none, the page otherwise. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <LoadingState fullPage />;
  if (status === 'anonymous') return <Navigate to="/login" replace state={{ from: location.pathname }} />;
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
