import { useAuth } from '../../features/auth/auth-context';
import { EcheqsView } from '../../features/echeqs/echeqs-view';

/**
 * 'Gestión de ECHEQs'. The clearing-house configuration check widget (the clearing feature's) goes in `configCheck`
 * once that feature exports it.
 */
export function EcheqsPage() {
  const { user } = useAuth();
  return <EcheqsView role={user?.role} />;
}
