import { PageHeader } from '../../components/page-header';

/** 'Gestión de Custodia': placeholder until its feature lands (src/features/ + this page). */
export function CustodyPage() {
  return <PageHeader title="Gestión de Custodia" />;
}
