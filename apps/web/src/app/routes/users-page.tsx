import { useAuth } from '../../features/auth/auth-context';
import { UsersView } from '../../features/users/users-view';

/** 'Gestión de Usuarios': the users the signed-in role may see, managed as its permissions allow. */
export function UsersPage() {
  const { user } = useAuth();
  if (!user) return null;
  return <UsersView actor={{ id: user.id, role: user.role }} />;
}
