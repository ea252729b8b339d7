import { PageHeader } from '../../components/page-header';

/** 'Gestión de Usuarios': placeholder until its feature lands (src/features/ + this page). */
export function UsersPage() {
  return <PageHeader title="Gestión de Usuarios" />;
}
