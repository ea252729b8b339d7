import { scopeKindOf } from '@echeq/contract';
import { useAuth } from '../../features/auth/auth-context';
import { useCoelsaConfigCheck } from '../../features/clearing/api';
import { ClearingConfigAlert } from '../../features/clearing/clearing-config-alert';
import { isClearingUsable } from '../../features/clearing/clearing-state';
import { EcheqsView } from '../../features/echeqs/echeqs-view';

/**
 * 'Gestión de ECHEQs': the clearing-house configuration check on top; creating and editing cheques depend on the
 * bank's clearing house being usable.
 */
export function EcheqsPage() {
  const { user } = useAuth();
  const check = useCoelsaConfigCheck();
  return (
    <EcheqsView
      ownCompany={
        user && scopeKindOf(user.role) === 'company' && user.company_name
          ? { name: user.company_name, cuit: user.cuit }
          : null
      }
      role={user?.role}
      confirmed={user?.confirmed ?? true}
      clearingReady={check.data ? isClearingUsable(check.data) : null}
      configCheck={<ClearingConfigAlert />}
    />
  );
}
