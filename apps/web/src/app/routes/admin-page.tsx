import { PageHeader } from '../../components/page-header';

/** 'Panel de Administración ECHEQ': placeholder until its feature lands (src/features/ + this page). */
export function AdminPage() {
  return <PageHeader title="Panel de Administración ECHEQ" />;
}
