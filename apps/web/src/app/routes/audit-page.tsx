import { menuFor } from '@echeq/contract';
import { AuditView } from '../../features/audit/audit-view';
import { useAuth } from '../../features/auth/auth-context';

/** 'Auditoría': the audit trail of every bank (system admin) or of the user's own bank (bank admin, auditor). */
export function AuditPage() {
  const { user } = useAuth();
  const scope =
    user?.role === 'SYSTEM_ADMIN' ? 'Todas las entidades' : `Registros de ${user?.tenant_nombre ?? 'su entidad'}`;
  const screens = new Set((user ? menuFor(user.role) : []).map((e) => e.path));
  // A record's link leads to a screen of the user's menu only.
  const reachable = (href: string) => screens.has(href.split('?')[0] ?? href);
  return <AuditView scopeLabel={scope} reachable={reachable} />;
}
