import { useAuth } from '../../features/auth/auth-context';
import { CustodyView } from '../../features/custody/custody-view';

/** 'Gestión de Custodia': deposit cheques in custody, see them and release them, as the signed-in role allows. */
export function CustodyPage() {
  const { user } = useAuth();
  return <CustodyView role={user?.role} />;
}
