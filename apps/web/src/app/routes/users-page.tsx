import { useSearchParams } from 'react-router';
import { useAuth } from '../../features/auth/auth-context';
import { UsersView } from '../../features/users/users-view';

/** 'Gestión de Usuarios': the users the signed-in role may see, managed as its permissions allow. */
export function UsersPage() {
  const { user } = useAuth();
  const search = useSearchParams()[0].get('search') ?? '';
  if (!user) return null;
  return <UsersView key={search} actor={{ id: user.id, role: user.role }} initialSearch={search} />;
}
