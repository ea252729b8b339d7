import { useAuth } from '../../features/auth/auth-context';
import { useCoelsaConfigCheck } from '../../features/clearing/api';
import { isClearingUsable } from '../../features/clearing/clearing-state';
import { CustodyView } from '../../features/custody/custody-view';

/** 'Gestión de Custodia': deposit cheques in custody, see them and release them, as the signed-in role allows. */
export function CustodyPage() {
  const { user } = useAuth();
  const check = useCoelsaConfigCheck();
  return (
    <CustodyView
      role={user?.role}
      confirmed={user?.confirmed ?? true}
      clearingReady={check.data ? isClearingUsable(check.data) : null}
    />
  );
}
