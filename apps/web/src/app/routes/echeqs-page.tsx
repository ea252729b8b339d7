import { can, scopeKindOf } from '@echeq/contract';
import { useQuery } from '@tanstack/react-query';
import { accountClientsQuery } from '../../features/accounts/api';
import { useAuth } from '../../features/auth/auth-context';
import { useCoelsaConfigCheck } from '../../features/clearing/api';
import { ClearingConfigAlert } from '../../features/clearing/clearing-config-alert';
import { isClearingUsable } from '../../features/clearing/clearing-state';
import { SimulateReceived } from '../../features/clearing/simulate-received';
import { EcheqsView } from '../../features/echeqs/echeqs-view';

/**
 * 'Gestión de ECHEQs': the clearing-house configuration check on top; creating and editing cheques depend on the
 * bank's clearing house being usable. An administrator whose clearing is on the sandbox may simulate a cheque
 * received from a company outside the platform (for one of the client companies).
 */
export function EcheqsPage() {
  const { user } = useAuth();
  const check = useCoelsaConfigCheck();
  const simulates = Boolean(user && can(user.role, 'echeqs:simulate') && check.data?.config.isSandbox);
  const clients = useQuery({ ...accountClientsQuery(), enabled: simulates });
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
      configCheck={
        <>
          <ClearingConfigAlert />
          {simulates && clients.data ? <SimulateReceived companies={clients.data} /> : null}
        </>
      }
    />
  );
}
