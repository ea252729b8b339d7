import { canAct, scopeKindOf } from '@echeq/contract';
import { BankAccountsView } from '../../features/accounts/bank-accounts-view';
import { CompanyAccountsView } from '../../features/accounts/company-accounts-view';
import { useAuth } from '../../features/auth/auth-context';

/** 'Cuentas y chequeras': a company's own accounts, or a bank's clients' (the system admin sees every bank's). */
export function AccountsPage() {
  const { user } = useAuth();
  if (!user) return null;
  const actor = { role: user.role, confirmed: user.confirmed ?? true };
  return scopeKindOf(user.role) === 'company' ? (
    <CompanyAccountsView canRequest={canAct(actor, 'chequebooks:request')} />
  ) : (
    <BankAccountsView canManage={canAct(actor, 'accounts:manage')} />
  );
}
