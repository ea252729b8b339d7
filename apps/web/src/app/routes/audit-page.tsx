import { AuditView } from '../../features/audit/audit-view';
import { useAuth } from '../../features/auth/auth-context';

/** 'Auditoría': the audit trail of every bank (system admin) or of the user's own bank (bank admin, auditor). */
export function AuditPage() {
  const { user } = useAuth();
  const scope =
    user?.role === 'SYSTEM_ADMIN' ? 'Todas las entidades' : `Registros de ${user?.tenant_nombre ?? 'su entidad'}`;
  return <AuditView scopeLabel={scope} />;
}
