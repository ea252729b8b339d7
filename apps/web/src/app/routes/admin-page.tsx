import { AdminView } from '../../features/tenants/admin-view';

/** 'Panel de Administración ECHEQ': system administrators only (the router's guard refuses the others). */
export function AdminPage() {
  return <AdminView />;
}
